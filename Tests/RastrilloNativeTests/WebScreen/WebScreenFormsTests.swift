import RastrilloNative
import Testing

/// Forms, redirects and sign-in in web screens, as a Rastrillo app answers them: POST → 303 →
/// GET on success, a 400/422 re-render on a validation error, 403 for a signed-out POST, and
/// `303 /signin?return_to=…` for a signed-out GET (the notes example's manifest).
struct WebScreenFormsTests {
    static let origin = NotesManifest.origin
    static func url(_ path: String) -> String { origin + path }
    static func web(_ destination: String, _ id: Int? = nil) -> LinkDecision {
        .web(LinkMatch(destination: destination, params: id.map { ["id": .int(Int64($0))] } ?? [:]))
    }

    static func navigation() throws -> WebScreenNavigation {
        WebScreenNavigation(router: LinkRouter(manifest: try NotesManifest.load()))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let url: String
        let kind: WebScreenNavigation.Kind
        let current: String
        let submission: WebFormSubmission?
        let role: WebScreenNavigation.Role
        let action: WebScreenNavigation.Action
        let note: String
        var testDescription: String { note }
    }

    static func submitted(_ action: String, on page: String) -> WebFormSubmission {
        WebFormSubmission(action: url(action), page: url(page))
    }

    static let signIn = url("/signin?return_to=%2Fbookmarks%2F3%3Fx%3D1")
    static let rows: [Row] = [
        Row(
            url: url("/bookmarks/9"), kind: .redirect, current: url("/bookmarks"),
            submission: submitted("/bookmarks", on: "/bookmarks/new"), role: .content,
            action: .submitted(web("bookmark", 9)), note: "a created bookmark's 303 leaves the form's screen"),
        Row(
            url: url("/bookmarks/3"), kind: .redirect, current: url("/bookmarks/3"),
            submission: submitted("/bookmarks/3/publish", on: "/bookmarks/3"), role: .content,
            action: .load, note: "publish on the bookmark's page lands on that page: in place"),
        Row(
            url: url("/bookmarks/3#top"), kind: .redirect, current: url("/bookmarks/3/publish"),
            submission: submitted("/bookmarks/3/publish", on: "/bookmarks/3"), role: .content,
            action: .submitted(web("bookmark", 3)), note: "the current URL is the POST's: landing is compared to it"),
        Row(
            url: url("/"), kind: .redirect, current: url("/signout"),
            submission: submitted("/signout", on: "/bookmarks"), role: .content,
            action: .signedOut, note: "the sign-out form's 303 returns to the start"),
        Row(
            url: signIn, kind: .redirect, current: url("/bookmarks"), submission: nil, role: .content,
            action: .signIn(web("signIn")), note: "a signed-out GET's 303 to sign-in shows sign-in above"),
        Row(
            url: url("/signin"), kind: .link, current: url("/bookmarks"), submission: nil, role: .content,
            action: .signIn(web("signIn")), note: "a link to sign-in shows sign-in above too"),
        Row(
            url: url("/signin"), kind: .formSubmission, current: signIn, submission: nil, role: .signIn,
            action: .load, note: "the sign-in form posts in place"),
        Row(
            url: url("/bookmarks/3?x=1"), kind: .redirect, current: url("/signin"),
            submission: submitted("/signin", on: "/signin?return_to=%2Fbookmarks%2F3%3Fx%3D1"), role: .signIn,
            action: .signInEnded(web("bookmark", 3)), note: "signed in: the sign-in screen is done"),
        Row(
            url: url("/"), kind: .redirect, current: url("/signin"),
            submission: submitted("/signin", on: "/signin"), role: .signIn,
            action: .signInEnded(web("home")), note: "a sign-in that lands on a fixed page ends sign-in too"),
        Row(
            url: "https://keymail.example/oauth/authorize", kind: .redirect, current: url("/signin"),
            submission: submitted("/signin", on: "/signin"), role: .signIn,
            action: .leave(.refused(.redirectNotInternal)), note: "a sign-in redirected off the origins is refused"),
        Row(
            url: url("/signup"), kind: .link, current: signIn, submission: nil, role: .signIn,
            action: .load, note: "sign-up belongs to sign-in: in place"),
        Row(
            url: url("/bookmarks"), kind: .link, current: signIn, submission: nil, role: .signIn,
            action: .signInEnded(web("bookmarks")), note: "a link to a destination leaves sign-in"),
        Row(
            url: "https://elsewhere.example/", kind: .link, current: signIn, submission: nil, role: .signIn,
            action: .leave(.inAppBrowser(nil)), note: "a foreign link from sign-in leaves the app as ever"),
        Row(
            url: "https://elsewhere.example/", kind: .redirect, current: url("/bookmarks"),
            submission: submitted("/bookmarks", on: "/bookmarks/new"), role: .content,
            action: .leave(.refused(.redirectNotInternal)), note: "a form redirected off the app is refused"),
        Row(
            url: url("/bookmarks?q=rust"), kind: .formSubmission, current: url("/bookmarks"), submission: nil,
            role: .content, action: .load, note: "the search form (GET) loads in place"),
    ]

    @Test(arguments: rows)
    func decides(_ row: Row) throws {
        let action = try Self.navigation().decide(
            url: row.url, kind: row.kind, current: row.current, submission: row.submission, role: row.role)
        #expect(action == row.action)
    }

    @Test func aLandingPopsBackToTheNearestScreenShowingItOrReplacesTheForm() throws {
        let navigation = try Self.navigation()
        let stack = [Self.url("/bookmarks?page=2"), Self.url("/bookmarks/3"), Self.url("/bookmarks/3/edit")]
        #expect(
            navigation.landing(of: Self.web("bookmark", 3), url: Self.url("/bookmarks/3"), below: stack)
                == .popBack(to: 1))
        #expect(
            navigation.landing(of: Self.web("bookmarks"), url: Self.url("/bookmarks"), below: stack) == .popBack(to: 0))
        #expect(
            navigation.landing(of: Self.web("bookmark", 9), url: Self.url("/bookmarks/9"), below: stack) == .replace)
        #expect(navigation.landing(of: .web(nil), url: Self.url("/jobs/1"), below: stack) == .replace)
        #expect(
            navigation.landing(of: .web(nil), url: Self.url("/jobs/1"), below: [Self.url("/jobs/1#x")])
                == .popBack(to: 0))
    }
}

/// The state machine after a form submission and while waiting for sign-in.
struct WebScreenFormStateTests {
    static let form = NotesManifest.origin + "/bookmarks/3/edit"
    static let action = NotesManifest.origin + "/bookmarks/3/edit-basics"

    /// A machine showing the edit form, its submission started.
    static func submitting() -> WebScreenStateMachine {
        var machine = WebScreenStateMachine(url: form)
        machine.handle(.attached)
        machine.handle(.started(WebNavigationID(1), url: form))
        machine.handle(.committed(WebNavigationID(1), url: form))
        machine.handle(.finished(WebNavigationID(1)))
        machine.handle(.formSubmitted(WebFormSubmission(action: action, page: form)))
        machine.handle(.started(WebNavigationID(2), url: action))
        return machine
    }

    @Test(arguments: [400, 422, 429])
    func aReRenderOfTheFormStays(_ status: Int) {
        var machine = Self.submitting()
        #expect(machine.submission == WebFormSubmission(action: Self.action, page: Self.form))
        machine.handle(.httpStatus(status))
        machine.handle(.committed(WebNavigationID(2), url: Self.action))
        machine.handle(.finished(WebNavigationID(2)))
        #expect(machine.display == .content(progress: nil))
        #expect(machine.url == Self.action)
    }

    @Test func aRefusedSubmissionIsATypedFailureWhoseRetryLoadsTheFormsPage() {
        var machine = Self.submitting()
        machine.handle(.httpStatus(403))
        machine.handle(.committed(WebNavigationID(2), url: Self.action))
        machine.handle(.finished(WebNavigationID(2)))
        #expect(machine.display == .failed(.forbidden))
        #expect(machine.handle(.reloadRequested) == [.load(Self.form)])
    }

    @Test func afterARedirectAnErrorIsThePagesOwn() {
        var machine = Self.submitting()
        machine.handle(.redirected(NotesManifest.origin + "/bookmarks/3"))
        machine.handle(.httpStatus(422))
        machine.handle(.committed(WebNavigationID(2), url: NotesManifest.origin + "/bookmarks/3"))
        #expect(machine.display == .failed(.httpStatus(422)))
    }

    @Test func anErrorOfAnOrdinaryPageIsStillAFailure() {
        var machine = WebScreenStateMachine(url: Self.form)
        machine.handle(.attached)
        machine.handle(.started(WebNavigationID(1), url: Self.form))
        machine.handle(.httpStatus(422))
        machine.handle(.committed(WebNavigationID(1), url: Self.form))
        #expect(machine.display == .failed(.httpStatus(422)))
    }

    @Test func aFirstLoadSentToSignInWaitsThenLoadsWhereItWasGoing() {
        let list = NotesManifest.origin + "/bookmarks?page=2"
        let signIn = NotesManifest.origin + "/signin?return_to=%2Fbookmarks%3Fpage%3D2"
        var machine = WebScreenStateMachine(url: list)
        machine.handle(.attached)
        machine.handle(.started(WebNavigationID(1), url: list))
        machine.handle(.signInRequired(signIn))
        #expect(machine.display == .signInRequired)
        #expect(machine.signInWait == WebSignInWait(signIn: signIn, resume: list))
        // WebKit reports the cancelled navigation: it is no longer the screen's.
        machine.handle(.failed(WebNavigationID(1), .cancelled))
        #expect(machine.display == .signInRequired)
        #expect(machine.handle(.signInCompleted) == [.load(list)])
        #expect(machine.signInWait == nil)
        #expect(machine.display == .loading(progress: 0))
        #expect(machine.handle(.signInCompleted) == [])
    }

    @Test func aPageSentToSignInKeepsWhatItShowsAndRetryAsksAgain() {
        var machine = WebScreenStateMachine(url: Self.form)
        machine.handle(.attached)
        machine.handle(.started(WebNavigationID(1), url: Self.form))
        machine.handle(.committed(WebNavigationID(1), url: Self.form))
        machine.handle(.finished(WebNavigationID(1)))
        let next = NotesManifest.origin + "/bookmarks/3"
        machine.handle(.started(WebNavigationID(2), url: next))
        machine.handle(.signInRequired(NotesManifest.origin + "/signin?return_to=%2Fbookmarks%2F3"))
        #expect(machine.display == .content(progress: nil))
        #expect(machine.handle(.reloadRequested) == [.load(next)])
    }
}

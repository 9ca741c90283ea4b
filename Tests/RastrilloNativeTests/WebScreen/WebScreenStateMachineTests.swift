import RastrilloNative
import Testing

/// Every transition of the web screen's state machine, from named starting states, including
/// stale (superseded navigation) and out-of-order events.
struct WebScreenStateMachineTests {
    static let pageA = "https://app.example.com/releases/1.4.0"
    static let pageB = "https://app.example.com/releases/1.5.0"

    static func id(_ value: UInt64) -> WebNavigationID { WebNavigationID(value) }

    /// Starting states, each reached by real events from a fresh machine.
    enum Start: String, CaseIterable, Sendable {
        case fresh, attached, loadingFirst, committedFirst, content, reloading, failedOffline, crashedOnce
        case failedAfterForm, detached

        var events: [WebScreenEvent] {
            let a = WebScreenStateMachineTests.pageA
            let b = WebScreenStateMachineTests.pageB
            let one = WebNavigationID(1)
            switch self {
            case .fresh: return []
            case .attached: return [.attached]
            case .loadingFirst: return [.attached, .started(one, url: a)]
            case .committedFirst: return [.attached, .started(one, url: a), .committed(one, url: a)]
            case .content: return Start.committedFirst.events + [.finished(one)]
            case .reloading: return Start.content.events + [.reloadRequested, .started(WebNavigationID(2), url: a)]
            case .failedOffline: return Start.loadingFirst.events + [.failed(one, .offline)]
            case .crashedOnce: return Start.content.events + [.processTerminated]
            case .failedAfterForm:
                return Start.content.events + [
                    .started(WebNavigationID(2), url: b), .failed(WebNavigationID(2), .timeout),
                ]
            case .detached: return Start.reloading.events + [.detached]
            }
        }

        var machine: WebScreenStateMachine {
            var machine = WebScreenStateMachine(url: WebScreenStateMachineTests.pageA)
            for event in events { machine.handle(event) }
            return machine
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let start: Start
        let events: [WebScreenEvent]
        let display: WebScreenDisplay
        let effects: [WebScreenEffect]
        let note: String

        init(
            _ start: Start, _ events: [WebScreenEvent], _ display: WebScreenDisplay, _ effects: [WebScreenEffect] = [],
            _ note: String
        ) {
            self.start = start
            self.events = events
            self.display = display
            self.effects = effects
            self.note = note
        }

        var testDescription: String { "\(start.rawValue): \(note)" }
    }

    static let rows: [Row] = [
        // Before the adapter attaches.
        Row(.fresh, [], .loading(progress: 0), [], "shows the loading view and loads nothing"),
        Row(.fresh, [.attached], .loading(progress: 0), [.load(pageA)], "attaching loads the screen's URL"),
        Row(
            .fresh, [.reloadRequested], .loading(progress: 0), [.loadSettled],
            "a reload with no web view settles at once"),
        // Attached, nothing started yet.
        Row(.attached, [.attached], .loading(progress: 0), [], "attaching twice loads once"),
        Row(.attached, [.started(id(1), url: pageA)], .loading(progress: 0), [], "start keeps the loading view"),
        Row(.attached, [.progress(0.5)], .loading(progress: 0), [], "progress with no navigation is ignored"),
        Row(.attached, [.finished(id(7))], .loading(progress: 0), [], "finish of an unknown navigation is ignored"),
        Row(.attached, [.committed(id(1), url: pageA)], .loading(progress: 0), [], "commit before start is ignored"),
        Row(
            .attached, [.httpStatus(500), .started(id(1), url: pageA), .committed(id(1), url: pageA)],
            .content(progress: 0), [], "a status before any start is ignored"),
        // The first load.
        Row(.loadingFirst, [.progress(0.4)], .loading(progress: 0.4), [], "progress shows"),
        Row(.loadingFirst, [.progress(1.7)], .loading(progress: 1), [], "progress above 1 is clamped"),
        Row(.loadingFirst, [.progress(-3)], .loading(progress: 0), [], "progress below 0 is clamped"),
        Row(.loadingFirst, [.progress(.nan)], .loading(progress: 0), [], "a NaN progress is ignored"),
        Row(
            .loadingFirst, [.progress(0.3), .committed(id(1), url: pageA)], .content(progress: 0.3), [],
            "commit shows the page"),
        Row(
            .loadingFirst, [.committed(id(2), url: pageA)], .loading(progress: 0), [],
            "commit of another navigation is stale"),
        Row(
            .loadingFirst, [.httpStatus(404), .committed(id(1), url: pageA)], .failed(.httpStatus(404)), [], "404 fails"
        ),
        Row(
            .loadingFirst, [.httpStatus(503), .committed(id(1), url: pageA)], .failed(.httpStatus(503)), [], "503 fails"
        ),
        Row(.loadingFirst, [.httpStatus(200), .committed(id(1), url: pageA)], .content(progress: 0), [], "200 shows"),
        Row(.loadingFirst, [.httpStatus(399), .committed(id(1), url: pageA)], .content(progress: 0), [], "399 shows"),
        Row(
            .loadingFirst, [.httpStatus(404), .committed(id(1), url: pageA), .finished(id(1))],
            .failed(.httpStatus(404)), [], "404 stays after finish"),
        Row(.loadingFirst, [.finished(id(1))], .content(progress: nil), [], "finish without commit shows the page"),
        Row(.loadingFirst, [.failed(id(1), .offline)], .failed(.offline), [], "offline"),
        Row(.loadingFirst, [.failed(id(1), .unreachableHost)], .failed(.unreachableHost), [], "unreachable host"),
        Row(.loadingFirst, [.failed(id(1), .tls)], .failed(.tls), [], "TLS"),
        Row(.loadingFirst, [.failed(id(1), .timeout)], .failed(.timeout), [], "timeout"),
        Row(
            .loadingFirst, [.failed(id(1), .other("URL error -1"))], .failed(.other("URL error -1")), [], "other error"),
        Row(
            .loadingFirst, [.failed(id(1), .cancelled)], .failed(.interrupted), [],
            "first load cancelled: nothing to show"),
        Row(
            .loadingFirst, [.failed(id(9), .offline)], .loading(progress: 0), [],
            "failure of another navigation is stale"),
        Row(
            .loadingFirst, [.processTerminated], .loading(progress: 0), [.load(pageA)],
            "crash while loading loads again"),
        Row(
            .loadingFirst, [.started(id(2), url: pageB), .failed(id(1), .cancelled), .finished(id(1))],
            .loading(progress: 0), [], "the superseded navigation's late callbacks are ignored"),
        Row(
            .loadingFirst, [.started(id(2), url: pageB), .committed(id(1), url: pageA)], .loading(progress: 0), [],
            "a late commit of the superseded navigation is ignored"),
        // Committed, not finished.
        Row(.committedFirst, [.httpStatus(500)], .content(progress: 0), [], "a status after the commit is ignored"),
        Row(.committedFirst, [.progress(0.9)], .content(progress: 0.9), [], "progress over the page"),
        Row(.committedFirst, [.finished(id(1))], .content(progress: nil), [], "finish hides the progress"),
        Row(.committedFirst, [.failed(id(1), .timeout)], .failed(.timeout), [], "a failure after the commit fails"),
        Row(.committedFirst, [.failed(id(1), .cancelled)], .content(progress: nil), [], "cancelled keeps the page"),
        // Content shown.
        Row(
            .content, [.started(id(2), url: pageB)], .content(progress: 0), [],
            "a new navigation keeps the page with progress"),
        Row(.content, [.progress(0.3)], .content(progress: nil), [], "progress with no navigation is ignored"),
        Row(.content, [.finished(id(1))], .content(progress: nil), [], "a second finish is ignored"),
        Row(.content, [.failed(id(1), .offline)], .content(progress: nil), [], "a failure after the finish is ignored"),
        Row(.content, [.httpStatus(500)], .content(progress: nil), [], "a status with no navigation is ignored"),
        Row(.content, [.titleChanged("Notes")], .content(progress: nil), [], "a title changes nothing shown"),
        Row(.content, [.reloadRequested], .content(progress: nil), [.reload], "reload reloads the page"),
        Row(.content, [.processTerminated], .loading(progress: 0), [.load(pageA)], "crash loads the page again once"),
        Row(
            .content, [.processTerminated, .processTerminated], .failed(.contentProcessTerminated), [.load(pageA)],
            "a second crash before a load finishes fails"),
        Row(
            .content,
            [.started(id(2), url: pageB), .committed(id(2), url: pageB), .finished(id(2)), .processTerminated],
            .loading(progress: 0), [.load(pageB)], "crash reloads the page shown last"),
        Row(
            .content, [.started(id(2), url: pageB), .processTerminated], .loading(progress: 0), [.load(pageB)],
            "crash during a navigation loads its target"),
        // Reloading (a reload asked for, its navigation started).
        Row(
            .reloading, [.failed(id(1), .cancelled)], .content(progress: 0), [],
            "the old navigation's late failure is stale"),
        Row(.reloading, [.finished(id(2))], .content(progress: nil), [.loadSettled], "the reload finishing settles"),
        Row(.reloading, [.failed(id(2), .offline)], .failed(.offline), [.loadSettled], "the reload failing settles"),
        Row(
            .reloading, [.failed(id(2), .cancelled)], .content(progress: nil), [.loadSettled],
            "a cancelled reload settles"),
        Row(
            .reloading, [.processTerminated], .loading(progress: 0), [.load(pageA)],
            "crash during a reload: load again, no settle"),
        Row(
            .reloading, [.processTerminated, .started(id(3), url: pageA), .finished(id(3))], .content(progress: nil),
            [.load(pageA), .loadSettled], "the crash reload finishing settles the reload"),
        Row(
            .reloading, [.processTerminated, .processTerminated], .failed(.contentProcessTerminated),
            [.load(pageA), .loadSettled],
            "a second crash during a reload fails and settles"),
        Row(.reloading, [.detached], .content(progress: 0), [.loadSettled], "detaching settles"),
        Row(.reloading, [.finished(id(1))], .content(progress: 0), [], "the old navigation's late finish is stale"),
        // Failed.
        Row(.failedOffline, [.reloadRequested], .loading(progress: 0), [.load(pageA)], "retry loads the failed page"),
        Row(
            .failedOffline, [.processTerminated], .failed(.offline), [],
            "a crash behind the failure view changes nothing"),
        Row(.failedOffline, [.progress(0.5)], .failed(.offline), [], "progress is ignored"),
        Row(
            .failedOffline, [.finished(id(1))], .failed(.offline), [],
            "a late finish of the failed navigation is ignored"),
        Row(
            .failedOffline, [.reloadRequested, .started(id(2), url: pageA), .finished(id(2))], .content(progress: nil),
            [.load(pageA), .loadSettled], "retry then load settles"),
        Row(
            .failedAfterForm, [.reloadRequested], .loading(progress: 0), [.load(pageB)], "retry loads the failed target"
        ),
        Row(
            .failedAfterForm, [.reloadRequested, .started(id(3), url: pageB)], .content(progress: 0), [.load(pageB)],
            "retry over a page shows the page with progress"),
        // Crash budget.
        Row(
            .crashedOnce, [.started(id(2), url: pageA), .finished(id(2)), .processTerminated], .loading(progress: 0),
            [.load(pageA)], "a page that finished renews the crash reload"),
        Row(
            .crashedOnce, [.started(id(2), url: pageA), .processTerminated], .failed(.contentProcessTerminated), [],
            "a crash before the crash reload finished fails"),
        Row(
            .crashedOnce, [.reloadRequested], .loading(progress: 0), [.load(pageA)],
            "reload after a crash loads the URL"),
        // Detached.
        Row(
            .detached, [.started(id(3), url: pageA), .finished(id(3))], .content(progress: 0), [],
            "events after detach are ignored"),
        Row(
            .detached, [.reloadRequested], .content(progress: 0), [.loadSettled],
            "a reload after detach settles at once"),
        Row(.detached, [.processTerminated], .content(progress: 0), [], "a crash after detach is ignored"),
    ]

    @Test("transition", arguments: rows)
    func transition(_ row: Row) {
        var machine = row.start.machine
        var effects: [WebScreenEffect] = []
        for event in row.events { effects += machine.handle(event) }
        #expect(machine.display == row.display)
        #expect(effects == row.effects)
    }

    @Test("every starting state is covered by a row")
    func everyStartHasRows() {
        let covered = Set(Self.rows.map(\.start))
        #expect(covered == Set(Start.allCases))
    }

    @Test("every event kind is exercised by some row")
    func everyEventKindIsExercised() {
        func kind(_ event: WebScreenEvent) -> String {
            String(String(describing: event).prefix { $0 != "(" })
        }
        let kinds = Set(Self.rows.flatMap(\.events).map(kind))
        let expected: Set<String> = [
            "attached", "started", "httpStatus", "committed", "progress", "finished", "failed", "processTerminated",
            "titleChanged", "reloadRequested", "detached",
        ]
        #expect(kinds == expected)
    }

    @Test("the current navigation follows starts and ends; stale events leave it")
    func currentNavigation() {
        var machine = Start.loadingFirst.machine
        #expect(machine.currentNavigation == Self.id(1))
        machine.handle(.started(Self.id(2), url: Self.pageB))
        machine.handle(.finished(Self.id(1)))
        #expect(machine.currentNavigation == Self.id(2))
        machine.handle(.committed(Self.id(2), url: Self.pageB))
        #expect(machine.url == Self.pageB)
        machine.handle(.finished(Self.id(2)))
        #expect(machine.currentNavigation == nil)
    }

    @Test("a load the screen asks for is remembered until its navigation starts")
    func requestedLoad() {
        var machine = Start.failedAfterForm.machine
        #expect(machine.requestedLoad == nil)
        machine.handle(.reloadRequested)
        #expect(machine.requestedLoad == Self.pageB)
        machine.handle(.started(Self.id(3), url: Self.pageB))
        #expect(machine.requestedLoad == nil)
    }

    @Test(
        "the page's title, trimmed, is the navigation title; the manifest's title until it has one",
        arguments: [
            ("Release 1.4.0", "Release 1.4.0"), ("  Release 1.4.0\n", "Release 1.4.0"), ("", "Release notes"),
            (" \t\n", "Release notes"), (nil, "Release notes"),
        ] as [(String?, String)])
    func title(_ page: String?, _ shown: String) {
        var machine = Start.content.machine
        #expect(machine.navigationTitle(fallback: "Release notes") == "Release notes")
        machine.handle(.titleChanged("Earlier"))
        machine.handle(.titleChanged(page))
        #expect(machine.navigationTitle(fallback: "Release notes") == shown)
        #expect(machine.display == .content(progress: nil))
    }

    @Test(
        "URL error codes are classified",
        arguments: [
            (-1009, WebLoadErrorKind.offline), (-1020, .offline), (-1018, .offline), (-1003, .unreachableHost),
            (-1004, .unreachableHost), (-1005, .unreachableHost), (-1006, .unreachableHost), (-1200, .tls),
            (-1202, .tls), (-1206, .tls), (-1001, .timeout), (-999, .cancelled), (-1011, .other("URL error -1011")),
        ])
    func classify(_ code: Int, _ kind: WebLoadErrorKind) {
        #expect(WebLoadErrorKind(urlErrorCode: code) == kind)
    }
}

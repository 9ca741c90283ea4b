import Foundation
import RastrilloNative
import Testing

@testable import CompanionCore

/// Incoming links go through the route table generated from `app-manifest.json`.
@MainActor
@Suite("Companion links")
struct LinkOutcomeTests {
    private func model() -> CompanionModel {
        CompanionModel(
            store: .inMemory(),
            checker: { address, _ throws(ServerVersionError) in
                throw .cancelled(address.versionURL)
            })
    }

    private func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test("a universal link to a server navigates natively and selects it")
    func native() throws {
        let id = try #require(UUID(uuidString: "0F6F1C9E-2B7D-4B8E-9C55-3C2D1A0B9E77"))
        let model = model()
        let outcome = model.open(try url("https://app.example.com/servers/\(id.uuidString.lowercased())"))
        #expect(outcome == .navigate(.server(serverID: id)))
        #expect(model.selection == .destination(.server(serverID: id)))
        #expect(model.linkProblem == nil)
        // The alias origin and the custom scheme reach the same native screen.
        #expect(model.open(try url("https://www.example.com/servers/")) == .navigate(.servers))
        #expect(model.open(try url("companion://app/servers/")) == .navigate(.servers))
    }

    @Test("a web destination and an undeclared internal page open the web screen")
    func web() throws {
        let model = model()
        let outcome = model.open(try url("https://app.example.com/releases/1.4.0"))
        #expect(outcome == .showWeb(.destination(.releaseNotes(version: "1.4.0"))))
        #expect(model.selection?.isWeb == true)
        #expect(model.selection?.webURL?.absoluteString == "https://app.example.com/releases/1.4.0")
        let page = try url("https://app.example.com/pricing")
        #expect(model.open(page) == .showWeb(.webPage(page)))
        #expect(model.selection == .webPage(page))
    }

    @Test("external-browser destinations, foreign sites and mailto go to the system")
    func external() throws {
        let model = model()
        model.selection = .destination(.servers)
        let account = try url("https://app.example.com/account/")
        #expect(model.open(account) == .openExternally(account, inAppBrowser: false))
        let foreign = try url("https://github.com/rastrillo")
        #expect(model.open(foreign) == .openExternally(foreign, inAppBrowser: true))
        let mail = try url("mailto:ops@example.com")
        #expect(model.open(mail) == .openExternally(mail, inAppBrowser: false))
        #expect(model.selection == .destination(.servers))
    }

    @Test("a refused link changes nothing and leaves a visible message")
    func refused() throws {
        let model = model()
        model.selection = .destination(.servers)
        let outcome = model.open(try url("javascript:alert(1)"))
        guard case .refused(let message) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(message.contains("javascript"))
        #expect(model.linkProblem == message)
        #expect(model.selection == .destination(.servers))
        // userinfo in an internal-looking URL is refused too, and a good link clears the message.
        #expect(model.open(try url("https://user@app.example.com/servers/")).isRefusal)
        model.open(try url("https://app.example.com/servers/"))
        #expect(model.linkProblem == nil)
    }

    @Test("the sidebar lists the param-free destinations that are screens, in manifest order")
    func sidebar() {
        #expect(CompanionModel.sidebarDestinations == [.servers, .addServer, .docs])
    }
}

extension LinkOutcome {
    fileprivate var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }
}

/// Navigations inside the web screen: RastrilloNative's `WebScreenNavigation` decides load,
/// push, replace or leave from the generated router; the companion's stack follows.
@MainActor
@Suite("Companion web screen navigation")
struct WebScreenNavigationTests {
    private func model() -> CompanionModel {
        CompanionModel(
            store: .inMemory(),
            checker: { address, _ throws(ServerVersionError) in throw .cancelled(address.versionURL) })
    }

    /// What `WebViewBridge` does with a link in the screen showing `screen`: ask the screen's
    /// model, route what is not loaded in place.
    private func follow(
        _ text: String, kind: WebScreenNavigation.Kind = .link, from screen: WebScreenModel, in model: CompanionModel
    ) throws -> LinkOutcome {
        let url = try #require(URL(string: text))
        let action = screen.decide(text, kind: kind, using: WebScreenNavigation(router: model.router))
        return model.followFromWebScreen(url, action: action)
    }

    @Test("another destination or page is pushed; the same destination with new params replaces the top")
    func pushAndReplace() throws {
        let model = model()
        let release = "https://app.example.com/releases/1.4.0"
        model.selection = .destination(.releaseNotes(version: "1.4.0"))
        let screen = WebScreenModel(url: release)
        #expect(try follow(release + "#fixes", from: screen, in: model) == .stay)
        #expect(model.pushed.isEmpty)
        // Same destination, new params: the root is replaced, nothing pushed.
        #expect(
            try follow("https://app.example.com/releases/1.5.0", from: screen, in: model)
                == .showWeb(.destination(.releaseNotes(version: "1.5.0"))))
        #expect(model.selection == .destination(.releaseNotes(version: "1.5.0")))
        #expect(model.pushed.isEmpty)
        // Another page and a native destination are pushed on the stack.
        let pricing = try #require(URL(string: "https://app.example.com/pricing"))
        #expect(try follow(pricing.absoluteString, from: screen, in: model) == .showWeb(.webPage(pricing)))
        #expect(try follow("https://app.example.com/servers/", from: screen, in: model) == .navigate(.servers))
        #expect(model.pushed == [.webPage(pricing), .destination(.servers)])
        #expect(model.stackPath.count == 3)
        // A replace on a pushed screen replaces only the top.
        let top = WebScreenModel(url: "https://app.example.com/releases/2.0.0")
        model.pushed.append(.destination(.releaseNotes(version: "2.0.0")))
        #expect(
            try follow("https://app.example.com/releases/2.1.0", from: top, in: model)
                == .showWeb(.destination(.releaseNotes(version: "2.1.0"))))
        #expect(model.pushed.last == .destination(.releaseNotes(version: "2.1.0")))
        #expect(model.pushed.count == 3)
        #expect(model.selection == .destination(.releaseNotes(version: "1.5.0")))
    }

    @Test("window.open pushes an internal page and sends a foreign one out; the stack is native")
    func newWindow() throws {
        let model = model()
        model.selection = .destination(.releaseNotes(version: "1.4.0"))
        let screen = WebScreenModel(url: "https://app.example.com/releases/1.4.0")
        #expect(
            try follow("https://app.example.com/releases/1.4.0", kind: .newWindow, from: screen, in: model)
                == .showWeb(.destination(.releaseNotes(version: "1.4.0"))))
        let foreign = try #require(URL(string: "https://github.com/rastrillo"))
        #expect(
            try follow(foreign.absoluteString, kind: .newWindow, from: screen, in: model)
                == .openExternally(foreign, inAppBrowser: true))
        #expect(model.pushed == [.destination(.releaseNotes(version: "1.4.0"))])
        // Back (the stack's path set by SwiftUI) pops to the root; a new selection clears the stack.
        model.stackPath = Array(model.stackPath.dropLast())
        #expect(model.pushed.isEmpty)
        #expect(model.selection == .destination(.releaseNotes(version: "1.4.0")))
        model.pushed = [.destination(.servers)]
        model.selection = .destination(.addServer)
        #expect(model.pushed.isEmpty)
    }

    @Test("links out and refusals leave the stack as it is")
    func leave() throws {
        let model = model()
        model.selection = .destination(.releaseNotes(version: "1.4.0"))
        let screen = WebScreenModel(url: "https://app.example.com/releases/1.4.0")
        let account = try #require(URL(string: "https://app.example.com/account/"))
        #expect(
            try follow(account.absoluteString, from: screen, in: model) == .openExternally(account, inAppBrowser: false)
        )
        #expect(try follow("javascript:alert(document.cookie)", from: screen, in: model).isRefusal)
        #expect(model.linkProblem != nil)
        #expect(model.pushed.isEmpty)
        #expect(model.selection == .destination(.releaseNotes(version: "1.4.0")))
        // A redirect out of the app is refused, not followed.
        #expect(try follow("https://github.com/", kind: .redirect, from: screen, in: model).isRefusal)
    }
}

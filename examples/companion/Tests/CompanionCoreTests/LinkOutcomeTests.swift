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

/// Navigations inside the web screen: RastrilloNative's policy decides load-or-cancel,
/// the companion decides what a cancelled one does.
@MainActor
@Suite("Companion web screen navigation")
struct WebScreenNavigationTests {
    private let policy = WebScreenNavigationPolicy(router: GeneratedManifest.router)

    private func follow(_ text: String, in model: CompanionModel) throws -> LinkOutcome? {
        let url = try #require(URL(string: text))
        switch policy.decide(url: text, isMainFrame: true, isRedirect: false) {
        case .allow: return nil
        case .cancel(let decision): return model.followFromWebScreen(url, decision: decision)
        }
    }

    @Test("internal web pages load in place; native, external and refused links leave the web view")
    func decisions() throws {
        let model = CompanionModel(
            store: .inMemory(),
            checker: { address, _ throws(ServerVersionError) in throw .cancelled(address.versionURL) })
        let page = try #require(URL(string: "https://app.example.com/releases/1.4.0"))
        model.selection = .destination(.releaseNotes(version: "1.4.0"))
        #expect(try follow("https://app.example.com/releases/1.5.0", in: model) == nil)
        #expect(try follow("https://app.example.com/pricing", in: model) == nil)
        #expect(model.selection?.webURL == page)
        #expect(try follow("https://app.example.com/servers/", in: model) == .navigate(.servers))
        #expect(model.selection == .destination(.servers))
        let account = try #require(URL(string: "https://app.example.com/account/"))
        #expect(try follow(account.absoluteString, in: model) == .openExternally(account, inAppBrowser: false))
        #expect(try follow("javascript:alert(document.cookie)", in: model)?.isRefusal == true)
        #expect(model.linkProblem != nil)
        #expect(model.selection == .destination(.servers))
    }
}

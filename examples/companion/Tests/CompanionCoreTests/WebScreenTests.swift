import Foundation
import RastrilloNative
import Testing

@testable import CompanionCore

/// The release-notes web screen: its Reload Page command, failure view and titles, decided in
/// the core and shown by Sources/WebScreen.swift.
@MainActor
@Suite("Companion web screen")
struct WebScreenTests {
    private func model() -> CompanionModel {
        CompanionModel(
            store: .inMemory(),
            checker: { address, _ throws(ServerVersionError) in throw .cancelled(address.versionURL) })
    }

    @MainActor final class Recorded {
        var effects: [WebScreenEffect] = []
    }

    @Test("Reload Page (⌘R) is offered on web destinations and reloads the visible web screen")
    func reloadCommand() async {
        let model = model()
        model.selection = .destination(.servers)
        #expect(!model.controls(for: .menu).map(\.command).contains(.reloadPage))
        model.selection = .destination(.releaseNotes(version: "1.4.0"))
        let controls = model.controls(for: .menu)
        #expect(controls.map(\.command) == [.reloadPage, .addServerCommand])
        #expect(controls.first?.shortcut?.description == "cmd+r")

        let page = "https://app.example.com/releases/1.4.0"
        let screen = WebScreenModel(url: page)
        let recorded = Recorded()
        // A fake web view: each load or reload runs one navigation to its end, later, as WebKit would.
        var next: UInt64 = 0
        screen.attach { effect in
            recorded.effects.append(effect)
            guard effect != .loadSettled else { return }
            next += 1
            let id = WebNavigationID(next)
            Task { @MainActor in
                screen.handle(.started(id, url: page))
                screen.handle(.committed(id, url: page))
                screen.handle(.finished(id))
            }
        }
        model.webScreenAppeared(screen)
        // The command returns once the reloaded page has loaded: no polling needed.
        #expect(await model.perform(.reloadPage) == .reloaded)
        #expect(recorded.effects == [.load(page), .reload])
        #expect(screen.display == .content(progress: nil))

        // Another screen disappearing leaves this one visible; once it is gone the command
        // does nothing, says why, and returns.
        model.webScreenDisappeared(WebScreenModel(url: page))
        #expect(model.visibleWebScreen === screen)
        model.webScreenDisappeared(screen)
        #expect(await model.perform(.reloadPage) == .nothing("no web screen is on screen to reload"))
        #expect(recorded.effects == [.load(page), .reload])
    }

    @Test("an internal page without a destination is a web screen: it offers Reload Page (⌘R) too")
    func reloadOnAWebPage() throws {
        let model = model()
        let page = try #require(URL(string: "https://app.example.com/pricing"))
        #expect(CompanionModel.webScreenCommands == [.reloadPage])
        model.selection = .webPage(page)
        #expect(model.controls(for: .menu).map(\.command) == [.reloadPage, .addServerCommand])
        #expect(model.controls(for: .toolbar).map(\.command) == [.reloadPage, .addServerCommand])
        #expect(model.controls(for: .contextMenu).map(\.command).isEmpty)
        #expect(model.controls(for: .menu).first?.shortcut?.description == "cmd+r")
        // Pushed on a native screen, the page on top decides; popping it takes the command away.
        model.selection = .destination(.servers)
        model.pushed = [.webPage(page)]
        #expect(model.controls(for: .menu).map(\.command).contains(.reloadPage))
        model.pushed = []
        #expect(!model.controls(for: .menu).map(\.command).contains(.reloadPage))
        // Commands that need a capability the person lacks are not offered on the page either.
        model.capabilities = []
        model.selection = .webPage(page)
        #expect(model.controls(for: .menu).map(\.command) == [.reloadPage])
    }

    @Test("every failure has a title, a message and a symbol, all keys in the String Catalog")
    func failurePresentation() throws {
        let failures: [WebScreenFailure] = [
            .offline, .unreachableHost, .tls, .timeout, .httpStatus(503), .contentProcessTerminated, .interrupted,
            .other("NSPOSIXErrorDomain error 61"),
        ]
        let keys = try Self.catalogKeys()
        var titles: Set<String> = []
        for failure in failures {
            let shown = WebFailurePresentation(failure)
            #expect(keys.contains(shown.titleKey), "\(shown.titleKey) is not in Localizable.xcstrings")
            #expect(keys.contains(shown.messageKey), "\(shown.messageKey) is not in Localizable.xcstrings")
            #expect(!shown.symbol.isEmpty)
            titles.insert(shown.titleKey)
        }
        #expect(titles.count == failures.count)
        #expect(WebFailurePresentation(.httpStatus(503)).status == 503)
        #expect(WebFailurePresentation(.httpStatus(503)).messageKey == "webScreen.failure.httpStatus.message %lld")
        #expect(WebFailurePresentation(.other("x")).detail == "x")
        #expect(WebFailurePresentation(.offline).detail == nil)
        for key in [
            "webScreen.loading", "webScreen.retry", "webScreen.retry.hint", "webScreen.dialog.ok",
            "webScreen.dialog.cancel", "webScreen.dialog.prompt", "command.reloadPage", "screen.webPage",
        ] {
            #expect(keys.contains(key), "\(key) is not in Localizable.xcstrings")
        }
    }

    @Test("a screen's title key: the destination's, or the web page's for undeclared pages")
    func titles() throws {
        #expect(CompanionModel.titleKey(of: .destination(.releaseNotes(version: "1"))) == "destination.releaseNotes")
        let page = try #require(URL(string: "https://app.example.com/pricing"))
        #expect(CompanionModel.titleKey(of: .webPage(page)) == "screen.webPage")
        var machine = WebScreenStateMachine(url: page.absoluteString)
        #expect(machine.navigationTitle(fallback: "Release Notes") == "Release Notes")
        machine.handle(.titleChanged("Pricing"))
        #expect(machine.navigationTitle(fallback: "Release Notes") == "Pricing")
    }

    /// The keys of Sources/Resources/Localizable.xcstrings.
    nonisolated static func catalogKeys() throws -> Set<String> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Resources/Localizable.xcstrings")
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let strings = try #require(catalog?["strings"] as? [String: Any])
        return Set(strings.keys)
    }
}

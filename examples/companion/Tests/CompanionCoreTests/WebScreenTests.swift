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
        var returned = 0
    }

    @Test("Reload Page (⌘R) is offered on web destinations and reloads the visible web screen once per burst")
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
        screen.attach { recorded.effects.append($0) }
        let first = WebNavigationID(1)
        screen.handle(.started(first, url: page))
        screen.handle(.committed(first, url: page))
        screen.handle(.finished(first))
        model.webScreenAppeared(screen)
        for _ in 0..<3 {
            Task { @MainActor in
                _ = await model.perform(.reloadPage)
                recorded.returned += 1
            }
        }
        #expect(await yieldUntil { recorded.effects.count == 2 })
        #expect(recorded.effects == [.load(page), .reload])
        #expect(recorded.returned == 0)
        let second = WebNavigationID(2)
        screen.handle(.started(second, url: page))
        screen.handle(.finished(second))
        #expect(await yieldUntil { recorded.returned == 3 })
        #expect(recorded.effects == [.load(page), .reload])

        // Once the screen is gone the command does nothing and returns.
        model.webScreenDisappeared(WebScreenModel(url: page))
        #expect(model.visibleWebScreen === screen)
        model.webScreenDisappeared(screen)
        #expect(await model.perform(.reloadPage) == .none)
        #expect(recorded.effects.count == 2)
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
    static func catalogKeys() throws -> Set<String> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Resources/Localizable.xcstrings")
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let strings = try #require(catalog?["strings"] as? [String: Any])
        return Set(strings.keys)
    }
}

/// Yields until `condition` holds, for at most `limit` yields (no clock).
@MainActor
func yieldUntil(limit: Int = 100_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<limit {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

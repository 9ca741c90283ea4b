import Foundation
import RastrilloNative

extension CompanionModel {
    /// The destinations the sidebar lists: those without params that show a screen
    /// (an `externalBrowser` destination is a link out, not a screen), in manifest order.
    static let sidebarDestinations: [Destination] = GeneratedManifest.manifest.destinations.compactMap { entry in
        guard entry.link != .externalBrowser else { return nil }
        return Destination(match: LinkMatch(destination: entry.id, params: [:]))
    }

    /// Decides what an incoming or followed link does, through the manifest's
    /// generated router (reporting to ``diagnostics``; `onOpenURL`, `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)`),
    /// selects the screen for internal links, and returns what the view must do.
    ///
    /// ```swift
    /// .onOpenURL { url in perform(model.open(url)) }
    /// ```
    @discardableResult
    func open(_ url: URL) -> LinkOutcome {
        apply(Self.outcome(of: url, decision: router.decide(url)))
    }

    /// A link out of a web screen (``followFromWebScreen(_:action:in:)`` with `leave`), decided by the
    /// router. Same outcomes as ``open(_:)``: the browser gets links out, a refusal is shown.
    @discardableResult
    func followFromWebScreen(_ url: URL, decision: LinkDecision) -> LinkOutcome {
        apply(Self.outcome(of: url, decision: decision))
    }

    /// Updates the selection and the visible message for `outcome`, and returns it.
    private func apply(_ outcome: LinkOutcome) -> LinkOutcome {
        switch outcome {
        case .navigate(let destination):
            selection = .destination(destination)
            linkProblem = nil
        case .showWeb(let screen):
            selection = screen
            linkProblem = nil
        case .openExternally:
            linkProblem = nil
        case .refused(let message):
            linkProblem = message
        case .stay:
            break
        }
        return outcome
    }

    /// Maps the router's decision to what the companion does; one place for every link.
    static func outcome(of url: URL, decision: LinkDecision) -> LinkOutcome {
        switch decision {
        case .native(let match):
            guard let destination = Destination(match: match) else {
                return .refused("\(url.absoluteString): its params do not fit destination '\(match.destination)'")
            }
            return .navigate(destination)
        case .web(let match):
            if let match, let destination = Destination(match: match) {
                return .showWeb(.destination(destination))
            }
            return .showWeb(.webPage(url))
        case .inAppBrowser:
            return .openExternally(url, inAppBrowser: true)
        case .external:
            return .openExternally(url, inAppBrowser: false)
        case .refused(let refusal):
            return .refused("Cannot open \(url.absoluteString): \(refusal)")
        }
    }
}

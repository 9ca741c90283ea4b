import Foundation

/// Decides what a URL does in the app — native screen, web screen, in-app
/// browser, external, or refused — from the manifest, compiled once.
///
/// The router reads the raw string itself with ``RawURL`` (never Foundation's
/// repaired form), so userinfo, backslashes, whitespace, control characters,
/// escapes in the authority and dot segments are refused rather than guessed
/// at. A URL is internal only when its scheme, host and port exactly equal one
/// of the manifest's origins or aliases (default ports normalised). Internal
/// paths are matched with Go ServeMux's rules on a segment trie: no regex, no
/// per-lookup compilation; `%2F` never acts as a separator.
///
/// ```swift
/// let router = LinkRouter(manifest: manifest, diagnostics: diagnostics)
/// switch router.decide("https://app.example.com/notes/42") { … }
/// ```
///
/// Incoming links (`onOpenURL`, universal links from `onContinueUserActivity`)
/// go through the same ``decide(_:context:)-(String,_)``.
public struct LinkRouter: Sendable {
    /// Where a URL came from; redirects are only honoured to internal URLs.
    public enum Context: Sendable, Hashable {
        /// A link the user followed or the app opened (including incoming links).
        case navigation
        /// A server-driven redirect or a `next=`/`return_to=` parameter: anything
        /// that is not internal is refused with ``LinkRefusal/redirectNotInternal``.
        case redirect
    }

    /// One refusal, as seen by the diagnostics hook.
    public struct RefusalEvent: Sendable, Hashable, CustomStringConvertible {
        /// The URL as given (a `URL` value's `absoluteString`).
        public let url: String
        /// Why it was refused.
        public let refusal: LinkRefusal
        /// Where it came from.
        public let context: Context

        /// `refused <url>: <reason>`, the URL escaped with ``DiagnosticText`` (``url`` stays raw).
        public var description: String { "refused \(DiagnosticText.escaped(url)): \(refusal)" }
    }

    /// The manifest the router was compiled from.
    public var manifest: AppManifest { compiled.manifest }
    /// Everything compiled from the manifest, behind one reference so copying a router (or
    /// capturing it in a closure) costs one retain.
    let compiled: CompiledRoutes
    /// Where refusals are reported.
    public let diagnostics: RefusalDiagnostics

    /// Compiles the router from a validated manifest.
    ///
    /// - Parameters:
    ///   - manifest: the manifest (from ``AppManifest/decode(_:source:)-(Collection<UInt8>,_)``).
    ///   - diagnostics: receives every refused URL, for logging; pass the same value to the
    ///     ``BridgeDispatcher``.
    public init(manifest: AppManifest, diagnostics: RefusalDiagnostics = .ignore) {
        self.compiled = CompiledRoutes(manifest: manifest)
        self.diagnostics = diagnostics
    }

    private init(compiled: CompiledRoutes, diagnostics: RefusalDiagnostics) {
        self.compiled = compiled
        self.diagnostics = diagnostics
    }

    /// The same router (nothing is recompiled) reporting its refusals to `diagnostics`; use it
    /// to give a generated `GeneratedManifest.router` the app's hook.
    public func reporting(to diagnostics: RefusalDiagnostics) -> LinkRouter {
        LinkRouter(compiled: compiled, diagnostics: diagnostics)
    }

    /// ``decide(_:context:)-(String,_)`` without reporting a refusal, for a caller that reports the
    /// navigation once itself (the sign-in screen's authorize URLs).
    func decideQuietly(_ url: String, context: Context = .navigation) -> LinkDecision {
        var text = url
        return text.withUTF8 { compiled.classify($0, context: context) }
    }

    /// Decides what `url` does; reports refusals to the diagnostics hook.
    public func decide(_ url: String, context: Context = .navigation) -> LinkDecision {
        let decision = decideQuietly(url, context: context)
        if case .refused(let refusal) = decision {
            diagnostics(.link(RefusalEvent(url: url, refusal: refusal, context: context)))
        }
        return decision
    }

    /// Decides what a `URL` value does: exactly what ``decide(_:context:)-(String,_)`` decides
    /// for its `absoluteString`.
    ///
    /// A `URL` has already been parsed — and sometimes repaired — by Foundation before the
    /// router sees it, and Foundation repairs differently on Apple platforms and on Linux (one
    /// may percent-encode a space or a `\` that the other refuses to parse at all). So this
    /// judges Foundation's string, not the text the link arrived as: a repair in the authority
    /// is still refused (no `%` escape is allowed there), but one in the path or query (a space
    /// written `%20`, a `\` written `%5C`) is routed as repaired.
    ///
    /// ``decide(_:context:)-(String,_)`` is the strict entry point: give it the raw text of a
    /// link from outside the app (a page's `href`, a QR code, a pasted string) whenever you
    /// have it.
    public func decide(_ url: URL, context: Context = .navigation) -> LinkDecision {
        decide(url.absoluteString, context: context)
    }
}

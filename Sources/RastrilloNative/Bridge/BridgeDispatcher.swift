/// Receives page messages, decides trust, decodes payloads into generated types, runs the typed
/// handler on the main actor and answers with one JSON reply; sends typed events to the page.
///
/// Every message is answered exactly once: a reply, a welcome, or an error reply with a stable
/// ``BridgeRefusal/code``. Refusals are also passed to the diagnostics hook. Trust is decided by
/// ``BridgeTrustPolicy`` from the frame facts alone, for every message, so a page that redirected
/// to another internal origin keeps working and a page that navigated away cannot post.
///
/// ```swift
/// let bridge = BridgeDispatcher(manifest: manifest, diagnostics: diagnostics)
/// bridge.handle(BridgeActions.SaveNote.self) { draft in try await store.save(draft) }
/// // In the web view adapter:
/// let replyJSON = await bridge.receive(bodyText, from: frame)
/// ```
@MainActor
public final class BridgeDispatcher {
    /// Decodes the payload, runs the typed handler and writes its reply into the envelope being
    /// built; a refusal means the envelope is discarded and an error reply sent instead.
    typealias Handler = @MainActor (BridgeNode, inout BridgeJSONWriter) async -> BridgeRefusal?

    /// An action name's entry: whether the manifest declares it, and its handler once registered.
    struct ActionEntry {
        let declared: Bool
        var handler: Handler?
    }

    /// The manifest the bridge contract and internal origins come from.
    public let manifest: AppManifest
    /// The trust decision applied to every message.
    public let trust: BridgeTrustPolicy
    /// The limits applied when reading messages.
    public let limits: BridgeMessage.Limits
    /// What native knows about the current document.
    public private(set) var page: BridgePageState = .notReady

    private let declaredEvents: [String]
    /// Every declared action (and any registered one), looked up once per request.
    private var actions: [String: ActionEntry]
    /// The last frame the policy trusted and its origin: the policy is a pure function of the
    /// frame facts, so an equal frame gets the same answer without recomputing it.
    private var lastTrusted: (frame: BridgeFrame, origin: ManifestOrigin)?
    /// Where refused messages are reported.
    public let diagnostics: RefusalDiagnostics

    /// Creates a dispatcher for the manifest's bridge contract.
    ///
    /// - Parameters:
    ///   - manifest: the validated manifest.
    ///   - limits: size and depth limits for incoming messages.
    ///   - diagnostics: receives every refused message, for logging; pass the same value as
    ///     the ``LinkRouter``'s.
    public init(
        manifest: AppManifest, limits: BridgeMessage.Limits = .init(), diagnostics: RefusalDiagnostics = .ignore
    ) {
        self.manifest = manifest
        self.trust = BridgeTrustPolicy(manifest: manifest)
        self.limits = limits
        self.actions = Dictionary(
            manifest.bridge.actions.map { ($0.name, ActionEntry(declared: true)) },
            uniquingKeysWith: { first, _ in first })
        self.declaredEvents = manifest.bridge.events.map(\.name)
        self.diagnostics = diagnostics
    }

    /// Registers the handler for `action`, replacing any earlier one.
    ///
    /// The handler runs on the main actor with the payload decoded into the generated type; what
    /// it returns is the reply, what it throws becomes an `action-failed` error reply: a
    /// ``BridgeActionError`` with its message, any other error with a generic message (so internal
    /// details never reach the page).
    public func handle<A: BridgeAction>(
        _ action: A.Type,
        _ handler: @escaping @MainActor (A.Payload) async throws -> A.Reply
    ) {
        let run: Handler = { node, writer in
            let payload: A.Payload
            do throws(BridgeDecodingError) {
                payload = try A.Payload(bridge: node)
            } catch {
                return .invalidPayload(action: A.name, error)
            }
            let reply: A.Reply
            do {
                reply = try await handler(payload)
            } catch {
                let failure = error as? BridgeActionError ?? BridgeActionError("native could not complete the action")
                return .actionFailed(action: A.name, failure)
            }
            do throws(BridgeEncodingError) {
                try reply.encode(to: &writer)
            } catch {
                return .replyNotEncodable(action: A.name, error)
            }
            return nil
        }
        register(A.name, run)
    }

    /// Stores `handler` as the one for action `name`.
    func register(_ name: String, _ handler: @escaping Handler) {
        actions[name, default: ActionEntry(declared: false)].handler = handler
    }

    /// The actions this app handles: declared in the manifest and registered, sorted.
    public var handledActions: [String] {
        actions.filter { $0.value.declared && $0.value.handler != nil }.keys.sorted()
    }

    /// Handles one message posted by the page and returns the JSON text to answer it with.
    ///
    /// - Parameters:
    ///   - body: the message text as the page posted it.
    ///   - frame: the sending frame's facts, from the web view (never from the message).
    public func receive(_ body: String, from frame: BridgeFrame) async -> String {
        let origin: ManifestOrigin
        if let lastTrusted, lastTrusted.frame == frame {
            origin = lastTrusted.origin
        } else {
            switch trust.decide(frame) {
            case .failure(let refusal): return refuse(.untrusted(refusal), id: nil, frame: frame)
            case .success(let trusted):
                origin = trusted
                lastTrusted = (frame, trusted)
            }
        }
        let message: BridgeMessage
        do throws(BridgeMessage.DecodingFailure) {
            message = try BridgeMessage.decode(body, limits: limits)
        } catch {
            return refuse(error.refusal, id: error.id, frame: frame)
        }
        switch message {
        case .hello(let hello):
            guard let version = hello.versions.filter(BridgeProtocol.supportedVersions.contains).max() else {
                return refuse(.noCommonVersion(hello.versions), id: hello.id, frame: frame)
            }
            page = .ready(
                .init(origin: origin, version: version, actions: Set(hello.actions), events: Set(hello.events)))
            return BridgeEnvelopeWriter.welcome(
                id: hello.id, version: version, actions: handledActions, events: declaredEvents)
        case .request(let request):
            guard let entry = actions[request.action], entry.declared else {
                return refuse(.unknownAction(request.action), id: request.id, frame: frame)
            }
            guard let handler = entry.handler else {
                return refuse(.unhandledAction(request.action), id: request.id, frame: frame)
            }
            // The reply is written straight into its envelope: one buffer, one string.
            var writer = BridgeEnvelopeWriter.replyStart(id: request.id)
            if let refusal = await handler(request.payload, &writer) {
                return refuse(refusal, id: request.id, frame: frame)
            }
            return BridgeEnvelopeWriter.finish(&writer)
        }
    }

    /// Answers a message whose body is not text (the web view delivered a number, object, …):
    /// after the same trust decision, it is refused with ``BridgeRefusal/bodyNotText(_:)``.
    ///
    /// - Parameters:
    ///   - kind: what the body was, for the refusal (`"a number"`, `"an object"`).
    ///   - frame: the sending frame's facts.
    public func receive(nonText kind: String, from frame: BridgeFrame) -> String {
        if case .failure(let refusal) = trust.decide(frame) {
            return refuse(.untrusted(refusal), id: nil, frame: frame)
        }
        return refuse(.bodyNotText(kind), id: nil, frame: frame)
    }

    /// Called by the adapter when the main frame commits another document: events stop until
    /// the new document says hello.
    public func documentDidChange() { page = .notReady }

    /// The JSON envelope for event `E`, if the current page may receive it.
    ///
    /// - Throws: ``BridgeEventRefusal`` when the page is not ready, the event is undeclared, the
    ///   page does not listen to it, or the payload cannot be encoded.
    public func eventEnvelope<E: BridgeEvent>(_ event: E.Type, _ payload: E.Payload) throws(BridgeEventRefusal)
        -> String
    {
        guard declaredEvents.contains(E.name) else { throw .notDeclared(event: E.name) }
        guard case .ready(let current) = page else { throw .pageNotReady(event: E.name) }
        guard current.events.contains(E.name) else { throw .pageDoesNotListen(event: E.name) }
        var writer = BridgeJSONWriter()
        do throws(BridgeEncodingError) {
            try payload.encode(to: &writer)
        } catch {
            throw .notEncodable(event: E.name, error)
        }
        return BridgeEnvelopeWriter.event(name: E.name, payload: writer.bytes)
    }

    /// The script the adapter evaluates in the page to deliver event `E`: the envelope passed as
    /// one JSON-quoted string literal to the module's receiver (no value is interpolated).
    public func eventScript<E: BridgeEvent>(_ event: E.Type, _ payload: E.Payload) throws(BridgeEventRefusal)
        -> String
    {
        BridgeEnvelopeWriter.deliveryScript(try eventEnvelope(event, payload))
    }

    private func refuse(_ refusal: BridgeRefusal, id: String?, frame: BridgeFrame) -> String {
        diagnostics(.bridge(BridgeRefusalEvent(frame: frame, id: id, refusal: refusal)))
        return BridgeEnvelopeWriter.error(id: id, refusal: refusal)
    }
}

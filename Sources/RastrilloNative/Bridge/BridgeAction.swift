/// An action the page may send, as declared in the manifest's `bridge.actions`.
///
/// The manifest compiler generates one conforming type per declared action, so a handler is
/// registered against a type, not a string:
///
/// ```swift
/// dispatcher.handle(BridgeActions.SaveNote.self) { draft in
///     try await store.save(draft)   // NoteDraft in, SaveResult out
/// }
/// ```
public protocol BridgeAction: Sendable {
    /// What the page sends.
    associatedtype Payload: BridgeValue
    /// What native answers.
    associatedtype Reply: BridgeValue
    /// The action's name in the manifest (lowerCamel).
    static var name: String { get }
}

/// An event native may send to the page, as declared in the manifest's `bridge.events`.
public protocol BridgeEvent: Sendable {
    /// What native sends.
    associatedtype Payload: BridgeValue
    /// The event's name in the manifest (lowerCamel).
    static var name: String { get }
}

/// The error a handler throws to answer the page with a failure instead of a reply.
///
/// The page receives it as an error reply with code `action-failed` and this message, so write
/// the message for the person using the page.
public struct BridgeActionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for the page to show or log.
    public let message: String

    /// Creates an error with a message for the page.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

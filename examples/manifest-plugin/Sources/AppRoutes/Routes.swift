import Foundation

/// The app's own API over the generated destinations.
public enum Routes {
    /// The URL of a note screen, built by the generated `Destination`.
    public static func noteURL(_ id: UUID) -> URL? { Destination.note(id: id).url }

    /// The destination id a URL opens natively, or `nil` when it is not a native screen.
    public static func nativeDestinationID(for url: URL) -> String? { Destination(url: url)?.id }
}

/// Exact UTF-8 validation into a `String`, available on every deployment target.
///
/// The standard library's `String(validating:as:)` needs iOS 18 / macOS 15, above this
/// package's iOS 17 / macOS 14 floor; this decodes with repairs and accepts the result only
/// when nothing was repaired, so invalid input is refused rather than silently changed.
public enum UTF8Text {
    /// The text `bytes` spell, or `nil` when they are not well-formed UTF-8.
    public static func string(_ bytes: some Collection<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}

/// One JSON value, as read from a document.
///
/// Arrays hold ``JSONNode``s (value plus position) so every element keeps its place in the source;
/// objects are ``JSONObject``s, which keep members in document order. Numbers are kept as their
/// literal text (``JSONNumber``), so nothing is rounded.
///
/// Equality compares positions too (two nodes read from differently laid-out documents differ);
/// compare ``JSONWriter/compact(_:)`` output to compare content only.
///
/// Not `indirect`: nesting goes through arrays (which are references already), so values need no
/// extra box, one allocation less per value read.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text.
    case number(JSONNumber)
    /// A string, with escapes decoded.
    case string(String)
    /// An array, elements in document order.
    case array([JSONNode])
    /// An object, members in document order, keys unique.
    case object(JSONObject)
}

/// The one way an origin is written out: `scheme://host[:port]`.
///
/// ``ManifestOrigin/description`` (which also builds URLs), ``BridgeFrame/origin`` and the
/// title of a ``WebPageDialog`` all write origins through here, so a person, a log and a
/// built URL never see the same origin written two ways.
enum OriginText {
    /// `scheme://host[:port]`: the scheme lowercased; an IPv6 host in brackets; the port left
    /// out when it is `0` (no port: a custom scheme, or WebKit's "the scheme's default") or the
    /// scheme's default (443 for https, 80 for http).
    static func render(scheme: String, host: String, port: Int) -> String {
        let scheme = scheme.lowercased()
        let host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let isDefault = port == 0 || ManifestOrigin.defaultPort(for: scheme) == port
        return isDefault ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(port)"
    }
}

extension ManifestOrigin {
    /// The schemes that are never an origin, an alias, an external scheme or a trusted bridge
    /// frame: they run script, read local files or name opaque content (`javascript`, `data`,
    /// `file`, `vbscript`, `blob`, `about`, `filesystem`, `view-source`).
    ///
    /// One list decides all four: manifest validation (origins, aliases and
    /// `links.externalSchemes`), ``BridgeTrustPolicy``, and the JSON Schema the compiler prints
    /// (`rastrillo-native manifest schema`). Compare with ``isRefusedScheme(_:)``, which ignores case.
    public static let refusedSchemes: [String] = [
        "javascript", "data", "file", "vbscript", "blob", "about", "filesystem", "view-source",
    ]

    /// Whether `scheme` (any case, without `:`) is one of ``refusedSchemes``.
    public static func isRefusedScheme(_ scheme: String) -> Bool {
        refusedSchemes.contains(scheme.lowercased())
    }
}

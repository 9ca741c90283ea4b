/// Validation of what a companion is made of — app names, bundle IDs, package
/// URLs and revisions — shared by `companion new` (which refuses bad input)
/// and `companion check` (which reports it).
enum CompanionInputs {
    /// The placeholder prefix of the example's bundle IDs.
    static let placeholderBundlePrefix = "com.example"

    /// `nil` when `name` can be an app target name, else why not.
    static func problem(withAppName name: String) -> String? {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64 else {
            return "an app name needs 1 to 64 characters"
        }
        guard ("A"..."Z").contains(first) || ("a"..."z").contains(first) else {
            return "an app name must start with a letter"
        }
        guard
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            })
        else { return "an app name may contain only ASCII letters, digits and '_'" }
        if ["RastrilloNative", "RastrilloCrypto", "CompanionCore"].contains(name) {
            return "'\(name)' is the name of a module the app uses; choose another"
        }
        return nil
    }

    /// `nil` when `identifier` is a valid reverse-DNS bundle ID, else why not.
    static func problem(withBundleID identifier: String) -> String? {
        let parts = identifier.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else {
            return "a bundle ID is reverse DNS with at least two parts, like com.example.app"
        }
        guard identifier.count <= 155 else { return "a bundle ID has at most 155 characters" }
        for part in parts {
            guard !part.isEmpty else { return "a bundle ID has no empty parts (no '..' and no '.' at either end)" }
            guard
                part.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                })
            else { return "a bundle ID may contain only ASCII letters, digits, '-' and '.'" }
            guard part.first != "-" else { return "a part of a bundle ID does not start with '-'" }
        }
        return nil
    }

    /// Whether `identifier` still uses the example's placeholder prefix.
    static func isPlaceholderBundleID(_ identifier: String) -> Bool {
        identifier == placeholderBundlePrefix || identifier.hasPrefix(placeholderBundlePrefix + ".")
    }

    /// `nil` when `url` is an https or SSH git URL, else why not.
    static func problem(withPackageURL url: String) -> String? {
        if url.hasPrefix("https://") || url.hasPrefix("ssh://") {
            let rest = url.drop { $0 != "/" }.dropFirst(2)
            guard let slash = rest.firstIndex(of: "/"), !rest[..<slash].isEmpty, rest[slash...].count > 1 else {
                return "a package URL needs a host and a path, like https://github.com/org/repo.git"
            }
        } else if let at = url.firstIndex(of: "@"), let colon = url.firstIndex(of: ":"), at < colon,
            !url.contains("://")
        {
            guard !url[url.index(after: at)..<colon].isEmpty, url[url.index(after: colon)...].count > 0 else {
                return "an SSH package URL looks like git@github.com:org/repo.git"
            }
        } else {
            return "a package URL is https://… or an SSH git URL (ssh://… or git@host:org/repo.git)"
        }
        if url.unicodeScalars.contains(where: {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control
        }) {
            return "a package URL contains no spaces"
        }
        return nil
    }

    /// Whether `revision` is a full commit sha: 40 hexadecimal digits.
    static func isFullRevision(_ revision: String) -> Bool {
        revision.utf8.count == 40 && revision.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit }
    }

    /// SwiftPM's package identity for a URL: its last path component, without `.git`, lowercased.
    static func packageIdentity(forURL url: String) -> String {
        var last = url.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? url
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }
}

import Foundation

/// A String Catalog (`Localizable.xcstrings`) of plain strings: for each key, its text in each
/// locale. Every entry is written `extractionState: manual` (the keys come from the manifest and
/// the model, not from literals Xcode extracts) and every text `state: translated`.
///
/// ``bytes`` is deterministic and laid out as Xcode writes the file: two-space indentation,
/// `"key" : value`, every object's keys sorted (by their UTF-8 bytes), no newline at the end, so
/// opening the catalog in Xcode leaves it unchanged.
///
/// ```swift
/// var catalog = try StringCatalog.read(templateBytes, file: "Localizable.xcstrings")
/// catalog.add(byLocale: ["en": ["destination.posts": "Posts"], "es": ["destination.posts": "Entradas"]])
/// let bytes = catalog.bytes
/// ```
struct StringCatalog: Equatable, Sendable {
    /// The catalog's development language (`sourceLanguage`).
    var sourceLanguage: String
    /// Each key's text by locale code: key → locale → text.
    var strings: [String: [String: String]]

    /// A catalog in `sourceLanguage` holding `strings` (key → locale → text).
    init(sourceLanguage: String = "en", strings: [String: [String: String]] = [:]) {
        self.sourceLanguage = sourceLanguage
        self.strings = strings
    }

    /// Reads a catalog of plain strings. Anything else — plural or device variations,
    /// substitutions, a text whose state is not `translated`, a version other than 1.0 — is
    /// refused naming the key, so nothing of the file is dropped silently.
    static func read(_ bytes: [UInt8], file: String) throws(CompanionError) -> StringCatalog {
        func refuse(_ problem: String) -> CompanionError { .template("\(file): \(problem)") }
        guard let top = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw refuse("not a JSON object")
        }
        guard Set(top.keys) == ["sourceLanguage", "strings", "version"], top["version"] as? String == "1.0",
            let language = top["sourceLanguage"] as? String, let entries = top["strings"] as? [String: Any]
        else { throw refuse("not a version 1.0 catalog of sourceLanguage, strings and version") }
        var strings: [String: [String: String]] = [:]
        for (key, entry) in entries {
            guard let entry = entry as? [String: Any],
                Set(entry.keys).isSubset(of: ["extractionState", "localizations"]),
                let localizations = entry["localizations"] as? [String: Any]
            else { throw refuse("the entry '\(key)' is not a plain string with localizations") }
            var texts: [String: String] = [:]
            for (locale, localization) in localizations {
                guard let localization = localization as? [String: Any], localization.count == 1,
                    let unit = localization["stringUnit"] as? [String: Any], unit.count == 2,
                    unit["state"] as? String == "translated", let value = unit["value"] as? String
                else { throw refuse("the '\(locale)' text of '\(key)' is not one translated stringUnit") }
                texts[locale] = value
            }
            strings[key] = texts
        }
        return StringCatalog(sourceLanguage: language, strings: strings)
    }

    /// Adds `table` (locale code → key → text, as ``DerivedApp/strings`` holds it); a text
    /// replaces the one the catalog had for that key and locale.
    mutating func add(byLocale table: [String: [String: String]]) {
        for (locale, texts) in table {
            for (key, text) in texts { strings[key, default: [:]][locale] = text }
        }
    }

    /// What ``merge(byLocale:)`` did to a catalog.
    struct Merge: Equatable, Sendable {
        /// A key and locale the catalog had no text for, now holding the app's.
        struct Added: Equatable, Sendable {
            var key: String
            var locale: String
        }

        /// A key and locale where the catalog's text (a hand edit, or the app's old words) differs
        /// from the app's now, and was kept.
        struct Kept: Equatable, Sendable {
            var key: String
            var locale: String
            var catalogText: String
            var appText: String
        }

        /// In key then locale order (``StringCatalog/precedes(_:_:)``).
        var added: [Added] = []
        /// In key then locale order.
        var kept: [Kept] = []

        /// One line per key added (its locales) and per text kept, then a summary line.
        var lines: [String] {
            var seen = Set<String>()
            let keys = added.map(\.key).filter { seen.insert($0).inserted }
            let byKey = Dictionary(grouping: added, by: \.key)
            var lines = keys.map { key in
                "catalog  added \(key): " + byKey[key, default: []].map(\.locale).joined(separator: ", ")
            }
            for kept in kept {
                lines.append(
                    "catalog  kept \(kept.key) (\(kept.locale)): the catalog's \(StringCatalog.quoted(kept.catalogText)), "
                        + "the app's \(StringCatalog.quoted(kept.appText)); edit the catalog to take the app's")
            }
            lines.append(
                "catalog: \(added.count) text(s) added, \(kept.count) kept where the app's words differ")
            return lines
        }
    }

    /// Adds the texts of `table` (locale code → key → text) the catalog lacks, and keeps every text
    /// it has: a team's edit (or a translation) is never overwritten. Keys the app no longer uses stay
    /// too (the companion's own code shows keys no app file names). Returns what was added and,
    /// for each text kept that differs from the app's, both words.
    mutating func merge(byLocale table: [String: [String: String]]) -> Merge {
        var merge = Merge()
        let keys = Set(table.values.flatMap(\.keys)).sorted(by: Self.precedes)
        let locales = table.keys.sorted(by: Self.precedes)
        for key in keys {
            for locale in locales {
                guard let appText = table[locale]?[key] else { continue }
                if let catalogText = strings[key]?[locale] {
                    if catalogText != appText {
                        merge.kept.append(
                            Merge.Kept(key: key, locale: locale, catalogText: catalogText, appText: appText))
                    }
                } else {
                    strings[key, default: [:]][locale] = appText
                    merge.added.append(Merge.Added(key: key, locale: locale))
                }
            }
        }
        return merge
    }

    /// Every locale code any key has a text in, sorted.
    var locales: [String] { Set(strings.values.flatMap(\.keys)).sorted(by: Self.precedes) }

    /// The file's bytes, as Xcode writes a String Catalog (see ``StringCatalog``).
    var bytes: [UInt8] {
        var out = "{\n"
        out += "  \"sourceLanguage\" : \(Self.quoted(sourceLanguage)),\n"
        out += "  \"strings\" : {"
        let keys = strings.keys.sorted(by: Self.precedes)
        for (index, key) in keys.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    \(Self.quoted(key)) : {\n"
            out += "      \"extractionState\" : \"manual\",\n"
            out += "      \"localizations\" : {"
            let texts = strings[key] ?? [:]
            for (position, locale) in texts.keys.sorted(by: Self.precedes).enumerated() {
                out += position == 0 ? "\n" : ",\n"
                out += "        \(Self.quoted(locale)) : {\n"
                out += "          \"stringUnit\" : {\n"
                out += "            \"state\" : \"translated\",\n"
                out += "            \"value\" : \(Self.quoted(texts[locale] ?? ""))\n"
                out += "          }\n"
                out += "        }"
            }
            out += texts.isEmpty ? "}\n" : "\n      }\n"
            out += "    }"
        }
        out += keys.isEmpty ? "},\n" : "\n  },\n"
        out += "  \"version\" : \"1.0\"\n"
        out += "}"
        return Array(out.utf8)
    }

    /// The order of keys in the file: by UTF-8 bytes, the same on every platform and locale.
    static func precedes(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// `text` as a JSON string: `"`, `\` and control characters escaped, nothing else (`/` and
    /// non-ASCII text are written as they are).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

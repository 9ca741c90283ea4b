/// The naming rules of `manifest derive`: ids from a resource's snake_case name and a route's
/// segments, English defaults, and the fixed verb-to-symbol table.
enum DeriveNaming {
    /// The words of a snake_case, kebab-case or UpperCamel name, lowercased
    /// (`ticket_types` → `ticket`, `types`; `MaxPerOrder` → `max`, `per`, `order`).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in name {
            if character == "_" || character == "-" || character == "." || character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase && previousWasLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current += character.lowercased()
            previousWasLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `ticket_types` → `ticketTypes`.
    static func lowerCamel(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return first + words.dropFirst().map(capitalized).joined()
    }

    /// `ticket_types` → `TicketTypes`.
    static func upperCamel(_ words: [String]) -> String {
        words.map(capitalized).joined()
    }

    /// `MaxPerOrder` → `max_per_order`: a field's SQL name (its query and locale-key name).
    static func snake(_ name: String) -> String {
        words(name).joined(separator: "_")
    }

    /// The generator's singular: strip one trailing `s` of the last word (`ticket_types` →
    /// `ticket_type`; a name without one is its own singular).
    static func singular(_ words: [String]) -> [String] {
        guard var last = words.last, last.count > 1, last.hasSuffix("s") else { return words }
        last.removeLast()
        return Array(words.dropLast()) + [last]
    }

    /// Sentence case of `words`: `Ticket types`.
    static func sentence(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return ([capitalized(first)] + words.dropFirst()).joined(separator: " ")
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// Whether `value` can be a manifest enum value: lowerCamel ASCII (`draft`, `onSale`).
    static func isEnumValue(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard let first = bytes.first, (97...122).contains(first), bytes.count <= 64 else { return false }
        return bytes.allSatisfy { (97...122).contains($0) || (65...90).contains($0) || (48...57).contains($0) }
    }

    /// SF Symbols for command verbs; a verb not here gets no symbol (and a report line).
    static let symbols: [String: String] = [
        "new": "plus", "create": "plus", "add": "plus",
        "edit": "pencil",
        "delete": "trash", "remove": "trash", "destroy": "trash",
        "publish": "paperplane", "unpublish": "eye.slash", "send": "paperplane",
        "archive": "archivebox", "unarchive": "arrow.uturn.backward", "restore": "arrow.uturn.backward",
        "renew": "arrow.clockwise", "refresh": "arrow.clockwise", "retry": "arrow.clockwise",
        "duplicate": "plus.square.on.square", "copy": "doc.on.doc",
        "share": "square.and.arrow.up", "export": "square.and.arrow.up", "import": "square.and.arrow.down",
        "approve": "checkmark.circle", "accept": "checkmark.circle", "complete": "checkmark.circle",
        "reject": "xmark.circle", "decline": "xmark.circle", "cancel": "xmark.circle", "close": "xmark.circle",
        "reopen": "arrow.uturn.backward", "lock": "lock", "unlock": "lock.open",
        "pin": "pin", "unpin": "pin.slash", "star": "star", "unstar": "star.slash",
        "signout": "rectangle.portrait.and.arrow.right", "language": "globe",
    ]

    /// Verbs of hand POSTs that are destructive by their name (the report asks the team to check).
    static let destructiveVerbs: Set<String> = ["delete", "remove", "destroy", "purge", "erase"]
}

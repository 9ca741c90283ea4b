/// A keyboard shortcut written as `modifier+…+key` (`cmd+shift+n`, `cmd+return`).
///
/// Modifiers: `cmd`, `shift`, `option`, `control`, each at most once. Keys: a
/// lowercase ASCII letter, a digit, one of `, . / ; ' [ ] \ - = \``, or a named
/// key (`return`, `escape`, `delete`, `tab`, `space`, `up`, `down`, `left`,
/// `right`, `home`, `end`, `pageUp`, `pageDown`). Letters, digits and
/// punctuation need `cmd` or `control` so typing text never triggers them.
public struct KeyboardShortcutSpec: Sendable, Hashable, CustomStringConvertible {
    /// A modifier key.
    public enum Modifier: String, Sendable, Hashable, CaseIterable {
        /// ⌘ (Command).
        case cmd
        /// ⇧ (Shift).
        case shift
        /// ⌥ (Option).
        case option
        /// ⌃ (Control).
        case control
    }

    /// Named keys accepted besides single characters.
    public static let namedKeys: [String] = [
        "return", "escape", "delete", "tab", "space", "up", "down", "left", "right", "home", "end", "pageUp",
        "pageDown",
    ]

    /// The key: one character or a named key.
    public let key: String
    /// The modifiers, in the canonical order cmd, shift, option, control.
    public let modifiers: [Modifier]

    /// The shortcut in its canonical spelling.
    public var description: String { (modifiers.map(\.rawValue) + [key]).joined(separator: "+") }

    /// Parses `text`; `nil` with a reason when it is not a valid shortcut.
    public static func parse(_ text: String) -> Result<KeyboardShortcutSpec, KeyboardShortcutError> {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("++") {  // "cmd++" means the "+" key: not supported, say so
            return .failure(.unknownKey("+"))
        }
        guard let key = parts.popLast(), !key.isEmpty else { return .failure(.missingKey) }
        var seen = Set<Modifier>()
        for part in parts {
            guard let modifier = Modifier(rawValue: part) else { return .failure(.unknownModifier(part)) }
            guard seen.insert(modifier).inserted else { return .failure(.duplicateModifier(part)) }
        }
        let isCharacter = key.count == 1
        if isCharacter {
            guard let byte = key.utf8.first, key.utf8.count == 1,
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || ",./;'[]\\-=`".utf8.contains(byte)
            else { return .failure(.unknownKey(key)) }
            guard seen.contains(.cmd) || seen.contains(.control) else { return .failure(.needsCommandOrControl(key)) }
        } else if !namedKeys.contains(key) {
            return .failure(.unknownKey(key))
        }
        let ordered = Modifier.allCases.filter(seen.contains)
        return .success(KeyboardShortcutSpec(key: key, modifiers: ordered))
    }
}

/// Why a shortcut string was refused.
public enum KeyboardShortcutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing after the last `+`.
    case missingKey
    /// A modifier other than cmd, shift, option, control.
    case unknownModifier(String)
    /// A modifier given twice.
    case duplicateModifier(String)
    /// A key that is neither a single allowed character nor a named key.
    case unknownKey(String)
    /// A character key without cmd or control.
    case needsCommandOrControl(String)

    /// What is wrong and how to write it instead.
    public var description: String {
        switch self {
        case .missingKey: return "the shortcut has no key; write it like \"cmd+shift+n\""
        case .unknownModifier(let text):
            return "unknown modifier '\(text)'; use cmd, shift, option or control, joined with '+'"
        case .duplicateModifier(let text): return "modifier '\(text)' appears twice"
        case .unknownKey(let text):
            return "unknown key '\(text)'; use a lowercase letter, a digit, punctuation or one of "
                + KeyboardShortcutSpec.namedKeys.joined(separator: ", ")
        case .needsCommandOrControl(let text):
            return "key '\(text)' needs cmd or control, otherwise typing '\(text)' would trigger it"
        }
    }
}

extension KeyboardShortcutSpec {
    /// Shortcuts the system keeps for text editing and standard app commands, with the command's
    /// name: ⌘C Copy, ⌘V Paste, ⌘X Cut, ⌘Z Undo, ⇧⌘Z Redo, ⌘A Select All (in every text field and
    /// web page), and on the Mac ⌘Q Quit, ⌘W Close, ⌘H Hide, ⌘M Minimize and ⌘, Settings.
    ///
    /// The manifest validator refuses a command with one of them, so a command can never take
    /// text editing away from a web page or a native field.
    public static let reservedCommands: [KeyboardShortcutSpec: String] = [
        KeyboardShortcutSpec(key: "c", modifiers: [.cmd]): "Copy",
        KeyboardShortcutSpec(key: "v", modifiers: [.cmd]): "Paste",
        KeyboardShortcutSpec(key: "x", modifiers: [.cmd]): "Cut",
        KeyboardShortcutSpec(key: "z", modifiers: [.cmd]): "Undo",
        KeyboardShortcutSpec(key: "z", modifiers: [.cmd, .shift]): "Redo",
        KeyboardShortcutSpec(key: "a", modifiers: [.cmd]): "Select All",
        KeyboardShortcutSpec(key: "q", modifiers: [.cmd]): "Quit (Mac)",
        KeyboardShortcutSpec(key: "w", modifiers: [.cmd]): "Close Window (Mac)",
        KeyboardShortcutSpec(key: "h", modifiers: [.cmd]): "Hide (Mac)",
        KeyboardShortcutSpec(key: "m", modifiers: [.cmd]): "Minimize (Mac)",
        KeyboardShortcutSpec(key: ",", modifiers: [.cmd]): "Settings (Mac)",
    ]

    /// The standard command the system reserves this shortcut for, or `nil` when a command may
    /// use it (see ``reservedCommands``).
    public var reservedCommand: String? { Self.reservedCommands[self] }

    /// Why a command may not use this shortcut, or `nil` when it may.
    var reservedMessage: String? {
        reservedCommand.map {
            "shortcut \(self) is the system's standard \($0) command; a command must not take it from "
                + "text editing or the app menu. Choose another"
        }
    }
}

/// Something the user can do, which each platform presents with its own controls.
///
/// ```json
/// {"id": "newNote", "titleKey": "command.newNote", "symbol": "square.and.pencil",
///  "shortcut": "cmd+n", "placements": ["toolbar", "menu", "appShortcut"],
///  "destinations": ["notes"], "capabilities": ["notes.write"]}
/// ```
public struct ManifestCommand: Sendable, Hashable {
    /// Where a command may appear; each platform picks the ones it has.
    public enum Placement: String, Sendable, Hashable, CaseIterable {
        /// A toolbar button.
        case toolbar
        /// A menu-bar item (macOS, iPadOS).
        case menu
        /// A context-menu item.
        case contextMenu
        /// An entry in an iPhone action menu.
        case actionMenu
        /// An App Shortcut (at most 10 per app).
        case appShortcut
    }

    /// A semantic role, as SwiftUI's `ButtonRole`.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// Deletes or discards data.
        case destructive
        /// Cancels the current operation.
        case cancel
    }

    /// The stable id (lowerCamel).
    public let id: String
    /// The localizable title key.
    public let titleKey: String
    /// An SF Symbol name, if any.
    public let symbol: String?
    /// A keyboard shortcut, if any.
    public let shortcut: KeyboardShortcutSpec?
    /// A semantic role, if any.
    public let role: Role?
    /// Where the command may appear.
    public let placements: [Placement]
    /// Destinations the command applies to (empty: everywhere).
    public let destinations: [String]
    /// Capabilities the command requires.
    public let capabilities: [String]
    /// The web action this command stands for, if it is bound to one (see ``ManifestPageAction``).
    public let pageAction: ManifestPageAction?
}

/// A capability: a named permission that destinations and commands require.
public struct ManifestCapability: Sendable, Hashable {
    /// The id (`notes.write`).
    public let id: String
    /// What it allows, for people reading the manifest.
    public let description: String
}

extension ManifestCapability {
    /// The lowerCamel name generated code uses for this capability (`notes.write` → `notesWrite`).
    public var caseName: String {
        let words = id.split(whereSeparator: { $0 == "." || $0 == "-" }).map(String.init)
        guard let first = words.first else { return id }
        let name = first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return ManifestIdentifier.reserved.contains(name) ? name + "Capability" : name
    }
}

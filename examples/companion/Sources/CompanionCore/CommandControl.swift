import RastrilloNative

/// How a view shows one manifest command: its title key, SF Symbol, shortcut and
/// whether it is destructive, read from the generated `Command` metadata.
struct CommandControl: Hashable, Sendable {
    /// The command.
    let command: Command
    /// The localization key of its title.
    let titleKey: String
    /// The SF Symbol name, if any.
    let symbol: String?
    /// The keyboard shortcut, if any (the view maps it to `KeyEquivalent` and `EventModifiers`).
    let shortcut: KeyboardShortcutSpec?
    /// Whether the command is destructive (shown with the destructive button role).
    let isDestructive: Bool

    /// Reads the control from the command's manifest entry.
    init(_ command: Command) {
        let metadata = command.metadata
        self.command = command
        self.titleKey = metadata.titleKey
        self.symbol = metadata.symbol
        self.shortcut = metadata.shortcut
        self.isDestructive = metadata.role == .destructive
    }
}

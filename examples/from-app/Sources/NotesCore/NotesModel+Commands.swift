import Foundation
import RastrilloNative

/// One manifest command as the menus, toolbar and action menu show it on the visible screen.
struct CommandState: Hashable, Sendable {
    /// The command.
    let command: Command
    /// Whether the visible page offers it exactly once now (``availability`` is `available`), or,
    /// for a command of choices, at least one choice.
    let isEnabled: Bool
    /// What the visible page offers for it.
    let availability: PageCommandAvailability
    /// For a command whose page action binds form fields (``isChoice``): each offer the page
    /// makes, in page order — a submenu item each (Language ▸ English, Español).
    var choices: [PageCommandOffer] = []
    /// Whether the command is a menu of choices told apart by bound fields (the locale switch).
    var isChoice: Bool { !(metadata.pageAction?.fields.isEmpty ?? true) }
    /// Its title key, SF Symbol, shortcut and role, from the manifest.
    var metadata: ManifestCommand { command.metadata }
    /// Whether it is destructive (a native confirmation first).
    var isDestructive: Bool { metadata.role == .destructive }
}

/// Where the Mac menu bar (and the iPad's keyboard menu) shows a `menu` command.
enum MenuSection: Hashable, Sendable {
    /// In place of File ▸ New Window: the command whose shortcut is ⌘N, which SwiftUI's default
    /// New Window item would otherwise take.
    case newItem
    /// The app menu: the manifest's sign-out command (`session.signOut`).
    case app
    /// The app's own menu (Bookmark): every other menu command.
    case pageCommands
}

extension NotesModel {
    /// The menu section of `command` (see ``MenuSection``).
    func menuSection(of command: Command) -> MenuSection {
        if command.rawValue == manifest.session?.signOut { return .app }
        if command.metadata.shortcut?.description == "cmd+n" { return .newItem }
        return .pageCommands
    }

    /// The `menu` commands of one section of the menu bar, with their state (see ``commands(for:)``).
    func menuCommands(in section: MenuSection) -> [CommandState] {
        commands(for: .menu).filter { menuSection(of: $0.command) == section }
    }

    /// Every command of the manifest with its state on the visible screen, in manifest order:
    /// enabled only while the page offers it once (``availability(of:on:)``); disabled while a
    /// navigation is under way, a failure or sign-in covers the page, or there is no screen.
    var commandStates: [CommandState] {
        Command.allCases.map { command in
            let offered = visible.map { self.availability(of: command, on: $0) } ?? .unavailable
            var state = CommandState(command: command, isEnabled: false, availability: offered)
            if state.isChoice {
                state.choices = visible?.page.choices(of: command.rawValue) ?? []
                return CommandState(
                    command: command, isEnabled: !state.choices.isEmpty, availability: offered, choices: state.choices)
            }
            if case .available = offered {
                return CommandState(command: command, isEnabled: true, availability: offered)
            }
            return state
        }
    }

    /// A choice's title: for a bound `locale` field, the language's own name in the person's
    /// language ("Spanish", "Español"); otherwise the field values as the page sends them.
    func choiceTitle(_ offer: PageCommandOffer, locale: Locale = .current) -> String {
        let values = offer.fields.sorted { $0.key < $1.key }
        if values.count == 1, values[0].key == "locale",
            let name = locale.localizedString(forIdentifier: values[0].value), !name.isEmpty
        {
            return name
        }
        return values.map(\.value).joined(separator: ", ")
    }

    /// The commands a placement shows, with their state. The Mac menu bar (`menu`) lists every
    /// menu command always, so the menus keep their shape; the toolbar, the action menu and the
    /// title menu (`contextMenu`) list those that apply to the visible screen's destination (the
    /// manifest's `destinations`), each enabled only while the page offers it.
    func commands(for placement: ManifestCommand.Placement) -> [CommandState] {
        let destination = visible?.screen.destination
        return commandStates.filter { state in
            state.metadata.placements.contains(placement)
                && (placement == .menu || state.command.applies(to: destination))
        }
    }

    /// Whether `screen`'s page offers `command` now (``WebScreenModel/availability(of:)``; a link
    /// to the page itself, such as a skip link to `#main`, is never offered).
    func availability(of command: Command, on screen: NotesScreen) -> PageCommandAvailability {
        screen.page.availability(of: command.rawValue)
    }

    /// The person chose `command` on the visible screen: the page submits its form or follows
    /// its link (``WebScreenEffect/invokePageAction(_:)``), a destructive command waits for
    /// ``confirm(_:)`` (``confirmation``), and a command the page does not offer once does
    /// nothing — never anything else in its place.
    @discardableResult
    func request(_ command: Command) -> PageCommandRequest {
        guard let screen = visible else { return .unavailable }
        if case .unavailable = availability(of: command, on: screen) { return .unavailable }
        let request = screen.page.request(command.rawValue)
        if case .confirm(let asked) = request {
            confirmation = PendingConfirmation(screen: screen.id, confirmation: asked)
        }
        return request
    }

    /// The person chose one of a command's choices (``CommandState/choices``): as
    /// ``request(_:)`` for the page's offer with those params.
    @discardableResult
    func request(_ command: Command, choice params: LinkParams) -> PageCommandRequest {
        guard let screen = visible else { return .unavailable }
        let request = screen.page.request(command.rawValue, params: params)
        if case .confirm(let asked) = request {
            confirmation = PendingConfirmation(screen: screen.id, confirmation: asked)
        }
        return request
    }

    /// The person answered the confirmation: `accept` runs the command if the page still offers
    /// exactly it (``WebScreenModel/confirm(_:)``); either way the confirmation goes away.
    @discardableResult
    func confirm(_ accept: Bool) -> PageCommandRequest {
        guard let pending = confirmation else { return .unavailable }
        confirmation = nil
        guard accept, let screen = screen(pending.screen) else { return .unavailable }
        return screen.page.confirm(pending.confirmation)
    }

    /// Try Again on a screen's failure view (``WebScreenFailure/forbidden`` loads the page the
    /// form was on), or a reload (⌘R, pull-to-refresh): through the screen's one runner.
    func retry(_ screen: NotesScreen) {
        startReload(screen)
    }
}

import RastrilloNative
import SwiftUI

extension KeyboardShortcutSpec {
    /// The SwiftUI shortcut; `nil` only for a key SwiftUI has no equivalent for.
    var swiftUI: KeyboardShortcut? {
        let equivalent: KeyEquivalent
        switch key {
        case "return": equivalent = .return
        case "escape": equivalent = .escape
        case "delete": equivalent = .delete
        case "tab": equivalent = .tab
        case "space": equivalent = .space
        case "up": equivalent = .upArrow
        case "down": equivalent = .downArrow
        case "left": equivalent = .leftArrow
        case "right": equivalent = .rightArrow
        case "home": equivalent = .home
        case "end": equivalent = .end
        case "pageUp": equivalent = .pageUp
        case "pageDown": equivalent = .pageDown
        default:
            guard key.count == 1, let character = key.first else { return nil }
            equivalent = KeyEquivalent(character)
        }
        var eventModifiers: EventModifiers = []
        for modifier in modifiers {
            switch modifier {
            case .cmd: eventModifiers.insert(.command)
            case .shift: eventModifiers.insert(.shift)
            case .option: eventModifiers.insert(.option)
            case .control: eventModifiers.insert(.control)
            }
        }
        return KeyboardShortcut(equivalent, modifiers: eventModifiers)
    }
}

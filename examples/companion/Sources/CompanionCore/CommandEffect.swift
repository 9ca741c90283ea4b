import Foundation

/// What the view does after ``CompanionModel/perform(_:)`` ran a command.
enum CommandEffect: Hashable, Sendable {
    /// Nothing more: the model did it all.
    case none
    /// Copy this text to the pasteboard (the view owns the pasteboard).
    case copy(String)
}

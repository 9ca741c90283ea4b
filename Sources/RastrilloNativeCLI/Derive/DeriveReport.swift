/// The report `manifest derive` prints after every run: one line per item it derived,
/// defaulted or left for the team, and one per route it did not map, with why.
struct DeriveReport: Sendable, Equatable {
    /// How an item came to be.
    enum Status: String, Sendable, CaseIterable {
        /// Read off the app's files.
        case derived
        /// Not in the app's files: a default was written (the detail says which).
        case defaulted
        /// Not in the app's files and no safe default: the team decides (usually in the overlay).
        case needsYou = "needs-you"
        /// A route of the app that is neither a destination nor a command.
        case notMapped = "not-mapped"
        /// Taken from the overlay.
        case overlay
    }

    /// One line of the report.
    struct Item: Sendable, Equatable {
        /// How it came to be.
        var status: Status
        /// What it is about: `destination ticketTypes`, `route POST /x/bulk`, `session`.
        var subject: String
        /// Where it came from or why, in one sentence.
        var detail: String
    }

    /// The items, in the order the deriver met them.
    var items: [Item] = []

    mutating func add(_ status: Status, _ subject: String, _ detail: String) {
        items.append(Item(status: status, subject: subject, detail: detail))
    }

    /// The items of `status`.
    func items(_ status: Status) -> [Item] { items.filter { $0.status == status } }

    /// The report as printed: `status  subject: detail` lines, then one summary line.
    var text: String {
        let width = Status.allCases.map(\.rawValue.count).max() ?? 0
        var lines = items.map { item in
            item.status.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + item.subject + ": "
                + item.detail
        }
        let counts = Status.allCases.map { status in "\(items(status).count) \(status.rawValue)" }
        lines.append("derive: " + counts.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }
}

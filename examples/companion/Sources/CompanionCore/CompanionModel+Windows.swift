extension CompanionModel {
    /// Whether `destination` may open in a window of its own (Mac, iPad: "Open in New Window"):
    /// a screen the app shows itself — not a link out to the system browser (`externalBrowser`) —
    /// whose capabilities the person has. A window restored with a destination that no longer
    /// qualifies shows nothing.
    func opensInNewWindow(_ destination: Destination) -> Bool {
        let metadata = destination.metadata
        return metadata.link != .externalBrowser
            && metadata.capabilities.allSatisfy { Capability(rawValue: $0).map(capabilities.contains) ?? false }
    }

    /// What File ▸ Open in New Window opens: the selected destination, when it may open a window.
    var newWindowDestination: Destination? {
        selectedDestination.flatMap { opensInNewWindow($0) ? $0 : nil }
    }
}

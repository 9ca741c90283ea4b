/// Which navigation container the companion uses.
public enum CompanionLayout: Sendable, Equatable {
    /// `NavigationSplitView`: Mac, and iPad in a regular-width window.
    case split
    /// `NavigationStack`: iPhone, and iPad in a compact (narrow) window.
    case stack

    /// Chooses the layout from the horizontal size class; `nil` (macOS, which
    /// has no size classes) means split.
    public init(horizontalSizeClassIsCompact: Bool?) {
        self = horizontalSizeClassIsCompact == true ? .stack : .split
    }
}

import Foundation

/// The tests that check Swift against another language's implementation (PyYAML, node's WHATWG
/// `URL`, Python's `http.server` and a Python TLS server) run only when `make swift-oracles`
/// asks for them, so `swift test` needs nothing beyond a Swift toolchain.
///
/// Without `RASTRILLO_ORACLES=1` such a test is skipped with a reason naming the make step
/// (`swift test` lists it as skipped; a skip is never a pass). `make swift-oracles`, in
/// `make ci`, sets the variable, runs them and fails unless every one of them ran and passed.
///
/// ```swift
/// @Test(
///     "reads as PyYAML reads it",
///     .enabled(if: CrossLanguageOracles.enabled, "needs python3 with PyYAML: make swift-oracles runs it"))
/// ```
public enum CrossLanguageOracles {
    /// The environment variable `make swift-oracles` sets to `1`.
    public static let variable = "RASTRILLO_ORACLES"

    /// Whether this run may start the other languages' programs.
    public static var enabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }
}

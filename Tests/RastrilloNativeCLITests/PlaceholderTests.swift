import Testing
@testable import RastrilloNativeCLI

// Placeholder until this module's issue lands its tests.
@Test func RastrilloNativeCLIBuilds() { #expect(RastrilloNativeCLIPlaceholder.self == RastrilloNativeCLIPlaceholder.self) }

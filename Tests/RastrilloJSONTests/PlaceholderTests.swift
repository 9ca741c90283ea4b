import Testing
@testable import RastrilloJSON

// Placeholder until this module's issue lands its tests.
@Test func RastrilloJSONBuilds() { #expect(RastrilloJSONPlaceholder.self == RastrilloJSONPlaceholder.self) }

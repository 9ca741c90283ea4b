import Testing
@testable import RastrilloCrypto

// Placeholder until this module's issue lands its tests.
@Test func RastrilloCryptoBuilds() { #expect(RastrilloCryptoPlaceholder.self == RastrilloCryptoPlaceholder.self) }

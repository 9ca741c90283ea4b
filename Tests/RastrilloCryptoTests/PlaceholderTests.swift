import Testing

@testable import RastrilloCrypto

// Placeholder until this module's issue lands its tests.
@Test func placeholderTargetBuilds() {
    #expect(String(describing: RastrilloCryptoPlaceholder.self).hasSuffix("Placeholder"))
}

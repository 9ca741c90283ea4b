import Testing

@testable import RastrilloJSON

// Placeholder until this module's issue lands its tests.
@Test func placeholderTargetBuilds() {
    #expect(String(describing: RastrilloJSONPlaceholder.self).hasSuffix("Placeholder"))
}

import Testing
@testable import RastrilloManifestCompiler

// Placeholder until this module's issue lands its tests.
@Test func RastrilloManifestCompilerBuilds() { #expect(RastrilloManifestCompilerPlaceholder.self == RastrilloManifestCompilerPlaceholder.self) }

import Foundation
import Testing

@testable import AppRoutes

@Suite("Routes generated at build time by RastrilloManifestPlugin")
struct RoutesTests {
    @Test("A generated destination round-trips through its URL")
    func roundTrip() throws {
        let id = try #require(UUID(uuidString: "0F6F1C9E-2B7D-4B8E-9C55-3C2D1A0B9E77"))
        let url = try #require(Routes.noteURL(id))
        #expect(url.absoluteString.lowercased() == "https://notes.example.com/notes/\(id.uuidString.lowercased())")
        #expect(Destination(url: url) == .note(id: id))
        #expect(Routes.nativeDestinationID(for: url) == "note")
    }

    @Test("A value that does not parse as the param's type is no match")
    func badParamIsNoMatch() throws {
        let url = try #require(URL(string: "https://notes.example.com/notes/not-a-uuid"))
        #expect(Destination(url: url) == nil)
    }
}

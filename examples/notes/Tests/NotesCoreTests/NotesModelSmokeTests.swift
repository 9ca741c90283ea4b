import RastrilloNative
import Testing

@testable import NotesCore

@MainActor
struct NotesModelSmokeTests {
    @Test func launchShowsBookmarks() {
        let model = NotesModel()
        model.launch()
        #expect(model.stack.map(\.screen) == [.destination(.bookmarks)])
    }
}

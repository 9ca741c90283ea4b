import RastrilloNative
import RastrilloTestSupport

/// Random ServeMux patterns over a tiny alphabet, so overlaps are frequent.
enum RandomPatterns {
    static func pattern(using generator: inout SeededGenerator) -> PathPattern {
        let count = Int.random(in: 0...3, using: &generator)
        var text = ""
        var names = 0
        for _ in 0..<count {
            switch Int.random(in: 0..<3, using: &generator) {
            case 0, 1: text += "/" + ["a", "b"].randomElement(using: &generator)!
            default:
                names += 1
                text += "/{w\(names)}"
            }
        }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: text += "/"
        case 1: text += "/{$}"
        case 2: text += "/{rest...}"
        default: if text.isEmpty { text = "/" }
        }
        return try! PathPattern(parsing: text)
    }
}

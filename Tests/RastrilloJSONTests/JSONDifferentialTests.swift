import Foundation
import RastrilloJSON
import RastrilloTestSupport
import Testing

/// On documents both accept, RastrilloJSON and Foundation's JSONSerialization agree on the values.
@Suite struct JSONDifferentialTests {
    @Test func agreesWithJSONSerialization() throws {
        let seed = SeededGenerator.seed("JSON differential", fallback: 0x5EED_0005)
        var generator = JSONModelGenerator(random: SeededGenerator(seed: seed), smallNumbers: true)
        var compared = 0
        for iteration in 0..<800 {
            let text = generator.render(generator.model())
            let data = Data(text.utf8)
            let node = try JSONReader().read(Array(text.utf8))
            guard let foundation = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                continue
            }
            compared += 1
            #expect(Self.agree(node.value, foundation), "seed \(seed) iteration \(iteration): \(text)")
        }
        #expect(compared > 700, "seed \(seed): only \(compared) documents compared")
    }

    @Test(arguments: [
        #"{"a":"\ud83d\ude00","b":[1,-2.5,3e2,0],"c":{"d":null,"e":true}}"#,
        #"["\u2028\u2029","é","e\u0301","\"\\\/\b\f\n\r\t"]"#,
        #"[123456789,-0,0.000001,1E-7]"#,
    ])
    func agreesOnFixedDocuments(text: String) throws {
        let node = try JSONReader().read(Array(text.utf8))
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        #expect(Self.agree(node.value, foundation))
    }

    static func agree(_ value: JSONValue, _ foundation: Any) -> Bool {
        switch value {
        case .null:
            return foundation is NSNull
        case .bool(let flag):
            return (foundation as? Bool) == flag
        case .number(let number):
            guard let other = foundation as? NSNumber else { return false }
            if let integer = number.int64 { return other.int64Value == integer || other.doubleValue == Double(integer) }
            guard let double = number.double else { return false }
            return abs(other.doubleValue - double) <= abs(double) * 1e-12
        case .string(let text):
            guard let other = foundation as? String else { return false }
            return Array(other.unicodeScalars) == Array(text.unicodeScalars)
        case .array(let elements):
            guard let other = foundation as? [Any], other.count == elements.count else { return false }
            return zip(elements, other).allSatisfy { agree($0.value, $1) }
        case .object(let object):
            guard let other = foundation as? [String: Any], other.count == object.members.count else { return false }
            return object.members.allSatisfy { member in
                other[member.key].map { agree(member.value.value, $0) } ?? false
            }
        }
    }
}

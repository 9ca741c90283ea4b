/// Builds the ``JSONNode`` tree of a checked tape (``JSONReader/read(_:)``), decoding strings and
/// numbers and counting positions in one forward pass.
struct JSONTreeBuilder {
    let bytes: UnsafeBufferPointer<UInt8>
    let tape: UnsafeBufferPointer<JSONTapeEntry>
    private var counter = JSONPositionCounter()

    init(bytes: UnsafeBufferPointer<UInt8>, tape: UnsafeBufferPointer<JSONTapeEntry>) {
        self.bytes = bytes
        self.tape = tape
    }

    /// The node for the value at tape index `index`; moves `index` past it.
    mutating func node(_ index: inout Int) -> JSONNode {
        let entry = tape[index]
        let position = counter.position(of: entry.start, in: bytes)
        index += 1
        let value: JSONValue
        switch entry.kind {
        case .null: value = .null
        case .true: value = .bool(true)
        case .false: value = .bool(false)
        case .number:
            let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.end]), as: UTF8.self)
            value = .number(JSONNumber(checkedLiteral: literal))
        case .string, .escapedString:
            value = .string(JSONParser.string(entry, in: bytes))
        case .array:
            var elements: [JSONNode] = []
            elements.reserveCapacity(Int(entry.count))
            for _ in 0..<entry.count { elements.append(node(&index)) }
            value = .array(elements)
        case .object:
            var members: [JSONMember] = []
            members.reserveCapacity(Int(entry.count))
            for _ in 0..<entry.count {
                let keyEntry = tape[index]
                let keyPosition = counter.position(of: keyEntry.start, in: bytes)
                let key = JSONParser.string(keyEntry, in: bytes)
                index += 1
                members.append(JSONMember(key: key, keyPosition: keyPosition, value: node(&index)))
            }
            value = .object(JSONObject(uniqueMembers: members))
        }
        return JSONNode(value: value, position: position, endOffset: entry.end)
    }
}

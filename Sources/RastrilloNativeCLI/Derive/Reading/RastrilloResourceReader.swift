import RastrilloJSON

/// One resource of a Rastrillo app, as `rastrillo generate` writes it to `gen/manifest.json`.
///
/// Only what a companion uses is kept; keys this reader does not know are tolerated (the
/// format's evolution is additive only).
struct RastrilloResource: Sendable, Equatable {
    /// One list column or form field.
    struct Field: Sendable, Equatable {
        /// The field's name: UpperCamel in forms and columns (`MaxPerOrder`).
        var name: String
        /// `text`, `textarea` or `money` (kept as written; an unknown kind is not refused).
        var kind: String
    }

    /// The list's one filter: a dropdown of GET links `?<sql_field>=<value>`.
    struct Filter: Sendable, Equatable {
        /// The filtered field (`Status`).
        var field: String
        /// Its values, each `[a-z0-9_-]+`.
        var values: [String]
    }

    /// snake_case, unique: the locale-key stem (`ticket_types`).
    var name: String
    /// The list's path: starts with `/`, no trailing slash (`/admin/ticket_types`).
    var route: String
    /// The list's columns.
    var columns: [Field]
    /// Whether the list takes `?q=`.
    var search: Bool
    /// The list's filters (at most one in today's generator).
    var filters: [Filter]
    /// The form's basic fields.
    var basics: [Field]
    /// The form's advanced fields; empty when the resource has no advanced form.
    var advanced: [Field]
}

/// Why `gen/manifest.json` could not be read: a JSON pointer into it and what is wrong.
struct RastrilloResourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where (`/0/list/filters/0/values/2`); empty for the whole document.
    var pointer: String
    /// What is wrong.
    var message: String

    var description: String { (pointer.isEmpty ? "/" : pointer) + ": " + message }
}

/// Reads `gen/manifest.json`: a JSON array of resources, strict JSON, unknown keys tolerated.
enum RastrilloResourceReader {
    /// The largest file read (a real one is a few KB per resource).
    static let maxBytes = 8 * 1024 * 1024

    /// The resources of `bytes`, in file order.
    static func read(_ bytes: [UInt8]) throws(RastrilloResourceError) -> [RastrilloResource] {
        let root: JSONNode
        do {
            root = try JSONReader(options: .init(maxBytes: maxBytes, maxDepth: 32)).read(bytes)
        } catch {
            throw RastrilloResourceError(pointer: "", message: "not valid JSON (\(error))")
        }
        guard let items = root.value.arrayValue else {
            throw RastrilloResourceError(
                pointer: "", message: "expected a JSON array of resources, found \(root.value.kindName)")
        }
        var resources: [RastrilloResource] = []
        for (index, item) in items.enumerated() {
            resources.append(try resource(item.value, at: "/\(index)"))
        }
        return resources
    }

    private static func resource(_ value: JSONValue, at pointer: String) throws(RastrilloResourceError)
        -> RastrilloResource
    {
        let object = try object(value, at: pointer)
        let name = try string(object, "name", at: pointer)
        guard isSnakeName(name) else {
            throw RastrilloResourceError(
                pointer: pointer + "/name", message: "'\(name)' is not a snake_case name ([a-z][a-z0-9_]*)")
        }
        let route = try string(object, "route", at: pointer)
        guard route.hasPrefix("/"), route == "/" || !route.hasSuffix("/") else {
            throw RastrilloResourceError(
                pointer: pointer + "/route", message: "'\(route)' must start with '/' and not end with '/'")
        }
        var resource = RastrilloResource(
            name: name, route: route, columns: [], search: false, filters: [], basics: [], advanced: [])
        if let list = try optionalObject(object, "list", at: pointer) {
            let at = pointer + "/list"
            resource.columns = try fields(list, "columns", nameKey: "field", at: at)
            if let search = list["search"], !search.value.isNull {
                guard let flag = search.value.boolValue else {
                    throw RastrilloResourceError(pointer: at + "/search", message: "expected true or false")
                }
                resource.search = flag
            }
            resource.filters = try filters(list, at: at)
        }
        if let form = try optionalObject(object, "form", at: pointer) {
            resource.basics = try fields(form, "basics", nameKey: "name", at: pointer + "/form")
            resource.advanced = try fields(form, "advanced", nameKey: "name", at: pointer + "/form")
        }
        return resource
    }

    private static func filters(_ list: JSONObject, at pointer: String) throws(RastrilloResourceError)
        -> [RastrilloResource.Filter]
    {
        guard let node = list["filters"], !node.value.isNull else { return [] }
        guard let items = node.value.arrayValue else {
            throw RastrilloResourceError(pointer: pointer + "/filters", message: "expected an array or null")
        }
        var filters: [RastrilloResource.Filter] = []
        for (index, item) in items.enumerated() {
            let at = pointer + "/filters/\(index)"
            let object = try object(item.value, at: at)
            let field = try string(object, "field", at: at)
            guard let valuesNode = object["values"], let values = valuesNode.value.arrayValue else {
                throw RastrilloResourceError(pointer: at + "/values", message: "expected an array of strings")
            }
            var texts: [String] = []
            for (valueIndex, value) in values.enumerated() {
                guard let text = value.value.stringValue, isFilterValue(text) else {
                    throw RastrilloResourceError(
                        pointer: at + "/values/\(valueIndex)", message: "expected a string of [a-z0-9_-]+")
                }
                texts.append(text)
            }
            filters.append(.init(field: field, values: texts))
        }
        return filters
    }

    private static func fields(_ object: JSONObject, _ key: String, nameKey: String, at pointer: String)
        throws(RastrilloResourceError) -> [RastrilloResource.Field]
    {
        guard let node = object[key], !node.value.isNull else { return [] }
        guard let items = node.value.arrayValue else {
            throw RastrilloResourceError(pointer: pointer + "/" + key, message: "expected an array or null")
        }
        var fields: [RastrilloResource.Field] = []
        for (index, item) in items.enumerated() {
            let at = pointer + "/\(key)/\(index)"
            let field = try Self.object(item.value, at: at)
            let name = try string(field, nameKey, at: at)
            guard isFieldName(name) else {
                throw RastrilloResourceError(
                    pointer: at + "/" + nameKey, message: "'\(name)' is not a field name ([A-Za-z][A-Za-z0-9_]*)")
            }
            let kind = field["kind"]?.value.stringValue ?? "text"
            fields.append(.init(name: name, kind: kind))
        }
        return fields
    }

    private static func object(_ value: JSONValue, at pointer: String) throws(RastrilloResourceError) -> JSONObject {
        guard let object = value.objectValue else {
            throw RastrilloResourceError(pointer: pointer, message: "expected an object, found \(value.kindName)")
        }
        return object
    }

    private static func optionalObject(_ object: JSONObject, _ key: String, at pointer: String)
        throws(RastrilloResourceError) -> JSONObject?
    {
        guard let node = object[key], !node.value.isNull else { return nil }
        return try Self.object(node.value, at: pointer + "/" + key)
    }

    private static func string(_ object: JSONObject, _ key: String, at pointer: String)
        throws(RastrilloResourceError) -> String
    {
        guard let node = object[key] else {
            throw RastrilloResourceError(pointer: pointer, message: "missing '\(key)'")
        }
        guard let text = node.value.stringValue else {
            throw RastrilloResourceError(
                pointer: pointer + "/" + key, message: "expected a string, found \(node.value.kindName)")
        }
        return text
    }

    static func isSnakeName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), bytes.count <= 64
        else { return false }
        return bytes.allSatisfy { isLower($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    static func isFieldName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLetter(first), bytes.count <= 64 else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    static func isFilterValue(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.utf8.allSatisfy { isLower($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool {
        isLower(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}

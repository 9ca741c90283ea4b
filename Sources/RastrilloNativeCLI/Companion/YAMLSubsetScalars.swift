/// Scalars and one-line flow sequences of ``YAMLSubsetReader``.
enum YAMLSubsetScalars {
    /// A value written on one line: a flow sequence, a quoted scalar or a plain scalar.
    static func value(_ text: String, line: Int) throws(YAMLSubsetError) -> YAMLNode {
        guard let first = text.first else { return YAMLNode(line: line, value: .null) }
        switch first {
        case "[":
            return try flowSequence(text, line: line)
        case "\"", "'":
            let (string, end) = try quoted(text, line: line)
            guard end == text.endIndex else {
                throw YAMLSubsetError(line: line, message: "unexpected text after the quoted scalar: '\(text[end...])'")
            }
            return YAMLNode(line: line, value: .string(string))
        default:
            return YAMLNode(line: line, value: try plain(text, line: line, inFlow: false))
        }
    }

    /// `[a, "b", 'c']` on one line; items are scalars.
    static func flowSequence(_ text: String, line: Int) throws(YAMLSubsetError) -> YAMLNode {
        guard text.hasSuffix("]"), text.count >= 2 else {
            throw YAMLSubsetError(line: line, message: "a flow list must close with ']' on the same line")
        }
        let inner = text.dropFirst().dropLast()
        if inner.allSatisfy({ $0 == " " }) { return YAMLNode(line: line, value: .sequence([])) }
        var items: [YAMLNode] = []
        var rest = Substring(inner)
        while true {
            rest = rest.drop { $0 == " " }
            guard let first = rest.first else {
                throw YAMLSubsetError(line: line, message: "empty item in a flow list; remove the extra ','")
            }
            if first == "\"" || first == "'" {
                let (string, end) = try quoted(String(rest), line: line)
                items.append(YAMLNode(line: line, value: .string(string)))
                let restString = String(rest)
                rest = restString[end...].drop { $0 == " " }
            } else if first == "[" || first == "{" {
                throw YAMLSubsetError(line: line, message: "nested flow collections are outside the supported subset")
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                var itemText = rest[..<end]
                while itemText.last == " " { itemText.removeLast() }
                if itemText.isEmpty {
                    throw YAMLSubsetError(line: line, message: "empty item in a flow list; remove the extra ','")
                }
                items.append(YAMLNode(line: line, value: try plain(String(itemText), line: line, inFlow: true)))
                rest = rest[end...]
            }
            guard let separator = rest.first else { break }
            guard separator == "," else {
                throw YAMLSubsetError(line: line, message: "expected ',' or ']' in the flow list, found '\(separator)'")
            }
            rest = rest.dropFirst()
            if rest.allSatisfy({ $0 == " " }) {
                throw YAMLSubsetError(
                    line: line, message: "a trailing ',' in a flow list is outside the supported subset")
            }
        }
        return YAMLNode(line: line, value: .sequence(items))
    }

    /// A quoted scalar at the start of `text`; returns its value and the index after the closing quote.
    static func quoted(_ text: String, line: Int) throws(YAMLSubsetError) -> (String, String.Index) {
        let quote = text[text.startIndex]
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if quote == "'" && character == "'" {
                if index < text.endIndex && text[index] == "'" {
                    value.append("'")
                    index = text.index(after: index)
                    continue
                }
                return (value, index)
            }
            if quote == "\"" && character == "\"" { return (value, index) }
            if quote == "\"" && character == "\\" {
                guard index < text.endIndex else { break }
                let escaped = text[index]
                index = text.index(after: index)
                switch escaped {
                case "\\": value.append("\\")
                case "\"": value.append("\"")
                case "n": value.append("\n")
                case "t": value.append("\t")
                default:
                    throw YAMLSubsetError(
                        line: line,
                        message:
                            "the escape '\\\(escaped)' is outside the supported subset (use \\\\, \\\", \\n or \\t)")
                }
                continue
            }
            value.append(character)
        }
        throw YAMLSubsetError(line: line, message: "a quoted scalar must end on the line it starts")
    }

    /// Resolves a plain scalar, refusing what YAML 1.1 and 1.2 would read differently.
    static func plain(_ text: String, line: Int, inFlow: Bool) throws(YAMLSubsetError) -> YAMLNode.Value {
        let quoteIt = "; quote it (\"\(text)\") to mean the text"
        switch text.first! {
        case "&": throw YAMLSubsetError(line: line, message: "anchors (&) are outside the supported subset")
        case "*": throw YAMLSubsetError(line: line, message: "aliases (*) are outside the supported subset")
        case "!": throw YAMLSubsetError(line: line, message: "tags (!) are outside the supported subset")
        case "|", ">":
            throw YAMLSubsetError(
                line: line,
                message: "block scalars (| and >) are outside the supported subset; write the value on one line")
        case "{":
            throw YAMLSubsetError(
                line: line,
                message: "flow mappings ({…}) are outside the supported subset; write the mapping in block style")
        case "]", "}", ",", "#", "%", "@", "`", "?", ":", "-":
            throw YAMLSubsetError(line: line, message: "'\(text)' starts with the indicator '\(text.first!)'" + quoteIt)
        default: break
        }
        if text.contains(": ") || text.hasSuffix(":") {
            throw YAMLSubsetError(line: line, message: "'\(text)' contains ': ' inside a value" + quoteIt)
        }
        if inFlow, let bad = text.first(where: { "[]{},:?".contains($0) }) {
            throw YAMLSubsetError(line: line, message: "'\(bad)' inside a flow list item" + quoteIt)
        }
        switch text {
        case "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .boolean(true)
        case "false", "False", "FALSE": return .boolean(false)
        case "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N":
            throw YAMLSubsetError(
                line: line,
                message: "'\(text)' is a boolean in YAML 1.1 but text in YAML 1.2 (XcodeGen)" + quoteIt
                    + ", or write true/false")
        case "=", "<<":
            throw YAMLSubsetError(line: line, message: "'\(text)' has a special meaning in YAML" + quoteIt)
        default: break
        }
        let first = text.unicodeScalars.first!
        if first == "." {
            // `.5`, `.inf`, `.nan` are floats in YAML; `../..` and `.build` are text.
            let second = text.unicodeScalars.dropFirst().first
            let isFloat = second.map { ("0"..."9").contains($0) || $0 == "_" } ?? false
            guard isFloat || [".inf", ".nan"].contains(text.lowercased()) else { return .string(text) }
        }
        if ("0"..."9").contains(first) || first == "+" || first == "." {
            if text == "0" || (first != "0" && first != "+" && first != "." && text.allSatisfy(\.isASCIIDigit)),
                let number = Int(text)
            {
                return .integer(number)
            }
            throw YAMLSubsetError(
                line: line,
                message: "'\(text)' starts like a number but is not a plain integer (YAML may read it as a float, "
                    + "octal number or date)" + quoteIt)
        }
        return .string(text)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

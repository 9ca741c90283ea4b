/// One route registration call found in Go source.
struct GoRouteRegistration: Equatable, Sendable {
    /// Which router API the call looks like.
    enum Kind: Equatable, Sendable {
        /// `.HandleFunc(pattern, h)` or `.Handle(pattern, h)`: a `net/http` ServeMux pattern
        /// (`"[METHOD ][HOST]/path"`).
        case serveMux
        /// chi's `.Get(pattern, h)` and the other verbs, `.Method(verb, pattern, h)`,
        /// `.Mount(pattern, h)` and `.Route(pattern, fn)`.
        case chi
    }

    /// Which router API the call looks like.
    var kind: Kind
    /// The method called, as written: `HandleFunc`, `Get`, `Method`, `Mount`, `Route`, …
    var call: String
    /// The HTTP method: a ServeMux pattern's method (`nil` when it has none: any method), the
    /// chi verb of the call (`Get` → `GET`), `.Method`'s literal verb upper-cased; `nil` for
    /// `Mount` and `Route`.
    var method: String?
    /// A ServeMux pattern's host part (`example.com` in `"GET example.com/x"`), else `nil`.
    var host: String?
    /// The path pattern (`/bookmarks/{id}`), as the literal spells it after the method and host;
    /// it starts with `/` unless the ServeMux literal was malformed. Empty when not literal.
    var pattern: String
    /// The 1-based line of the call's name.
    var line: Int
    /// Whether the pattern (and `.Method`'s verb) is a single string literal. When `false` the
    /// caller lists the route as not mapped: `pattern` is empty, and `method` is known only from
    /// the call's name.
    var isLiteral: Bool
}

/// What ``GoRouteScanner`` found in one Go file.
struct GoSourceScan: Equatable, Sendable {
    /// The file's import paths, in order (single, aliased, dot, blank and grouped imports).
    var imports: [String] = []
    /// Route registrations, in the order their calls start in the file.
    var routes: [GoRouteRegistration] = []
    /// Whether the file was longer than ``GoRouteScanner/maxBytes`` and only its start was read.
    var truncated = false
}

/// Finds route registrations and imports in Go source text.
///
/// Not a Go parser: a lexer that knows Go's comments (`//`, `/* */`), interpreted strings with
/// their escapes, raw strings and rune literals, so that nothing inside a comment or another
/// literal is read as code. A registration is a selector call `.Name(…)` (any receiver) whose
/// name is `HandleFunc` or `Handle` with two arguments, a chi verb (`Get`, `Post`, `Put`,
/// `Patch`, `Delete`, `Head`, `Options`, `Connect`, `Trace`), `Mount` or `Route` with two
/// arguments, or `Method` with three. Its pattern argument is literal when it is exactly one
/// string literal; a chi literal that does not start with `/` is not a route (`q.Get("x", …)`)
/// and is left out. Calls with another number of arguments are left out too (`url.Values.Get`,
/// `http.Post`), as are calls the file never closes. Each byte is looked at a bounded number of
/// times (linear time), nothing recurses, and it never traps.
enum GoRouteScanner {
    /// The most a scan reads: 4 MiB. The rest of a longer file is skipped and the scan says
    /// `truncated`; callers cap what they read at this size.
    static let maxBytes = 4 << 20

    /// Scans Go source bytes (any bytes: invalid UTF-8 in a literal becomes U+FFFD).
    static func scan(_ bytes: [UInt8]) -> GoSourceScan {
        var scanner = GoRouteScannerState(bytes: bytes, limit: min(bytes.count, maxBytes))
        scanner.run()
        var result = GoSourceScan()
        result.imports = scanner.imports
        result.routes = scanner.found.sorted { $0.ordinal < $1.ordinal }.map(\.registration)
        result.truncated = bytes.count > maxBytes
        return result
    }
}

/// The lexer and call tracker behind ``GoRouteScanner``.
private struct GoRouteScannerState {
    /// One lexical token: only what the call and import rules look at is told apart.
    enum Token {
        /// An identifier, keyword or number: the bytes' range.
        case word(Range<Int>)
        /// A closed string literal's contents (without quotes).
        case string(Range<Int>, raw: Bool)
        /// One of `( ) [ ] { } , . ;`.
        case punctuation(UInt8)
        /// Anything else: operators, rune literals, an unterminated string.
        case other
    }

    /// A call the rules may count, remembered from its `(`.
    struct Call {
        let name: String
        let line: Int
        let ordinal: Int
    }

    /// An open bracket and, for a candidate call, what its arguments are so far.
    struct Frame {
        let closer: UInt8
        let call: Call?
        /// Arguments completed so far.
        var arguments = 0
        /// Tokens in the argument being read.
        var tokens = 0
        /// The argument being read, while it is one string literal (first two arguments only).
        var first: String?
        /// The first two arguments, each when it was exactly one string literal.
        var literals: [String?] = [nil, nil]
    }

    /// Where an `import` declaration is.
    enum ImportState {
        case idle, afterKeyword, afterName, group
    }

    static let calls: Set<String> = [
        "HandleFunc", "Handle", "Get", "Post", "Put", "Patch", "Delete", "Head", "Options", "Connect", "Trace",
        "Method", "Mount", "Route",
    ]

    let bytes: [UInt8]
    let limit: Int
    var line = 1
    var frames: [Frame] = []
    var previous: Token = .other
    var beforePrevious: Token = .other
    var previousLine = 1
    var importState = ImportState.idle
    var imports: [String] = []
    var found: [(ordinal: Int, registration: GoRouteRegistration)] = []
    var ordinals = 0

    init(bytes: [UInt8], limit: Int) {
        self.bytes = bytes
        self.limit = limit
    }

    // MARK: Lexing

    mutating func run() {
        var index = 0
        while index < limit {
            let byte = bytes[index]
            let startLine = line
            switch byte {
            case 0x0A:
                line += 1
                index += 1
                continue
            case 0x20, 0x09, 0x0D, 0x0C, 0x0B:
                index += 1
                continue
            case UInt8(ascii: "/") where index + 1 < limit && bytes[index + 1] == UInt8(ascii: "/"):
                while index < limit && bytes[index] != 0x0A { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < limit && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index < limit
                    && !(bytes[index] == UInt8(ascii: "*") && index + 1 < limit
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                index = min(index + 2, limit)
                continue
            case UInt8(ascii: "\""):
                var end = index + 1
                var closed = false
                while end < limit {
                    let next = bytes[end]
                    if next == UInt8(ascii: "\\") && end + 1 < limit && bytes[end + 1] != 0x0A {
                        end += 2
                        continue
                    }
                    if next == UInt8(ascii: "\"") {
                        closed = true
                        break
                    }
                    if next == 0x0A { break }
                    end += 1
                }
                let contents = (index + 1)..<min(end, limit)
                index = closed ? end + 1 : min(end, limit)
                handle(closed ? .string(contents, raw: false) : .other, line: startLine)
            case UInt8(ascii: "`"):
                var end = index + 1
                while end < limit && bytes[end] != UInt8(ascii: "`") {
                    if bytes[end] == 0x0A { line += 1 }
                    end += 1
                }
                let closed = end < limit
                let contents = (index + 1)..<end
                index = closed ? end + 1 : end
                handle(closed ? .string(contents, raw: true) : .other, line: startLine)
            case UInt8(ascii: "'"):
                index += 1
                while index < limit && bytes[index] != UInt8(ascii: "'") && bytes[index] != 0x0A {
                    index += bytes[index] == UInt8(ascii: "\\") && index + 1 < limit && bytes[index + 1] != 0x0A ? 2 : 1
                }
                if index < limit && bytes[index] == UInt8(ascii: "'") { index += 1 }
                handle(.other, line: startLine)
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"):
                index += 1
                handle(.punctuation(byte), line: startLine)
            default:
                if isWord(byte) {
                    let start = index
                    while index < limit && isWord(bytes[index]) { index += 1 }
                    handle(.word(start..<index), line: startLine)
                } else {
                    index += 1
                    handle(.other, line: startLine)
                }
            }
        }
    }

    func isWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
            return true
        default: return false
        }
    }

    // MARK: Tokens

    mutating func handle(_ token: Token, line tokenLine: Int) {
        trackImports(token)
        switch token {
        case .punctuation(let byte) where byte == UInt8(ascii: ","):
            if !frames.isEmpty { endArgument(&frames[frames.count - 1]) }
        case .punctuation(let byte)
        where byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "}"):
            // A closer pops the innermost bracket even when it does not match (broken code),
            // so the work stays linear; an unmatched call is then never counted.
            if var frame = frames.popLast(), frame.closer == byte {
                if frame.tokens > 0 { endArgument(&frame) }
                if let call = frame.call { finish(call, frame) }
            }
            if frames.isEmpty && importState == .group { importState = .idle }
        case .punctuation(let byte)
        where byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "{"):
            count(token)
            var call: Call?
            if byte == UInt8(ascii: "("), case .word(let range) = previous, case .punctuation(let dot) = beforePrevious,
                dot == UInt8(ascii: "."), range.count <= 10
            {
                let name = String(decoding: bytes[range], as: UTF8.self)
                if Self.calls.contains(name) {
                    call = Call(name: name, line: previousLine, ordinal: ordinals)
                    ordinals += 1
                }
            }
            let closer =
                byte == UInt8(ascii: "(")
                ? UInt8(ascii: ")") : byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            frames.append(Frame(closer: closer, call: call))
        default:
            count(token)
        }
        beforePrevious = previous
        previous = token
        previousLine = tokenLine
    }

    /// Counts `token` in the innermost bracket's current argument.
    mutating func count(_ token: Token) {
        guard !frames.isEmpty else { return }
        let top = frames.count - 1
        frames[top].tokens += 1
        guard frames[top].call != nil && frames[top].arguments < 2 else { return }
        if frames[top].tokens == 1, case .string(let range, let raw) = token {
            frames[top].first = decode(range, raw: raw)
        } else {
            frames[top].first = nil
        }
    }

    func endArgument(_ frame: inout Frame) {
        if frame.arguments < 2 { frame.literals[frame.arguments] = frame.tokens == 1 ? frame.first : nil }
        frame.arguments += 1
        frame.tokens = 0
        frame.first = nil
    }

    mutating func finish(_ call: Call, _ frame: Frame) {
        var registration = GoRouteRegistration(
            kind: .chi, call: call.name, method: nil, host: nil, pattern: "", line: call.line, isLiteral: false)
        switch call.name {
        case "HandleFunc", "Handle":
            guard frame.arguments == 2 else { return }
            registration.kind = .serveMux
            if let literal = frame.literals[0] {
                (registration.method, registration.host, registration.pattern) = Self.splitServeMux(literal)
                registration.isLiteral = true
            }
        case "Method":
            guard frame.arguments == 3 else { return }
            registration.method = frame.literals[0].map(Self.uppercased)
            if let verb = frame.literals[0], let pattern = frame.literals[1] {
                guard pattern.hasPrefix("/") else { return }
                (registration.method, registration.pattern, registration.isLiteral) = (
                    Self.uppercased(verb), pattern, true
                )
            }
        default:
            guard frame.arguments == 2 else { return }
            if call.name != "Mount" && call.name != "Route" { registration.method = Self.uppercased(call.name) }
            if let pattern = frame.literals[0] {
                guard pattern.hasPrefix("/") else { return }
                (registration.pattern, registration.isLiteral) = (pattern, true)
            }
        }
        found.append((call.ordinal, registration))
    }

    /// `[METHOD ][HOST]/path` as `net/http` splits it: the method ends at the first space or
    /// tab, the host at the first `/`.
    static func splitServeMux(_ literal: String) -> (method: String?, host: String?, pattern: String) {
        let scalars = Array(literal.unicodeScalars)
        var rest = scalars[...]
        var method: String?
        if let space = scalars.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            method = space > 0 ? String(String.UnicodeScalarView(scalars[..<space])) : nil
            rest = scalars[(space + 1)...].drop { $0 == " " || $0 == "\t" }
        }
        guard let slash = rest.firstIndex(of: "/") else {
            return (method, nil, String(String.UnicodeScalarView(rest)))
        }
        let host = slash > rest.startIndex ? String(String.UnicodeScalarView(rest[..<slash])) : nil
        return (method, host, String(String.UnicodeScalarView(rest[slash...])))
    }

    static func uppercased(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(("a"..."z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value - 32)) : scalar)
        }
        return String(out)
    }

    // MARK: Imports

    mutating func trackImports(_ token: Token) {
        switch importState {
        case .idle:
            if frames.isEmpty, case .word(let range) = token, bytes[range].elementsEqual("import".utf8) {
                importState = .afterKeyword
            }
        case .afterKeyword, .afterName:
            switch token {
            case .string(let range, let raw):
                imports.append(decode(range, raw: raw))
                importState = .idle
            case .punctuation(let byte) where byte == UInt8(ascii: "(") && importState == .afterKeyword:
                importState = .group
            case .word where importState == .afterKeyword:
                importState = .afterName
            case .punctuation(let byte) where byte == UInt8(ascii: ".") && importState == .afterKeyword:
                importState = .afterName
            default:
                importState = .idle
            }
        case .group:
            if frames.count == 1, case .string(let range, let raw) = token { imports.append(decode(range, raw: raw)) }
        }
    }

    // MARK: Literals

    /// A string literal's value: a raw string without carriage returns, an interpreted one with
    /// Go's escapes decoded (an escape Go refuses is kept as written).
    func decode(_ range: Range<Int>, raw: Bool) -> String {
        if raw { return String(decoding: bytes[range].filter { $0 != 0x0D }, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < range.upperBound else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): out.append(escape)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                if let value = digits(from: index - 1, count: 3, radix: 8, end: range.upperBound), value <= 0xFF {
                    out.append(UInt8(value))
                    index += 2
                } else {
                    out.append(contentsOf: [UInt8(ascii: "\\"), escape])
                }
            case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                let width = escape == UInt8(ascii: "x") ? 2 : escape == UInt8(ascii: "u") ? 4 : 8
                if let value = digits(from: index, count: width, radix: 16, end: range.upperBound) {
                    if escape == UInt8(ascii: "x") {
                        out.append(UInt8(value))
                    } else {
                        UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { out.append($0) }
                    }
                    index += width
                } else {
                    out.append(contentsOf: [UInt8(ascii: "\\"), escape])
                }
            default:
                out.append(contentsOf: [UInt8(ascii: "\\"), escape])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The number spelled by `count` digits of `radix` at `start`, or `nil`.
    func digits(from start: Int, count: Int, radix: UInt32, end: Int) -> UInt32? {
        guard start + count <= end else { return nil }
        var value: UInt32 = 0
        for index in start..<(start + count) {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            guard digit < radix else { return nil }
            value = value * radix + digit
        }
        return value
    }
}

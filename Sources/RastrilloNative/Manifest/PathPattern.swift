/// A destination's path pattern in Go 1.22 `net/http.ServeMux` grammar, without host or method.
///
/// The grammar is ServeMux's path part: literal segments, `{name}` (exactly one
/// segment), `{name...}` (the rest of the path, last segment only), `{$}` (end
/// anchor after a trailing slash) and a trailing `/` (an anonymous subtree
/// wildcard). Literal segments are percent-decoded, as ServeMux does.
///
/// ```swift
/// let pattern = try PathPattern(parsing: "/notes/{id}")
/// pattern.segments  // [.literal("notes"), .wildcard("id")]
/// ```
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment of a pattern, after parsing.
    public enum Segment: Sendable, Hashable {
        /// A literal segment, percent-decoded (`notes`).
        case literal(String)
        /// `{name}`: exactly one non-empty segment.
        case wildcard(String)
        /// `{name...}` (named) or a trailing `/` (`nil` name): the rest of the path, possibly empty.
        case rest(String?)
        /// `{$}`: the path ends here with a trailing slash.
        case end
    }

    /// The pattern as written in the manifest.
    public let text: String
    /// The parsed segments, in order.
    public let segments: [Segment]

    /// The pattern as written.
    public var description: String { text }

    /// The names of the pattern's wildcards, in order of appearance.
    public var wildcardNames: [String] {
        segments.compactMap { segment in
            switch segment {
            case .wildcard(let name): return name
            case .rest(let name): return name
            default: return nil
            }
        }
    }

    /// Whether the pattern ends in a subtree wildcard (`/` or `{name...}`).
    public var endsInRest: Bool {
        if case .rest = segments.last { return true }
        return false
    }

    /// The most segments a pattern may have. ServeMux sets no limit; every matcher, conflict
    /// check and emitter here walks a pattern segment by segment, so a bound keeps a hostile
    /// manifest (a server's) from costing unbounded depth. Real routes have a handful.
    public static let maxSegments = 64

    /// Parses `text`, refusing everything ServeMux refuses plus host and method parts
    /// and unclean paths (which ServeMux would never match), and patterns of more than
    /// ``maxSegments`` segments.
    ///
    /// - Throws: ``PathPatternError`` naming the offset and what to change.
    public init(parsing text: String) throws(PathPatternError) {
        self.text = text
        guard let first = text.first else { throw PathPatternError(offset: 0, problem: .empty) }
        guard first == "/" else {
            if text.contains(" ") || text.contains("\t") {
                throw PathPatternError(offset: 0, problem: .methodNotAllowed)
            }
            throw PathPatternError(offset: 0, problem: .hostNotAllowed)
        }
        let bytes = Array(text.utf8)
        var segments: [Segment] = []
        var names = Set<String>()
        var index = 0
        while index < bytes.count {
            // Invariant: bytes[index] == "/".
            guard segments.count < Self.maxSegments else {
                throw PathPatternError(offset: index, problem: .tooManySegments(limit: Self.maxSegments))
            }
            index += 1
            if index == bytes.count {
                segments.append(.rest(nil))
                break
            }
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
            let raw = String(decoding: bytes[index..<end], as: UTF8.self)
            let atEnd = end == bytes.count
            if raw.isEmpty { throw PathPatternError(offset: index, problem: .emptySegment) }
            // Braces and slashes are found by their bytes, as Go's ServeMux finds them: a combining
            // mark after one (`{\u{301}`) must not hide it inside a larger Character.
            if raw.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
                guard raw.utf8.first == UInt8(ascii: "{"), raw.utf8.last == UInt8(ascii: "}"), raw.utf8.count >= 2
                else {
                    throw PathPatternError(offset: index, problem: .wildcardNotWholeSegment)
                }
                var name = String(decoding: raw.utf8.dropFirst().dropLast(), as: UTF8.self)
                if name == "$" {
                    guard atEnd else { throw PathPatternError(offset: index, problem: .endAnchorNotLast) }
                    segments.append(.end)
                    break
                }
                let isRest = name.hasSuffix("...")
                if isRest {
                    name = String(name.dropLast(3))
                    guard atEnd else { throw PathPatternError(offset: index, problem: .restNotLast) }
                }
                guard PathPattern.isValidWildcardName(name) else {
                    throw PathPatternError(offset: index, problem: .badWildcardName(name))
                }
                guard names.insert(name).inserted else {
                    throw PathPatternError(offset: index, problem: .duplicateWildcard(name))
                }
                segments.append(isRest ? .rest(name) : .wildcard(name))
            } else {
                guard let decoded = PercentDecoding.decode(raw) else {
                    throw PathPatternError(offset: index, problem: .badPercentEncoding(raw))
                }
                if decoded == "." || decoded == ".." { throw PathPatternError(offset: index, problem: .dotSegment) }
                if decoded.utf8.contains(UInt8(ascii: "/")) {
                    throw PathPatternError(offset: index, problem: .encodedSlash)
                }
                segments.append(.literal(decoded))
            }
            index = end
        }
        self.segments = segments
    }

    /// Whether `name` is a wildcard name: a param name (ASCII letters, digits and `_`, first a
    /// letter, keywords included; each emitter makes it an identifier of its language), which is
    /// also a name Go's `ServeMux` accepts.
    static func isValidWildcardName(_ name: String) -> Bool {
        ManifestIdentifier.isParamName(name)
    }
}

/// Why a path pattern was refused, with the byte offset into the pattern.
public struct PathPatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// The pattern is empty.
        case empty
        /// The pattern starts with a host name (or anything but `/`).
        case hostNotAllowed
        /// The pattern starts with a method (`GET /x`).
        case methodNotAllowed
        /// `//` in the pattern: ServeMux cleans request paths, so it could never match.
        case emptySegment
        /// `.` or `..` segment: ServeMux cleans request paths, so it could never match.
        case dotSegment
        /// `%2F` in a literal: ServeMux matching never treats it as a separator.
        case encodedSlash
        /// A `{` or `}` that does not wrap a whole segment.
        case wildcardNotWholeSegment
        /// `{$}` followed by more segments.
        case endAnchorNotLast
        /// `{name...}` followed by more segments.
        case restNotLast
        /// A wildcard name that is not a lowerCamel ASCII identifier.
        case badWildcardName(String)
        /// The same wildcard name twice.
        case duplicateWildcard(String)
        /// A literal with an invalid `%` escape.
        case badPercentEncoding(String)
        /// More segments than ``PathPattern/maxSegments``.
        case tooManySegments(limit: Int)
    }

    /// Byte offset into the pattern where the problem starts.
    public let offset: Int
    /// What is wrong.
    public let problem: Problem

    /// A sentence saying what is wrong and what to do.
    public var description: String {
        let what: String
        switch problem {
        case .empty: what = "the pattern is empty; write a path starting with '/'"
        case .hostNotAllowed: what = "the pattern must start with '/'; hosts belong in \"origins\", not in patterns"
        case .methodNotAllowed: what = "methods are not part of destination patterns; remove the method and the space"
        case .emptySegment: what = "'//' can never match (request paths are cleaned); remove the empty segment"
        case .dotSegment: what = "'.' and '..' segments can never match (request paths are cleaned); remove them"
        case .encodedSlash: what = "'%2F' in a literal segment can never match; use separate segments"
        case .wildcardNotWholeSegment:
            what = "a wildcard must be a whole segment like {name}, {name...} or {$}"
        case .endAnchorNotLast: what = "{$} must be the last segment"
        case .restNotLast: what = "a {name...} wildcard must be the last segment"
        case .badWildcardName(let name):
            what = "wildcard name '\(name)' must be ASCII letters, digits and '_', starting with a letter (e.g. noteID)"
        case .duplicateWildcard(let name): what = "wildcard name '\(name)' appears twice; rename one"
        case .badPercentEncoding(let segment): what = "segment '\(segment)' has an invalid '%' escape"
        case .tooManySegments(let limit):
            what = "the pattern has more than \(limit) segments; a destination's path needs far fewer"
        }
        return "at offset \(offset): \(what)"
    }
}

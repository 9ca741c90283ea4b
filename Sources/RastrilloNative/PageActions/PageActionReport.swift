import RastrilloJSON

/// The names and limits of the page-action channel between the injected page-actions script and
/// native.
///
/// The script runs in a content world of its own (``contentWorldName``), never in the page's, so
/// the page's scripts can neither call its message handler nor change what it reports; the page
/// needs no JavaScript of its own and keeps its Content Security Policy (injected scripts are not
/// subject to it).
public enum PageActionProtocol {
    /// The message handler the script posts its reports to (`webkit.messageHandlers.<name>`).
    public static let handlerName = "rastrilloPageActions"
    /// The name of the script's content world (`WKContentWorld.world(name:)`).
    public static let contentWorldName = "rastrillo-page-actions"
    /// The report format this version reads (`"v"`).
    public static let version = 1
    /// The largest report read, in UTF-8 bytes.
    public static let maxReportBytes = 256 * 1024
    /// The most offers one report may hold.
    public static let maxOffers = 512
    /// The longest offered URL, in UTF-8 bytes.
    public static let maxURLBytes = 8 * 1024
    /// The longest submit button name or value, or bound field value, in UTF-8 bytes.
    public static let maxFieldBytes = 1024
    /// The most bound fields one offer may carry.
    public static let maxFields = 16
    /// The global the script defines in its world; the adapter invokes an offer by calling its
    /// `invoke(target, method, url, submitter, fields)` (an async function returning
    /// `"submitted"`, `"invalid"`, `"followed"` or `"gone"`) with the offer's
    /// ``PageCommandOffer/target``, method, URL, submitter (`{name, value}` or `null`) and fields
    /// (an object of strings) as arguments.
    public static let scriptGlobal = "rastrilloPageActions"
}

/// What the page-actions script reports: the page's forms and links that match a bound command,
/// in document order. It reports on load and again whenever the set changes.
///
/// ```json
/// {"v": 1, "offers": [
///   {"target": 0, "method": "POST", "url": "https://notes.example.com/bookmarks/3/publish"},
///   {"target": 2, "method": "POST", "url": "https://notes.example.com/bookmarks/bulk",
///    "submitter": {"name": "action", "value": "delete"}},
///   {"target": 5, "method": "POST", "url": "https://notes.example.com/_locale", "fields": {"locale": "es"}}]}
/// ```
///
/// Decoding is strict: the shared JSON reader (valid UTF-8, no duplicate keys, size and depth
/// limits), exactly these keys (`submitter` and `fields` only on a `POST` offer, and only when
/// present), `target` an integer from 0, `method` `GET` or `POST`, strings for the submitter's
/// name and value and the fields' values, and the limits of ``PageActionProtocol``.
public struct PageActionReport: Sendable, Hashable {
    /// One form (`POST`) or link (`GET`) of the page.
    public struct Offer: Sendable, Hashable {
        /// The number the script gives the submission (in document order when first seen, kept
        /// while it stays in the page); the script checks the submission again on invoke.
        public let target: Int
        /// The form's method, or `GET` for a link.
        public let method: ManifestPageAction.Method
        /// The form's `action` or the link's `href`, as the browser resolved it.
        public let url: String
        /// The submit button's `name` and `value`, when it has a name (the pair the form sends).
        public let submitter: ManifestPageAction.Submitter?
        /// The values of the fields the command binds, by name, as the form would send them.
        public let fields: [String: String]

        /// Creates an offer.
        public init(
            target: Int, method: ManifestPageAction.Method, url: String,
            submitter: ManifestPageAction.Submitter? = nil, fields: [String: String] = [:]
        ) {
            self.target = target
            self.method = method
            self.url = url
            self.submitter = submitter
            self.fields = fields
        }
    }

    /// The offers, in document order.
    public let offers: [Offer]
    /// Whether the script's limits (``PageActionProtocol/maxOffers``,
    /// ``PageActionProtocol/maxReportBytes``) left out offers native could have taken: the
    /// report's `"truncated": true`. ``PageCommands`` reports it to the diagnostics hook.
    public var truncated: Bool = false

    /// A report of `offers`, `truncated` or not.
    public init(offers: [Offer], truncated: Bool = false) {
        self.offers = offers
        self.truncated = truncated
    }

    /// Reads a report from the text the script posted.
    ///
    /// - Throws: ``PageActionRefusal/malformedReport(_:)`` naming the first problem.
    public static func decode(_ text: String) throws(PageActionRefusal) -> PageActionReport {
        func malformed(_ what: String) -> PageActionRefusal { .malformedReport(what) }
        let root: JSONNode
        do {
            root = try JSONReader(
                options: .init(maxBytes: PageActionProtocol.maxReportBytes, maxDepth: 5, requireObjectRoot: true)
            ).read(Array(text.utf8))
        } catch {
            throw malformed("not strict JSON: \(error.description)")
        }
        guard case .object(let object) = root.value,
            Set(object.keys) == ["v", "offers"] || Set(object.keys) == ["v", "offers", "truncated"]
        else {
            throw malformed("a report is an object with exactly the keys \"v\" and \"offers\" (and \"truncated\")")
        }
        if let flag = object["truncated"] {
            guard case .bool(true) = flag.value else { throw malformed("\"truncated\" is true when present") }
        }
        guard case .number(let version)? = object["v"]?.value, version.int64 == Int64(PageActionProtocol.version)
        else {
            throw malformed("\"v\" must be \(PageActionProtocol.version)")
        }
        guard case .array(let items)? = object["offers"]?.value else { throw malformed("\"offers\" must be an array") }
        guard items.count <= PageActionProtocol.maxOffers else {
            throw malformed("\(items.count) offers; at most \(PageActionProtocol.maxOffers) are read")
        }
        var offers: [Offer] = []
        offers.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .object(let fields) = item.value,
                Set(fields.keys).subtracting(["submitter", "fields"]) == ["target", "method", "url"]
            else {
                throw malformed(
                    "offer \(index) must be an object with exactly \"target\", \"method\" and \"url\" (and "
                        + "\"submitter\" and \"fields\" when present)")
            }
            guard case .number(let number)? = fields["target"]?.value, let target = number.int64,
                (0...Int64(Int32.max)).contains(target)
            else {
                throw malformed("offer \(index): \"target\" must be an integer from 0")
            }
            guard case .string(let methodText)? = fields["method"]?.value,
                let method = ManifestPageAction.Method(rawValue: methodText)
            else {
                throw malformed("offer \(index): \"method\" must be \"GET\" or \"POST\"")
            }
            guard case .string(let url)? = fields["url"]?.value, !url.isEmpty,
                url.utf8.count <= PageActionProtocol.maxURLBytes
            else {
                throw malformed(
                    "offer \(index): \"url\" must be a string of 1 to \(PageActionProtocol.maxURLBytes) bytes")
            }
            let submitter = try fields["submitter"].map { node throws(PageActionRefusal) in
                try Self.submitter(node, offer: index, method: method)
            }
            let values = try fields["fields"].map { node throws(PageActionRefusal) in
                try Self.fieldValues(node, offer: index, method: method)
            }
            offers.append(
                Offer(target: Int(target), method: method, url: url, submitter: submitter, fields: values ?? [:]))
        }
        return PageActionReport(offers: offers, truncated: object["truncated"] != nil)
    }

    /// A string of 0 to ``PageActionProtocol/maxFieldBytes`` bytes (1 or more when `nonEmpty`).
    private static func fieldText(_ node: JSONNode?, nonEmpty: Bool = false) -> String? {
        guard case .string(let text)? = node?.value, text.utf8.count <= PageActionProtocol.maxFieldBytes,
            !nonEmpty || !text.isEmpty
        else { return nil }
        return text
    }

    /// An offer's `submitter`: `{"name": …, "value": …}`, on a `POST` offer only.
    private static func submitter(_ node: JSONNode, offer index: Int, method: ManifestPageAction.Method)
        throws(PageActionRefusal) -> ManifestPageAction.Submitter
    {
        guard method == .post else {
            throw .malformedReport("offer \(index): a \"submitter\" belongs to a POST offer (a form)")
        }
        guard case .object(let object) = node.value, Set(object.keys) == ["name", "value"],
            let name = fieldText(object["name"], nonEmpty: true), let value = fieldText(object["value"])
        else {
            throw .malformedReport(
                "offer \(index): \"submitter\" must be {\"name\", \"value\"}, strings of at most "
                    + "\(PageActionProtocol.maxFieldBytes) bytes, the name not empty")
        }
        return .init(name: name, value: value)
    }

    /// An offer's `fields`: an object of 1 to ``PageActionProtocol/maxFields`` strings, on a
    /// `POST` offer only.
    private static func fieldValues(_ node: JSONNode, offer index: Int, method: ManifestPageAction.Method)
        throws(PageActionRefusal) -> [String: String]
    {
        guard method == .post else {
            throw .malformedReport("offer \(index): \"fields\" belong to a POST offer (a form)")
        }
        guard case .object(let object) = node.value, (1...PageActionProtocol.maxFields).contains(object.members.count)
        else {
            throw .malformedReport(
                "offer \(index): \"fields\" must be an object of 1 to \(PageActionProtocol.maxFields) fields")
        }
        var values: [String: String] = [:]
        for member in object.members {
            // Two keys Swift reads as one string (the same text in two Unicode forms) would collapse.
            guard !member.key.isEmpty, member.key.utf8.count <= 64, values[member.key] == nil,
                let value = fieldText(member.value)
            else {
                throw .malformedReport(
                    "offer \(index): field \(DiagnosticText.escaped(member.key)) must be named (1 to 64 bytes, once) "
                        + "and a string of at most \(PageActionProtocol.maxFieldBytes) bytes")
            }
            values[member.key] = value
        }
        return values
    }
}

/// Why native refused a page-action report or one of its offers.
public enum PageActionRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The report did not come from the main frame of an internal origin.
    case untrustedFrame(BridgeTrustRefusal)
    /// The report is not what the script writes.
    case malformedReport(String)
    /// An offered form or link matches no command's page action as native reads it: the page
    /// (or its script) claims a command the manifest does not bind to that URL.
    case unboundOffer(method: ManifestPageAction.Method, url: String)
    /// The page offered more than the script's limits let it report: `kept` offers were read,
    /// and commands the page offers past them are not offered natively.
    case truncatedReport(kept: Int)

    /// What was refused and why.
    public var description: String {
        switch self {
        case .untrustedFrame(let refusal): return refusal.description
        case .malformedReport(let what): return "malformed page-action report: \(what)"
        case .unboundOffer(let method, let url):
            return "offer \(method.rawValue) \(DiagnosticText.escaped(url)) matches no command's page action; "
                + "it is not offered"
        case .truncatedReport(let kept):
            return "the page offers more than one report holds (\(PageActionProtocol.maxOffers) offers, "
                + "\(PageActionProtocol.maxReportBytes / 1024) KiB): \(kept) were read, and commands the page offers "
                + "past them are not offered; bind fewer forms and links per page, or split the page"
        }
    }
}

/// A page-action refusal, as reported to ``RefusalDiagnostics``.
public struct PageActionRefusalEvent: Sendable, Hashable, CustomStringConvertible {
    /// The frame the report came from.
    public let frame: BridgeFrame
    /// Why it was refused.
    public let refusal: PageActionRefusal

    /// Creates an event.
    public init(frame: BridgeFrame, refusal: PageActionRefusal) {
        self.frame = frame
        self.refusal = refusal
    }

    /// `refused page-action report from <frame>: <reason>`.
    public var description: String { "refused page-action report from \(frame): \(refusal)" }
}

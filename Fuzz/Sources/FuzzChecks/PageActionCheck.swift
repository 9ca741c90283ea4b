import Foundation
import RastrilloNative

/// `fuzz-pageactions`: any bytes as the page-actions script's report (`PageActionReport.decode`)
/// and as what a web screen does with it (`PageCommands.receive`). Properties: decoding returns a
/// report within `PageActionProtocol`'s limits or a `malformedReport` refusal with a message; a
/// decoded report written back as JSON decodes to the same report; from the main frame of the
/// manifest's origin every accepted offer is one of the report's, and native's own router reads
/// its method, URL, submit button and fields as exactly the command and params accepted, a
/// command the manifest binds to that method (with that button, when it names one); the same text from a foreign origin or a subframe is refused as untrusted, offers
/// nothing and keeps the previous offers.
enum PageActionCheck {
    static let manifestJSON = #"""
        {"schemaVersion": 1, "app": {"name": "Fuzz"},
         "origins": [{"origin": "https://notes.example.com", "aliases": ["https://www.example.com"]}],
         "types": {"Status": {"enum": ["draft", "published"]}},
         "destinations": [
           {"id": "bookmark", "pattern": "/bookmarks/{id}", "params": {"id": "int"}, "presentation": "web", "titleKey": "b"},
           {"id": "signIn", "pattern": "/signin", "presentation": "web", "titleKey": "s"}],
         "session": {"signIn": "signIn", "signOut": "signOut"},
         "commands": [
           {"id": "edit", "titleKey": "e", "placements": ["menu"], "pageAction": {"method": "GET", "pattern": "/bookmarks/{id}/edit", "params": {"id": "int"}}},
           {"id": "filter", "titleKey": "f", "placements": ["menu"], "pageAction": {"method": "GET", "pattern": "/bookmarks/", "params": {"status": {"optional": "Status"}}}},
           {"id": "publish", "titleKey": "p", "placements": ["menu"], "destinations": ["bookmark"], "pageAction": {"method": "POST", "pattern": "/bookmarks/{id}/publish", "params": {"id": "int"}}},
           {"id": "remove", "titleKey": "r", "role": "destructive", "placements": ["menu"], "pageAction": {"method": "POST", "pattern": "/bookmarks/{id}/delete", "params": {"id": "int"}}},
           {"id": "openFile", "titleKey": "o", "placements": ["menu"], "pageAction": {"method": "POST", "pattern": "/files/{path...}"}},
           {"id": "signOut", "titleKey": "s", "placements": ["menu"], "pageAction": {"method": "POST", "pattern": "/signout"}},
           {"id": "publishSelected", "titleKey": "ps", "placements": ["menu"], "pageAction": {"method": "POST", "pattern": "/bookmarks/bulk", "submitter": {"name": "action", "value": "publish"}}},
           {"id": "deleteSelected", "titleKey": "ds", "role": "destructive", "placements": ["menu"], "pageAction": {"method": "POST", "pattern": "/bookmarks/bulk", "submitter": {"name": "action", "value": "delete"}}},
           {"id": "language", "titleKey": "l", "placements": ["menu"], "pageAction": {"method": "POST", "pattern": "/_locale", "fields": {"locale": "string", "page": "int", "status": "Status"}}}]}
        """#
    static let manifest: AppManifest = {
        do { return try AppManifest.decode(Array(manifestJSON.utf8), source: "fuzz-pageactions.json") } catch {
            fatalError("the fuzz manifest does not decode: \(error)")
        }
    }()
    static let router = PageActionRouter(manifest: manifest)
    /// A screen's commands before any report, copied for each input (compiling the routers once).
    static let fresh = PageCommands(manifest: manifest)
    static let mainFrame = BridgeFrame(isMainFrame: true, scheme: "https", host: "notes.example.com", port: 0)
    static let untrusted = [
        BridgeFrame(isMainFrame: true, scheme: "https", host: "notes.example.com.evil.example", port: 0),
        BridgeFrame(isMainFrame: false, scheme: "https", host: "notes.example.com", port: 0),
    ]
    static let pageURL = "https://notes.example.com/bookmarks/3"

    static func check(_ bytes: [UInt8]) throws(PropertyViolation) {
        let text = String(decoding: bytes, as: UTF8.self)
        let report: PageActionReport?
        do {
            report = try PageActionReport.decode(text)
        } catch {
            guard case .malformedReport(let what) = error, !what.isEmpty else {
                throw PropertyViolation(description: "decode refused \(escaped(bytes)) with \(error)")
            }
            report = nil
        }
        if let report {
            try require(report.offers.count <= PageActionProtocol.maxOffers, "too many offers from \(escaped(bytes))")
            for offer in report.offers {
                try require(
                    offer.target >= 0 && !offer.url.isEmpty && offer.url.utf8.count <= PageActionProtocol.maxURLBytes,
                    "offer \(offer) outside the limits, from \(escaped(bytes))")
            }
            let written = write(report)
            let again: PageActionReport
            do { again = try PageActionReport.decode(written) } catch {
                throw PropertyViolation(description: "\(escaped(written)) written back is refused: \(error)")
            }
            try require(again == report, "round trip changed \(escaped(bytes)) into \(escaped(written))")
        }

        var commands = fresh
        let result = commands.receive(text, from: mainFrame, pageURL: pageURL)
        switch result {
        case .success(let accepted):
            try require(report != nil, "receive accepted \(escaped(bytes)), which decode refuses")
            try require(accepted == commands.offers, "receive's result and offers differ for \(escaped(bytes))")
            for offer in accepted {
                try require(
                    report!.offers.contains {
                        $0.target == offer.target && $0.method == offer.method && $0.url == offer.url
                            && $0.submitter == offer.submitter && $0.fields == offer.fields
                    },
                    "accepted \(offer), which the report \(escaped(bytes)) does not hold")
                let match = router.match(offer.method, offer.url, submitter: offer.submitter, fields: offer.fields)
                try require(
                    match?.command == offer.command && match?.params == offer.params,
                    "accepted \(offer), which the router reads as \(String(describing: match))")
                let bound = manifest.commands.first { $0.id == offer.command }?.pageAction
                try require(bound?.method == offer.method, "\(offer.command) is not bound to \(offer.method)")
                if let submitter = bound?.submitter {
                    try require(offer.submitter == submitter, "\(offer.command) accepted with another button: \(offer)")
                }
                try require(
                    Set(offer.fields.keys) == Set(bound?.fields.map(\.name) ?? []),
                    "\(offer.command) accepted with fields other than its own: \(offer)")
            }
        case .failure(let refusal):
            try require(report == nil, "a decodable report \(escaped(bytes)) was refused: \(refusal)")
        }
        let before = commands.offers
        for frame in untrusted {
            guard case .failure(.untrustedFrame) = commands.receive(text, from: frame, pageURL: pageURL) else {
                throw PropertyViolation(description: "\(frame) was not refused for \(escaped(bytes))")
            }
            try require(commands.offers == before, "an untrusted report changed the offers")
        }
    }

    /// The report as the script writes it (`JSON.stringify`): compact, keys in its order
    /// (`submitter` and `fields` only when present; fields by name), with `"truncated":true` last
    /// when the limits cut it.
    static func write(_ report: PageActionReport) -> String {
        let offers = report.offers.map { offer in
            var text =
                "{\"target\":\(offer.target),\"method\":\"\(offer.method.rawValue)\","
                + "\"url\":\(quoted(offer.url))"
            if let submitter = offer.submitter {
                text += ",\"submitter\":{\"name\":\(quoted(submitter.name)),\"value\":\(quoted(submitter.value))}"
            }
            if !offer.fields.isEmpty {
                let fields = offer.fields.sorted { $0.key < $1.key }.map { "\(quoted($0.key)):\(quoted($0.value))" }
                text += ",\"fields\":{\(fields.joined(separator: ","))}"
            }
            return text + "}"
        }
        let truncated = report.truncated ? ",\"truncated\":true" : ""
        return "{\"v\":1,\"offers\":[\(offers.joined(separator: ","))]\(truncated)}"
    }

    /// A JSON string literal, written by this check (not the library's escaper).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

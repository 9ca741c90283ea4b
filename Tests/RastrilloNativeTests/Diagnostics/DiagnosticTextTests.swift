import Foundation
import Synchronization
import Testing

@testable import RastrilloNative

/// Issue 15, defect 6: rendered strings escape input; structured values keep it raw.
@Suite("DiagnosticText: one escaped form for everything rendered")
struct DiagnosticTextTests {
    /// Whether `text` holds a character a terminal or a log would act on.
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
        }
    }

    @Test(
        "each escaped class, written out by hand",
        arguments: [
            ("a\u{00}b", #"a\x00b"#),
            ("line\nforged", #"line\x0Aforged"#),
            ("tab\there\r", #"tab\x09here\x0D"#),
            ("\u{1B}[2J\u{1B}]0;title\u{07}", #"\x1B[2J\x1B]0;title\x07"#),
            ("del\u{7F}", #"del\x7F"#),
            ("c1\u{85}\u{9B}31m", #"c1\xC2\x85\xC2\x9B31m"#),
            ("x\u{202E}fdp.exe", #"x\xE2\x80\xAEfdp.exe"#),
            ("\u{202A}\u{202B}\u{202C}\u{202D}", #"\xE2\x80\xAA\xE2\x80\xAB\xE2\x80\xAC\xE2\x80\xAD"#),
            ("\u{2066}a\u{2067}b\u{2068}c\u{2069}", #"\xE2\x81\xA6a\xE2\x81\xA7b\xE2\x81\xA8c\xE2\x81\xA9"#),
            (#"C:\x41"#, #"C:\x5Cx41"#),
        ])
    func escapesEachClass(input: String, expected: String) {
        #expect(DiagnosticText.escaped(input) == expected)
        #expect(!Self.hasRawControl(DiagnosticText.escaped(input)))
    }

    @Test("ordinary text, accents, other scripts and emoji are left as they are")
    func leavesOrdinaryText() {
        for text in ["https://app.example.com/notes/42?q=a+b", "café", "日本語", "🙂", "\u{A0}non-breaking", "\u{200F}"] {
            #expect(DiagnosticText.escaped(text) == text)
        }
    }

    @Test(
        "bytes: invalid UTF-8 is escaped byte by byte, valid UTF-8 is read",
        arguments: [
            ([0x61, 0xFF, 0x62], #"a\xFFb"#),
            ([0xC0, 0x80], #"\xC0\x80"#),  // overlong NUL
            ([0xED, 0xA0, 0x80], #"\xED\xA0\x80"#),  // a surrogate
            ([0xE2, 0x80], #"\xE2\x80"#),  // truncated
            ([0xF4, 0x90, 0x80, 0x80], #"\xF4\x90\x80\x80"#),  // above U+10FFFF
            ([0x63, 0x61, 0x66, 0xC3, 0xA9], "café"),
            ([0xE2, 0x80, 0xAE, 0x1B], #"\xE2\x80\xAE\x1B"#),
        ] as [([UInt8], String)])
    func escapesBytes(bytes: [UInt8], expected: String) {
        #expect(DiagnosticText.escaped(bytes) == expected)
    }

    @Test("a refused link keeps the raw URL; its description and the hook's event description escape it")
    func linkRefusalEvent() {
        let events = Mutex<[RefusalDiagnostics.Event]>([])
        let router = LinkRouter(
            manifest: ManifestFixtures.parityManifest,
            diagnostics: RefusalDiagnostics { event in events.withLock { $0.append(event) } })
        let url = "https://app.example.com/\u{1B}[2J\u{202E}"
        #expect(router.decide(url) == .refused(.controlCharacter(offset: 24)))
        let event = events.withLock { $0 }.first
        guard case .link(let link)? = event else {
            Issue.record("no link event")
            return
        }
        #expect(link.url == url)
        #expect(
            link.description == #"refused https://app.example.com/\x1B[2J\xE2\x80\xAE: control character at offset 24"#)
        #expect(event?.description == link.description)
    }

    @Test("LinkRefusal keeps its values; its description escapes them")
    func linkRefusal() {
        let refusal = LinkRefusal.invalidHost("a\u{07}b\nc")
        guard case .invalidHost(let host) = refusal else { return }
        #expect(host == "a\u{07}b\nc")
        #expect(refusal.description == #"invalid host 'a\x07b\x0Ac'"#)
        #expect(LinkRefusal.invalidPort("9\u{202E}").description == #"invalid port '9\xE2\x80\xAE'"#)
    }

    @Test("manifest issues keep the raw key in the message; description and ManifestError escape it")
    func manifestIssue() {
        let json = ManifestFixtures.manifest(
            destinations: ManifestFixtures.destination("a", "/a"), extra: #""\u001b[31mred\u202e": 1"#)
        do {
            _ = try AppManifest.decode(Array(json.utf8), source: "evil\n.json")
            Issue.record("accepted")
        } catch {
            let issue = error.issues[0]
            #expect(issue.message.contains("\u{1B}[31mred\u{202E}"))
            #expect(issue.pointer == "/\u{1B}[31mred\u{202E}")
            #expect(issue.description.hasPrefix(#"/\x1B[31mred\xE2\x80\xAE (line "#))
            #expect(issue.description.contains(#"unknown key '\x1B[31mred\xE2\x80\xAE'"#))
            #expect(!Self.hasRawControl(issue.description))
            #expect(error.description.hasPrefix(#"evil\x0A.json:/\x1B"#))
            #expect(!Self.hasRawControl(error.description.replacingOccurrences(of: "\n", with: "")))
            #expect(error.description.split(separator: "\n").count == error.issues.count)
        }
    }

    @Test("bridge refusal events keep the page's id and frame; their description escapes them")
    func bridgeEvent() {
        let frame = BridgeFrame(isMainFrame: true, scheme: "https", host: "evil\u{1B}.example", port: 0)
        let event = BridgeRefusalEvent(frame: frame, id: "id\u{202E}", refusal: .unknownType("t\u{07}"))
        #expect(event.id == "id\u{202E}")
        #expect(frame.host == "evil\u{1B}.example")
        #expect(
            event.description
                == #"refused bridge message id\xE2\x80\xAE from main frame https://evil\x1B.example: "#
                + #"envelope type "t\x07" is unknown; the page sends "hello" or "request""#)
        #expect(RefusalDiagnostics.Event.bridge(event).description == event.description)
    }

    @Test("a decoded param value with a bidi control is escaped in LinkParams' description")
    func paramsDescription() {
        let params: LinkParams = ["q": .string("a\u{202E}b")]
        #expect(params.description == #"[q: a\xE2\x80\xAEb]"#)
        #expect(params["q"] == .string("a\u{202E}b"))
    }
}

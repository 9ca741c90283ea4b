import Foundation
import Testing

@testable import RastrilloNative

@Suite("Version check decisions")
struct ServerVersionResponsePolicyTests {
    let url = URL(string: "https://example.com/api/version")!

    @Test("a Content-Length over the cap is refused before reading")
    func contentLength() {
        #expect(
            ServerVersionResponsePolicy.decide(
                url: url, status: 200, declaredLength: 257, contentType: nil, limit: 256)
                == .refuse(.bodyTooLarge(url, limit: 256, declaredLength: 257)))
        #expect(
            ServerVersionResponsePolicy.decide(url: url, status: 200, declaredLength: 256, contentType: nil, limit: 256)
                == .readBody)
        #expect(
            ServerVersionResponsePolicy.decide(
                url: url, status: 500, declaredLength: 9_999, contentType: nil, limit: 256)
                == .refuse(.unexpectedStatus(url, status: 500, errorReference: nil)))
    }

    @Test("an HTML content type is refused before reading")
    func htmlContentType() {
        #expect(
            ServerVersionResponsePolicy.decide(
                url: url, status: 200, declaredLength: nil, contentType: "text/html; charset=utf-8", limit: 256)
                == .refuse(.notAVersion(url, .htmlPage)))
        #expect(
            ServerVersionResponsePolicy.decide(
                url: url, status: 200, declaredLength: nil, contentType: "text/plain; charset=utf-8", limit: 256)
                == .readBody)
    }

    @Test(
        "redirects are followed only on the same origin",
        arguments: [
            ("https://example.com/api/version/", true),
            ("https://EXAMPLE.com:443/x", true),
            ("http://example.com/api/version", false),
            ("https://example.com:8443/api/version", false),
            ("https://login.example.com/", false),
            ("https://evil.test/api/version", false),
        ])
    func redirects(target: String, allowed: Bool) {
        #expect(ServerVersionResponsePolicy.allowsRedirect(from: url, to: URL(string: target)!) == allowed)
    }

    @Test(
        "reads the ref of Rastrillo's JSON error only when it has the documented shape",
        arguments: [
            (#"{"status":500,"ref":"ABCDEF"}"#, "ABCDEF" as String?),
            (#"{"status":500,"ref":"A2C4E7"}"#, "A2C4E7"),
            (#"{"status":404}"#, nil),
            (#"{"status":500,"ref":"ABCDE0"}"#, nil),
            (#"{"status":500,"ref":"ABCDEFG"}"#, nil),
            (#"{"ref":"ABCDEF"}"#, nil),
            ("Something went wrong.", nil),
            ("{not json", nil),
        ])
    func errorReference(body: String, reference: String?) {
        #expect(ServerVersionResponsePolicy.errorReference(in: Array(body.utf8)) == reference)
    }

    @Test("the body buffer never holds more than its limit")
    func bodyBuffer() {
        var buffer = CappedBuffer(limit: 10)
        let first = buffer.append([UInt8](repeating: 1, count: 6))
        let second = buffer.append([UInt8](repeating: 2, count: 4))
        #expect(first && second)
        #expect(buffer.bytes.count == 10)
        let third = buffer.append([3])
        #expect(!third)
        #expect(buffer.isOverLimit)
        #expect(buffer.bytes.count == 10)
        let afterOverflow = buffer.append([])
        #expect(!afterOverflow)
    }

    @Test("a redirect answer: its Location read against the URL asked, followed only on the origin checked")
    func redirectAnswers() {
        let asked = URL(string: "https://example.com/v2/api/version")!
        let next = ServerVersionResponsePolicy.redirect(
            status: 302, location: "../v3/api/version", url: url, current: asked)
        #expect(next == .success(URL(string: "https://example.com/v2/v3/api/version")!))
        let away = ServerVersionResponsePolicy.redirect(
            status: 307, location: "https://elsewhere.example/api/version", url: url, current: asked)
        #expect(
            away
                == .failure(
                    .redirectedToAnotherOrigin(from: url, to: URL(string: "https://elsewhere.example/api/version")!)))
        // Not a redirect: another status, or no Location.
        #expect(ServerVersionResponsePolicy.redirect(status: 200, location: "/x", url: url, current: asked) == nil)
        #expect(ServerVersionResponsePolicy.redirect(status: 301, location: nil, url: url, current: asked) == nil)
    }

    @Test("a body over the cap: too large for a 200, the status otherwise")
    func overLimit() {
        #expect(
            ServerVersionResponsePolicy.overLimit(url: url, status: 200, limit: 8)
                == .bodyTooLarge(url, limit: 8, declaredLength: nil))
        #expect(
            ServerVersionResponsePolicy.overLimit(url: url, status: 500, limit: 8)
                == .unexpectedStatus(url, status: 500, errorReference: nil))
    }
}

import Foundation
import RastrilloTestSupport
import Testing

@testable import RastrilloNative

@Suite("ServerAddress and host kinds")
struct ServerAddressTests {
    @Test(
        "normalizes typed addresses",
        arguments: [
            ("example.com", "https://example.com", "https://example.com/api/version"),
            ("https://Example.COM/", "https://example.com", "https://example.com/api/version"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080", "http://127.0.0.1:8080/api/version"),
            ("https://example.com/app/", "https://example.com/app", "https://example.com/app/api/version"),
            ("  https://example.com  ", "https://example.com", "https://example.com/api/version"),
            ("http://[::1]:9000", "http://[::1]:9000", "http://[::1]:9000/api/version"),
            ("http://127.0.0.1:65535", "http://127.0.0.1:65535", "http://127.0.0.1:65535/api/version"),
            ("example.com:08443/", "https://example.com:8443", "https://example.com:8443/api/version"),
        ])
    func normalizes(text: String, base: String, version: String) throws {
        let address = try ServerAddress(text)
        #expect(address.baseURL.absoluteString == base)
        #expect(address.versionURL.absoluteString == version)
    }

    @Test(
        "refuses what is not a server address",
        arguments: [
            ("", "the address is empty"),
            ("ftp://example.com", "the scheme 'ftp' is not https or http"),
            ("https://user:pw@example.com", "it contains a user name or password"),
            ("https://example.com/?a=1", "it contains a query (?…)"),
            ("https://example.com/#top", "it contains a fragment (#…)"),
            ("https://exa mple.com", "it contains a space"),
            ("https://", "it has no host"),
            // Out-of-range ports are refused, never dropped (a dropped port means port 80 or 443).
            ("http://127.0.0.1:99999", "the port 99999 is not between 1 and 65535"),
            ("http://127.0.0.1:65536", "the port 65536 is not between 1 and 65535"),
            ("http://127.0.0.1:0", "the port 0 is not between 1 and 65535"),
            ("http://127.0.0.1:00000", "the port 00000 is not between 1 and 65535"),
            (
                "https://example.com:99999999999999999999999/app",
                "the port 99999999999999999999999 is not between 1 and 65535"
            ),
            ("http://[::1]:70000", "the port 70000 is not between 1 and 65535"),
            ("example.com:123456", "the port 123456 is not between 1 and 65535"),
            ("http://127.0.0.1:-1", "the port '-1' is not a decimal number"),
            ("http://127.0.0.1:8o8o", "the port '8o8o' is not a decimal number"),
            ("http://127.0.0.1:", "the port after ':' is empty (write host:port, or no colon)"),
        ])
    func refuses(text: String, reason: String) {
        #expect(throws: ServerVersionError.invalidAddress(text, reason: reason)) { try ServerAddress(text) }
    }

    @Test(
        "classifies hosts",
        arguments: [
            ("localhost", ServerHostKind.loopback),
            ("127.0.0.1", .loopback),
            ("127.255.3.4", .loopback),
            ("::1", .loopback),
            ("[::1]", .loopback),
            ("0:0:0:0:0:0:0:1", .loopback),
            ("::ffff:127.0.0.1", .loopback),
            ("10.0.0.2", .localNetwork),
            ("172.16.0.1", .localNetwork),
            ("172.31.255.255", .localNetwork),
            ("192.168.1.20", .localNetwork),
            ("169.254.1.1", .localNetwork),
            ("fe80::1", .localNetwork),
            ("fd12:3456::1", .localNetwork),
            ("devbox", .localNetwork),
            ("mac-mini.local", .localNetwork),
            ("172.32.0.1", .publicInternet),
            ("8.8.8.8", .publicInternet),
            ("127.0.0.1.example.com", .publicInternet),
            ("localhost.example.com", .publicInternet),
            ("0127.0.0.1", .publicInternet),
            ("2001:db8::1", .publicInternet),
            ("example.com", .publicInternet),
        ])
    func hostKinds(host: String, kind: ServerHostKind) {
        #expect(ServerHostKind(host: host) == kind)
    }

    @Test("http is refused except for loopback; the local-network opt-in is debug-only and explicit")
    func transportPolicy() throws {
        let client = ServerVersionClient()
        try client.checkTransport(of: ServerAddress("https://example.com"))
        try client.checkTransport(of: ServerAddress("http://127.0.0.1:8080"))
        try client.checkTransport(of: ServerAddress("http://localhost:8080"))
        try client.checkTransport(of: ServerAddress("http://[::1]:8080"))
        let lan = try ServerAddress("http://192.168.1.20:8080")
        let publicHost = try ServerAddress("http://example.com")
        #expect(throws: ServerVersionError.insecureAddress(lan.baseURL, isLocalNetwork: true)) {
            try client.checkTransport(of: lan)
        }
        #expect(throws: ServerVersionError.insecureAddress(publicHost.baseURL, isLocalNetwork: false)) {
            try client.checkTransport(of: publicHost)
        }
        #if DEBUG
            var options = ServerVersionClient.Options()
            options.allowsInsecureLocalNetwork = true
            let optedIn = ServerVersionClient(options: options)
            try optedIn.checkTransport(of: lan)
            #expect(throws: ServerVersionError.insecureAddress(publicHost.baseURL, isLocalNetwork: false)) {
                try optedIn.checkTransport(of: publicHost)
            }
        #endif
    }

    @Test("http to a non-loopback host fails before anything is sent")
    func insecureVersionCheckSendsNothing() async throws {
        await #expect(throws: ServerVersionError.self) {
            try await ServerVersionClient().version(of: "http://192.0.2.1:9")
        }
        do {
            _ = try await ServerVersionClient().version(of: "http://192.0.2.1:9")
        } catch {
            #expect(error == .insecureAddress(URL(string: "http://192.0.2.1:9")!, isLocalNetwork: false))
            #expect(error.description.contains("Use https"))
        }
    }
}

@Suite("ServerAddress fuzz")
struct ServerAddressFuzzTests {
    @Test("fuzz: an accepted address is http(s), ends in /api/version, and parses to itself again")
    func fuzz() throws {
        let seed = SeededGenerator.seed("ServerAddress fuzz", fallback: 0xADD2E55)
        var random = SeededGenerator(seed: seed)
        let pieces = [
            "https://", "http://", "ftp://", "example.com", "127.0.0.1", "[::1]", ":8080", ":", "/", "app", "?", "#",
            "@", "user", " ", "%20", "é", "..", "-", "localhost", "192.168.1.2", "[", "]",
        ]
        var accepted = 0
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let address: ServerAddress
            do {
                address = try ServerAddress(text)
            } catch {
                guard case .invalidAddress(let input, _) = error else {
                    Issue.record("unexpected error \(error) for \(text.debugDescription)")
                    continue
                }
                #expect(input == text)
                continue
            }
            accepted += 1
            #expect(["http", "https"].contains(address.baseURL.scheme))
            #expect(address.versionURL.absoluteString == address.baseURL.absoluteString + "/api/version")
            #expect(!address.baseURL.absoluteString.hasSuffix("/"))
            #expect(address.baseURL.query == nil && address.baseURL.fragment == nil && address.baseURL.user == nil)
            let again = try ServerAddress(address.baseURL.absoluteString)
            #expect(again == address, "\(text.debugDescription) → \(address) → \(again)")
        }
        print("ServerAddress fuzz: \(accepted) of 5000 accepted")
        #expect(accepted > 100)
    }
}

import RastrilloNative
import Testing

/// The page-actions script's report, read strictly.
struct PageActionReportTests {
    @Test func readsTheOffersInPageOrder() throws {
        let report = try PageActionReport.decode(
            #"{"v":1,"offers":[{"target":0,"method":"POST","url":"https://a.example/x"},"#
                + #"{"target":4,"method":"GET","url":"https://a.example/y"}]}"#)
        #expect(
            report.offers == [
                .init(target: 0, method: .post, url: "https://a.example/x"),
                .init(target: 4, method: .get, url: "https://a.example/y"),
            ])
        #expect(try PageActionReport.decode(#"{"offers":[],"v":1}"#).offers.isEmpty)
        #expect(!report.truncated)
    }

    @Test func readsASubmitButtonsPairAndBoundFields() throws {
        let report = try PageActionReport.decode(
            #"{"v":1,"offers":[{"target":2,"method":"POST","url":"https://a.example/bulk","#
                + #""submitter":{"name":"action","value":""}},"#
                + #"{"target":5,"method":"POST","url":"https://a.example/_locale","fields":{"locale":"es","x":""}}]}"#)
        #expect(
            report.offers == [
                .init(
                    target: 2, method: .post, url: "https://a.example/bulk", submitter: .init(name: "action", value: "")
                ),
                .init(target: 5, method: .post, url: "https://a.example/_locale", fields: ["locale": "es", "x": ""]),
            ])
    }

    @Test func aReportCanSayTheLimitsLeftOffersOut() throws {
        let report = try PageActionReport.decode(#"{"v":1,"offers":["# + Self.offer + #"],"truncated":true}"#)
        #expect(report.truncated)
        #expect(report.offers.count == 1)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let text: String
        let says: String
        var testDescription: String { text }
    }

    static let offer = #"{"target":0,"method":"POST","url":"https://a.example/x"}"#
    static let bad: [Bad] = [
        Bad(text: "", says: "not strict JSON"),
        Bad(text: "[]", says: "not strict JSON"),
        Bad(text: #"{"v":1,"offers":[],"v":1}"#, says: "not strict JSON"),
        Bad(text: #"{"v":1}"#, says: "exactly the keys"),
        Bad(text: #"{"v":1,"offers":[],"extra":0}"#, says: "exactly the keys"),
        Bad(text: #"{"v":1,"offers":[],"truncated":false}"#, says: "\"truncated\" is true when present"),
        Bad(text: #"{"v":1,"offers":[],"truncated":1}"#, says: "\"truncated\" is true when present"),
        Bad(text: #"{"v":1,"offers":[],"truncated":true,"more":1}"#, says: "exactly the keys"),
        Bad(text: #"{"v":2,"offers":[]}"#, says: "\"v\" must be 1"),
        Bad(text: #"{"v":"1","offers":[]}"#, says: "\"v\" must be 1"),
        Bad(text: #"{"v":1,"offers":{}}"#, says: "must be an array"),
        Bad(text: #"{"v":1,"offers":[1]}"#, says: "offer 0 must be an object"),
        Bad(text: #"{"v":1,"offers":[{"target":0,"method":"POST"}]}"#, says: "offer 0 must be an object"),
        Bad(text: #"{"v":1,"offers":[{"target":-1,"method":"POST","url":"u"}]}"#, says: "\"target\" must be"),
        Bad(text: #"{"v":1,"offers":[{"target":0.5,"method":"POST","url":"u"}]}"#, says: "\"target\" must be"),
        Bad(text: #"{"v":1,"offers":[{"target":0,"method":"post","url":"u"}]}"#, says: "\"method\" must be"),
        Bad(text: #"{"v":1,"offers":[{"target":0,"method":"PUT","url":"u"}]}"#, says: "\"method\" must be"),
        Bad(text: #"{"v":1,"offers":[{"target":0,"method":"GET","url":""}]}"#, says: "\"url\" must be"),
        Bad(text: #"{"v":1,"offers":[{"target":0,"method":"GET","url":7}]}"#, says: "\"url\" must be"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"GET","url":"u","submitter":{"name":"a","value":""}}]}"#,
            says: "a \"submitter\" belongs to a POST offer"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"GET","url":"u","fields":{"a":"b"}}]}"#,
            says: "\"fields\" belong to a POST offer"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"POST","url":"u","submitter":{"name":"","value":"x"}}]}"#,
            says: "the name not empty"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"POST","url":"u","submitter":{"name":"a"}}]}"#,
            says: "\"submitter\" must be"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"POST","url":"u","submitter":{"name":"a","value":1}}]}"#,
            says: "\"submitter\" must be"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"POST","url":"u","submitter":null}]}"#,
            says: "\"submitter\" must be"),
        Bad(text: #"{"v":1,"offers":[{"target":0,"method":"POST","url":"u","fields":{}}]}"#, says: "1 to 16 fields"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"POST","url":"u","fields":{"é":"1","é":"2"}}]}"#,
            says: "must be named (1 to 64 bytes, once)"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"POST","url":"u","fields":{"a":1}}]}"#,
            says: "field a must be named"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"POST","url":"u","fields":{"a":""#
                + String(repeating: "é", count: 513) + #""}}]}"#, says: "field a must be named"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"POST","url":"u","fields":{"#
                + (0...16).map { #""f\#($0)":"x""# }.joined(separator: ",") + "}}]}", says: "1 to 16 fields"),
        Bad(
            text: #"{"v":1,"offers":["# + Array(repeating: offer, count: 513).joined(separator: ",") + "]}",
            says: "513 offers"),
        Bad(
            text: #"{"v":1,"offers":[{"target":0,"method":"GET","url":""#
                + String(repeating: "a", count: 8193) + #""}]}"#, says: "\"url\" must be"),
    ]

    @Test(arguments: bad)
    func refusesAnythingElseNamingTheProblem(_ row: Bad) {
        #expect {
            _ = try PageActionReport.decode(row.text)
        } throws: { error in
            guard case .malformedReport(let what) = error as? PageActionRefusal else { return false }
            return what.contains(row.says)
        }
    }
}

import RastrilloNative
import Testing

/// The report's size limit, which the fuzz target's 8 KiB inputs do not reach.
struct PageActionReportLimitTests {
    static func report(paddedTo size: Int) -> String {
        let body = #"{"v":1,"offers":[{"target":0,"method":"GET","url":"https://a.example/x"}]"#
        return body + String(repeating: " ", count: size - body.utf8.count - 1) + "}"
    }

    @Test func aReportOfMaxReportBytesIsReadAndOneByteMoreIsRefused() throws {
        let limit = PageActionProtocol.maxReportBytes
        #expect(limit == 256 * 1024)
        #expect(try PageActionReport.decode(Self.report(paddedTo: limit)).offers.count == 1)
        #expect {
            _ = try PageActionReport.decode(Self.report(paddedTo: limit + 1))
        } throws: { error in
            guard case .malformedReport(let what) = error as? PageActionRefusal else { return false }
            return what.contains("not strict JSON")
        }
    }
}

import FuzzChecks

/// libFuzzer's entry point: checks the `derive` target's properties on one input (see FuzzChecks).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzHarness.run(.derive, data, size)
}

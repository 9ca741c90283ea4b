import RastrilloJSON

/// A parsed vector file held by a test suite.
struct JSONObjectBox: Sendable {
    let value: JSONObject
    init(_ value: JSONObject) { self.value = value }
}

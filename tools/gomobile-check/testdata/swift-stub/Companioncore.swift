// swift-format-ignore-file
// (the names must be the ones gobind generates: CompanioncoreParseVersion, ret0_)
// A stand-in for the Swift view of the module `gomobile bind -o
// Companioncore.xcframework` makes from examples/gomobile, written by hand
// from gobind's Objective-C naming rules (x/mobile source reading). It lets
// Linux type-check examples/gomobile/swift/VersionCheck+GoMobile.swift
// under Swift 6 strict concurrency: that checks the sample's Swift, not the
// real binding (needs a Mac). `NSErrorPointer` does not exist on Linux, so
// the error out-parameters are plain pointers here; `&error` works for both.
import Foundation

/// Stand-in for the class gobind makes from `*ServerVersion`.
public final class CompanioncoreServerVersion {
    /// `Raw`.
    public var raw = ""
    /// `Kind`.
    public var kind: Int64 = 0
    /// `Tag`.
    public var tag = ""
    /// `Ahead`.
    public var ahead: Int64 = 0
    /// `Commit`.
    public var commit = ""
    /// `Dirty`.
    public var dirty = false

    /// `Compare(other) (int64, error)`: a method, so it imports as `throws` with a `ret0_` out-parameter.
    public func compare(_ other: CompanioncoreServerVersion?, ret0_: UnsafeMutablePointer<Int64>?) throws {}
}

/// `KindDev`.
public let CompanioncoreKindDev: Int64 = 1
/// `KindTag`.
public let CompanioncoreKindTag: Int64 = 2
/// `KindDescribe`.
public let CompanioncoreKindDescribe: Int64 = 3
/// `KindCommit`.
public let CompanioncoreKindCommit: Int64 = 4

/// `ParseVersion(body []byte) (*ServerVersion, error)`: a function, so the error is an out-parameter.
public func CompanioncoreParseVersion(
    _ body: Data?,
    _ error: UnsafeMutablePointer<NSError?>?
) -> CompanioncoreServerVersion? { nil }

/// `AtLeast(body []byte, minimum string) (bool, error)`.
public func CompanioncoreAtLeast(
    _ body: Data?,
    _ minimum: String?,
    _ ret0_: UnsafeMutablePointer<ObjCBool>?,
    _ error: UnsafeMutablePointer<NSError?>?
) -> Bool { false }

import RastrilloNative

/// The app's refresh gate, now shared from RastrilloNative. Existing call
/// sites keep compiling unchanged.
public typealias CoalescedRunner = RastrilloNative.CoalescedRunner

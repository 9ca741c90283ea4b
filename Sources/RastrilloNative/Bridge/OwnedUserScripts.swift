/// The rule `WebViewBridge.detach()` follows to take back its own user script from a
/// `WKUserContentController` the app shares with it.
///
/// WebKit removes user scripts only all at once (`removeAllUserScripts()`, every world), so
/// the adapter keeps the script object it added and, on detach, removes all scripts and adds
/// back the others — every script the app added, in the order the controller held them. The
/// rule is kept here, apart from WebKit, so it is tested where WebKit does not run.
package enum OwnedUserScripts {
    /// The scripts to add back after removing all of `installed`: every one that is not (by
    /// identity) one of `owned`, in `installed`'s order. A script the adapter added twice is
    /// removed both times; a script of the app that equals one of the adapter's in content
    /// but is another object stays.
    package static func remaining<Script: AnyObject>(_ installed: [Script], removing owned: [Script]) -> [Script] {
        installed.filter { script in !owned.contains { $0 === script } }
    }
}

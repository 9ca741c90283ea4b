import RastrilloNative

/// What one web screen of the notes app shows: a destination of the manifest with its params,
/// or an internal page the manifest declares no destination for.
///
/// `Destination` is generated from `app-manifest.json` by RastrilloManifestPlugin. Every
/// destination of the notes app is a web page, so every screen is a web screen.
enum Screen: Hashable, Sendable {
    /// A destination of the manifest.
    case destination(Destination)
    /// An internal URL without a destination, as the router read it.
    case webPage(String)

    /// The screen a router decision names: its destination, or the internal page at `url`.
    init(_ decision: LinkDecision, url: String) {
        if let match = decision.match, let destination = Destination(match: match) {
            self = .destination(destination)
        } else {
            self = .webPage(url)
        }
    }

    /// The destination, if the screen shows one.
    var destination: Destination? {
        if case .destination(let destination) = self { return destination }
        return nil
    }

    /// The localization key of the screen's title until its page has one: the destination's
    /// manifest title, or `screen.webPage.title` for a page without a destination.
    var titleKey: String {
        destination?.metadata.titleKey ?? "screen.webPage.title"
    }
}

/// What the app shows for a screen (``NotesModel/content(of:)``): a web screen loading a URL in
/// its role, or nothing, the fallback, with why.
enum ScreenContent: Hashable, Sendable {
    /// A web screen for `url`; `role` is ``WebScreenNavigation/Role/signIn`` for the sign-in
    /// destination, which is shown as a sheet above the stack.
    case web(url: String, role: WebScreenNavigation.Role)
    /// No screen: the fallback, with why. A destination that resolves here is a bug the
    /// manifest walk test names.
    case nothingToShow(String)

    /// Whether this is the fallback.
    var isFallback: Bool {
        if case .nothingToShow = self { return true }
        return false
    }
}

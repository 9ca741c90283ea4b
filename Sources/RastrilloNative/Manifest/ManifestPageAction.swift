/// A web action of the app that a command stands for: the method and ServeMux path pattern of a
/// form or link the web app's own pages offer.
///
/// ```json
/// {"id": "publishBookmark", "titleKey": "command.publish", "placements": ["toolbar", "menu"],
///  "pageAction": {"method": "POST", "pattern": "/bookmarks/{id}/publish", "params": {"id": "int"}}}
/// ```
///
/// On a web screen, such a command is available only while the page shows a form (`POST`) or a
/// link (`GET`) whose method and URL match the binding, read with the router's rules (exact
/// internal origins, ServeMux precedence, typed params); invoking it submits that form or
/// follows that link in the page (``PageCommands``).
public struct ManifestPageAction: Sendable, Hashable {
    /// The HTTP method of the page's form or link.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// A link (`<a href>`), followed with a GET.
        case get = "GET"
        /// A `<form method="post">`, submitted with `requestSubmit()`.
        case post = "POST"
    }

    /// The method.
    public let method: Method
    /// The path pattern of the form's `action` or the link's `href` (Go 1.22 ServeMux syntax).
    public let pattern: PathPattern
    /// The pattern's typed params (path wildcards first, then query params), as a destination's.
    public let params: [ManifestDestination.Param]
}

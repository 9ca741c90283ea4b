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
///
/// A form can carry more than its URL tells: the submit button's own `name=value` pair and the
/// form's fields. Two bindings tell commands apart by them:
///
/// - `submitter` — the command is the submission made with the button of this `name` and
///   `value`, such as one of Rastrillo's bulk-bar buttons on the one selection form:
///   ```json
///   {"method": "POST", "pattern": "/bookmarks/bulk", "submitter": {"name": "action", "value": "delete"}}
///   ```
///   Several commands may share a pattern only when each names a different submitter.
/// - `fields` — typed form fields whose values are part of the command, such as the `locale` of
///   Rastrillo's locale menu (one form per language): the page offers the command once per
///   language, with `locale` among its params, and native can list the choices
///   (``PageCommands/choices(of:)``):
///   ```json
///   {"method": "POST", "pattern": "/_locale", "fields": {"locale": "string"}}
///   ```
public struct ManifestPageAction: Sendable, Hashable {
    /// The submit button a command's submission is made with: its `name` and `value`, sent as
    /// `name=value` with the form.
    public struct Submitter: Sendable, Hashable, CustomStringConvertible {
        /// The button's `name`.
        public let name: String
        /// The button's `value`.
        public let value: String

        /// A submitter.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        /// `name=value`.
        public var description: String { "\(name)=\(value)" }
    }

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
    /// The submit button that makes this command's submission (`POST` only), or `nil` for a form
    /// whose submitter does not tell commands apart.
    public let submitter: Submitter?
    /// Form fields whose values are part of the command, typed like query params (`POST` only;
    /// `inPath` is false). Their values join ``params`` in an offer's params.
    public let fields: [ManifestDestination.Param]

    /// A binding.
    public init(
        method: Method, pattern: PathPattern, params: [ManifestDestination.Param], submitter: Submitter? = nil,
        fields: [ManifestDestination.Param] = []
    ) {
        self.method = method
        self.pattern = pattern
        self.params = params
        self.submitter = submitter
        self.fields = fields
    }
}

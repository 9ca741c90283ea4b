/// The identity of one main-frame navigation of a web screen.
///
/// The adapter gives every navigation WebKit starts (`didStartProvisionalNavigation`) a new
/// identity and tags that navigation's later callbacks with it, so the state machine can tell a
/// superseded navigation's late callbacks from the current one's and ignore them.
public struct WebNavigationID: Sendable, Hashable, CustomStringConvertible {
    /// The number; the adapter counts up from 1.
    public let value: UInt64

    /// Creates an identity.
    public init(_ value: UInt64) { self.value = value }

    /// `#<value>`.
    public var description: String { "#\(value)" }
}

/// Why a navigation failed, as the adapter classifies the error WebKit reports.
///
/// ``init(domain:code:)`` classifies the `NSError` the adapter receives.
public enum WebLoadErrorKind: Sendable, Hashable {
    /// The device has no network connection.
    case offline
    /// The host could not be found or refused the connection.
    case unreachableHost
    /// The secure connection could not be made (certificate or TLS failure).
    case tls
    /// The server did not answer in time.
    case timeout
    /// The navigation was cancelled (superseded, stopped, or cancelled by a policy).
    case cancelled
    /// Any other error, with a description for the failure view and the logs.
    case other(String)

    /// Classifies an error WebKit reports by its `NSError` domain and code: `NSURLErrorDomain`
    /// codes with ``init(urlErrorCode:)``; `WebKitErrorDomain` 102 (a load interrupted by a policy
    /// change, such as a response the web view does not show) is ``cancelled``; anything else is
    /// ``other(_:)`` naming the domain and code.
    public init(domain: String, code: Int) {
        switch (domain, code) {
        case ("NSURLErrorDomain", _): self.init(urlErrorCode: code)
        case ("WebKitErrorDomain", 102): self = .cancelled
        default: self = .other("\(domain) error \(code)")
        }
    }

    /// Classifies an `NSURLErrorDomain` code (`URLError.Code.rawValue`).
    ///
    /// Codes it does not know become ``other(_:)`` naming the code, never a silent success.
    public init(urlErrorCode code: Int) {
        switch code {
        case -1009, -1020, -1018: self = .offline  // not connected, data not allowed, roaming off
        case -1003, -1004, -1005, -1006: self = .unreachableHost  // DNS, connect refused, lost, DNS lookup
        case -1200, -1201, -1202, -1203, -1204, -1205, -1206: self = .tls  // secure connection, certificates
        case -1001: self = .timeout
        case -999: self = .cancelled
        default: self = .other("URL error \(code)")
        }
    }
}

/// What the adapter reports about the web view, in the order WebKit reports it.
///
/// Events that name a navigation are ignored unless that navigation is the screen's current one:
/// a late callback of a superseded navigation never changes what the screen shows.
public enum WebScreenEvent: Sendable, Hashable {
    /// The web view exists and the adapter carries out effects: load the screen's URL.
    case attached
    /// A main-frame navigation started (`didStartProvisionalNavigation`) towards `url`.
    case started(WebNavigationID, url: String)
    /// The main-frame response arrived with this HTTP status (`decidePolicyFor navigationResponse`,
    /// main frame only). It belongs to the navigation that is loading and not yet committed.
    case httpStatus(Int)
    /// The navigation's first content arrived (`didCommit`); `url` is the web view's URL then.
    case committed(WebNavigationID, url: String)
    /// Loading progress (`estimatedProgress`, 0 to 1) of the navigation under way.
    case progress(Double)
    /// The navigation finished (`didFinish`).
    case finished(WebNavigationID)
    /// The navigation failed, before or after its commit (`didFailProvisionalNavigation`, `didFail`).
    case failed(WebNavigationID, WebLoadErrorKind)
    /// The web content process ended (`webViewWebContentProcessDidTerminate`): the page is gone.
    case processTerminated
    /// The page's title changed (`title`); `nil` or empty when the page has none.
    case titleChanged(String?)
    /// The person asked to see the page again: pull-to-refresh, the Reload command, or Retry.
    case reloadRequested
    /// The screen went away (the web view was dismantled): nothing will load any more.
    case detached
    /// The person submitted a form of the page shown now; the next navigation that starts is its
    /// submission. ``WebScreenModel/decide(_:kind:using:)`` sends it.
    case formSubmitted(WebFormSubmission)
    /// The navigation under way was redirected to `url` and continues in place.
    /// ``WebScreenModel/decide(_:kind:using:)`` sends it.
    case redirected(String)
    /// The navigation under way was sent to the sign-in page at `url` and cancelled; the screen
    /// waits for sign-in. ``WebScreenModel/decide(_:kind:using:)`` sends it.
    case signInRequired(String)
    /// Sign-in ended (the app dismissed the sign-in screen): the screen continues where it was.
    case signInCompleted
    /// The core loads `url` in this screen (a keymail callback, or the sign-in page's "send a link
    /// instead" state). ``WebScreenModel/keymailEnded(_:_:using:)`` sends it.
    case loadRequested(String)
}

/// A form submission: the form's action URL and the page the form was on.
public struct WebFormSubmission: Sendable, Hashable {
    /// The URL the form was submitted to (`action`).
    public let action: String
    /// The URL of the page that showed the form.
    public let page: String

    /// Creates a submission.
    public init(action: String, page: String) {
        self.action = action
        self.page = page
    }
}

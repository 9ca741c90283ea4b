package notes

import (
	"net/http"
	"net/url"
	"strings"
)

// protect is the CSRF origin check of facts §4: only POST, PUT, PATCH and DELETE are
// checked; a refused request gets 403 text/plain "cross-origin form submission refused".
// There is no token field anywhere.
func protect(origin string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
			if !SameOrigin(r, origin) {
				http.Error(w, "cross-origin form submission refused", http.StatusForbidden)
				return
			}
			if IsPing(r) {
				http.Error(w, "a link's ping changes nothing", http.StatusForbidden)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// SameOrigin decides in the order of facts §4: Sec-Fetch-Site (same-origin or none passes,
// any other value fails); when absent, Origin must equal origin exactly; when that is absent
// too, the Referer's scheme and host must; with none of the three the request is refused.
// An empty header counts as absent.
func SameOrigin(r *http.Request, origin string) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		return site == "same-origin" || site == "none"
	}
	if o := r.Header.Get("Origin"); o != "" {
		return o == origin
	}
	if ref := r.Header.Get("Referer"); ref != "" {
		u, err := url.Parse(ref)
		return err == nil && u.Scheme != "" && u.Host != "" && u.Scheme+"://"+u.Host == origin
	}
	return false
}

// IsPing reports a browser's hyperlink-auditing request: the POST a link's ping attribute sends
// when the link is clicked (Content-Type text/ping, or the Ping-To header). It is same-origin
// for a link on the app's own page, so the origin check lets it through; a route that changes
// state must refuse it, or a page (or a native command that clicks links) could change state
// by following a link whose ping names that route.
func IsPing(r *http.Request) bool {
	mediaType, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";")
	return strings.EqualFold(strings.TrimSpace(mediaType), "text/ping") || r.Header.Get("Ping-To") != ""
}

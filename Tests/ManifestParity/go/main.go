// Command parity checks the emitted Go ServeMux patterns against the parity
// corpus: every route is registered on a real net/http.ServeMux and each
// corpus URL with a "go" expectation is served through mux.Handler.
//
// Usage: go run . <corpus.json>   (run from a module containing ./appmanifest)
package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"

	"parity/appmanifest"
)

type goExpectation struct {
	Pattern  *string `json:"pattern"`
	Redirect *string `json:"redirect"`
	NotFound bool    `json:"notFound"`
}

type entry struct {
	URL string         `json:"url"`
	Go  *goExpectation `json:"go"`
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: parity <corpus.json>")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var corpus []entry
	if err := json.Unmarshal(data, &corpus); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	mux := http.NewServeMux()
	appmanifest.Register(mux, func(route appmanifest.Route) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
	})
	checked, failures := 0, 0
	for _, e := range corpus {
		if e.Go == nil {
			continue
		}
		checked++
		req, err := http.NewRequest(http.MethodGet, e.URL, nil)
		if err != nil {
			failures++
			fmt.Printf("MISMATCH %q: Go cannot build the request: %v\n", e.URL, err)
			continue
		}
		handler, pattern := mux.Handler(req)
		recorder := httptest.NewRecorder()
		handler.ServeHTTP(recorder, req)
		var got string
		switch {
		case recorder.Code == http.StatusMovedPermanently:
			got = "redirect " + recorder.Header().Get("Location")
		case recorder.Code == http.StatusNotFound:
			got = "notFound"
		default:
			got = "pattern " + pattern
		}
		var want string
		switch {
		case e.Go.Pattern != nil:
			want = "pattern " + *e.Go.Pattern
		case e.Go.Redirect != nil:
			want = "redirect " + *e.Go.Redirect
		case e.Go.NotFound:
			want = "notFound"
		}
		if got != want {
			failures++
			fmt.Printf("MISMATCH %q: Go answered %s, corpus expects %s\n", e.URL, got, want)
		}
	}
	fmt.Printf("manifest-parity-go: %d/%d URLs agree with the corpus on a real ServeMux\n", checked-failures, checked)
	if checked < 100 || failures > 0 {
		os.Exit(1)
	}
}

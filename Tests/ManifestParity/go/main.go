// Command parity holds the manifest's Go side to the same answers as the
// native router and validator, on a real net/http.ServeMux.
//
//	go run . routes <corpus.json>
//	    registers the emitted routes (./appmanifest) and serves each corpus URL
//	    that has a "go" expectation through mux.Handler;
//	go run . conflicts <conflict-patterns.txt> <conflicts.txt>
//	    registers every pair of patterns on a fresh ServeMux and requires a
//	    panic exactly for the pairs the validator lists as conflicting;
//	go run . pageactions
//	    registers the emitted routes and every bound command's PageActions
//	    pattern on one ServeMux (a web app serves both) and requires that a
//	    request with the action's method and a path of its pattern reaches it.
package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

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
	switch {
	case len(os.Args) == 3 && os.Args[1] == "routes":
		routes(os.Args[2])
	case len(os.Args) == 4 && os.Args[1] == "conflicts":
		conflicts(os.Args[2], os.Args[3])
	case len(os.Args) == 2 && os.Args[1] == "pageactions":
		pageActions()
	default:
		fmt.Fprintln(os.Stderr, "usage: parity routes <corpus.json> | parity conflicts <patterns.txt> <conflicts.txt> | parity pageactions")
		os.Exit(2)
	}
}

func readLines(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// panics reports whether registering b after a on one ServeMux panics.
func panics(a, b string) (panicked bool) {
	mux := http.NewServeMux()
	ok := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	mux.Handle(a, ok)
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	mux.Handle(b, ok)
	return false
}

func conflicts(patternsPath, conflictsPath string) {
	patterns := readLines(patternsPath)
	expected := map[string]bool{}
	for _, line := range readLines(conflictsPath) {
		expected[line] = true
	}
	pairs, failures := 0, 0
	for i := range patterns {
		for j := i + 1; j < len(patterns); j++ {
			pairs++
			key := patterns[i] + " " + patterns[j]
			if got := panics(patterns[i], patterns[j]); got != expected[key] {
				failures++
				fmt.Printf("MISMATCH %q: ServeMux panics=%v, validator conflict=%v\n", key, got, expected[key])
			}
		}
	}
	fmt.Printf("manifest-parity-go: %d/%d pattern pairs: ServeMux panics exactly for the validator's %d conflicts\n",
		pairs-failures, pairs, len(expected))
	if failures > 0 || len(expected) == 0 {
		os.Exit(1)
	}
}

func routes(corpusPath string) {
	data, err := os.ReadFile(corpusPath)
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

// pageActions serves the emitted destinations and page actions on one mux, as the web app does,
// and sends each page action's method to a path of its pattern ({name} → 1, {name...} → a/b).
func pageActions() {
	mux := http.NewServeMux()
	ok := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	appmanifest.Register(mux, func(appmanifest.Route) http.Handler { return ok })
	for _, action := range appmanifest.PageActions {
		mux.Handle(action.Pattern, ok)
	}
	failures := 0
	for _, action := range appmanifest.PageActions {
		method, pattern, _ := strings.Cut(action.Pattern, " ")
		var path strings.Builder
		for _, segment := range strings.Split(strings.TrimPrefix(pattern, "/"), "/") {
			switch {
			case segment == "{$}":
			case strings.HasSuffix(segment, "...}"):
				path.WriteString("/a/b")
			case strings.HasPrefix(segment, "{"):
				path.WriteString("/1")
			default:
				path.WriteString("/" + segment)
			}
		}
		if strings.HasSuffix(pattern, "/") || strings.HasSuffix(pattern, "{$}") {
			path.WriteString("/")
		}
		request := httptest.NewRequest(method, path.String(), nil)
		if _, got := mux.Handler(request); got != action.Pattern {
			fmt.Printf("MISMATCH %s: %s %s reaches %q\n", action.Command, method, path.String(), got)
			failures++
		}
	}
	fmt.Printf("manifest-parity-go: %d/%d page actions served on a ServeMux with the routes\n",
		len(appmanifest.PageActions)-failures, len(appmanifest.PageActions))
	if failures > 0 || len(appmanifest.PageActions) == 0 {
		os.Exit(1)
	}
}

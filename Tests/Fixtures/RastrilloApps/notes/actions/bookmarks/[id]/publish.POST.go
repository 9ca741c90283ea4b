package publish

import "net/http"

// Handle publishes one bookmark and answers 303 to it. Hand-written: rastrillo generate folds it into gen/router.go.
func Handle(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "not implemented in this fixture", http.StatusNotImplemented)
}

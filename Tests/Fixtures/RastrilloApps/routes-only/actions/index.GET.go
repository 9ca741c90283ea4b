package index

import "net/http"

// Handle says hello. Hand-written: rastrillo generate folds it into gen/router.go.
func Handle(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "not implemented in this fixture", http.StatusNotImplemented)
}

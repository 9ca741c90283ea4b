package bulk

import "net/http"

// Handle applies the bulk bar's action (its name="action" button) to the checked bookmarks. Hand-written: rastrillo generate folds it into gen/router.go.
func Handle(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "not implemented in this fixture", http.StatusNotImplemented)
}

package unpublish

import "net/http"

// Handle unpublishes a post. Hand-written: rastrillo generate folds it into gen/router.go.
func Handle(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "not implemented in this fixture", http.StatusNotImplemented)
}

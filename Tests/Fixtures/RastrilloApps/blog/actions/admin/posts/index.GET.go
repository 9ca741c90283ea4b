package posts

import "net/http"

// Handle is the hand list of posts (it replaces the generated list). Hand-written: rastrillo generate folds it into gen/router.go.
func Handle(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "not implemented in this fixture", http.StatusNotImplemented)
}

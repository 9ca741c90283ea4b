package notes

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/carlosframework/rastrillo/password"
	"github.com/carlosframework/rastrillo/sessions"
)

// App mounts the hand-written routes on chi in front of the generated mux: password
// sign-in, the export and the job status page. /notes/* is the generated mux itself.
func App(generated *http.ServeMux) http.Handler {
	sess := sessions.New(sessions.Config{})
	pw := password.New(password.Config{Sessions: sess})
	r := chi.NewRouter()

	// Sign-in (password): GET shows the page, POST signs in; /* a comment: r.Get("/not-a-route", x) */
	r.Get("/signin", pw.SigninPage)
	r.Post("/signin", pw.Signin)
	r.Get("/signup", pw.SignupPage)
	r.Post("/signup", pw.Signup)
	r.Post("/signout", pw.Signout)

	r.Group(func(r chi.Router) {
		r.Use(sess.Require)
		r.Get("/export", export)
		r.Get("/jobs/{id}", jobStatus)
		r.Handle("/notes/*", generated)
	})
	r.NotFound(generated.ServeHTTP)
	return r
}

func export(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/csv")
}

func jobStatus(w http.ResponseWriter, r *http.Request) {
	_ = r.PathValue("id")
}

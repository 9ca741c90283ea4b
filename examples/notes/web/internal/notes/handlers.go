package notes

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

const pageSize = 10 // facts §1.4: generated lists page by a hard-coded 10

// parseForm caps the body at 1 MiB and answers 400 "Bad request." when it cannot be read
// (facts §1.4).
func parseForm(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "Bad request.", http.StatusBadRequest)
		return false
	}
	return true
}

// ---- sign-in (facts §3.2) ----

func (a *App) signinPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	a.render(w, r, http.StatusOK, "signin", view{Title: "Sign in", ReturnTo: r.URL.Query().Get("return_to")})
}

func (a *App) signin(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	email := strings.TrimSpace(r.PostFormValue("email"))
	returnTo := r.PostFormValue("return_to")
	v := view{Title: "Sign in", Email: email, ReturnTo: returnTo}
	key := normalEmail(email)
	if a.limiter.limited(key, a.cfg.Now()) {
		v.Error = "Too many failed sign-ins. Try again in 15 minutes."
		a.render(w, r, http.StatusTooManyRequests, "signin", v)
		return
	}
	user, ok := a.store.authenticate(email, r.PostFormValue("password"))
	if !ok {
		a.limiter.fail(key, a.cfg.Now())
		v.Error = "Wrong email or password."
		a.render(w, r, http.StatusUnprocessableEntity, "signin", v)
		return
	}
	a.sessions.signIn(w, r, user.ID)
	seeOther(w, SafeReturn(returnTo, "/"))
}

func (a *App) signout(w http.ResponseWriter, r *http.Request) {
	a.sessions.signOut(w, r)
	seeOther(w, "/")
}

// ---- bookmarks (facts §1.3, §1.4) ----

// bookmarkFor answers 404 (plain text, http.NotFound) for a non-numeric, missing or foreign
// id and reports false.
func (a *App) bookmarkFor(w http.ResponseWriter, r *http.Request) (Bookmark, bool) {
	id, ok := pathID(r)
	if ok {
		if b, found := a.store.get(currentUser(r).ID, id); found {
			return b, true
		}
	}
	http.NotFound(w, r)
	return Bookmark{}, false
}

// pathID reads {id} as a positive decimal in canonical form ("+3" and "03" are not ids).
func pathID(r *http.Request) (int64, bool) {
	raw := r.PathValue("id")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != raw {
		return 0, false
	}
	return id, true
}

func bookmarkPath(id int64) string { return "/bookmarks/" + strconv.FormatInt(id, 10) }

func (a *App) list(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	all := a.store.list(currentUser(r).ID, q)
	pages := max(1, (len(all)+pageSize-1)/pageSize)
	page, err := strconv.Atoi(r.URL.Query().Get("page"))
	// A missing or unreadable page is page 1; one past the end shows the last page
	// (the safe reading: a stale link after deletes still lands on rows).
	if err != nil || page < 1 {
		page = 1
	}
	page = min(page, pages)
	lv := listView{Query: q, Total: len(all), Page: page, Select: r.URL.Query().Get("select") == "1"}
	lv.Items = all[(page-1)*pageSize : min(page*pageSize, len(all))]
	href := func(n int) string {
		values := url.Values{}
		if q != "" {
			values.Set("q", q)
		}
		if lv.Select {
			values.Set("select", "1")
		}
		values.Set("page", strconv.Itoa(n))
		return "/bookmarks?" + values.Encode()
	}
	if pages > 1 {
		for n := 1; n <= pages; n++ {
			lv.Pages = append(lv.Pages, pageLink{Number: n, Href: href(n), Current: n == page})
		}
		if page > 1 {
			lv.Prev = href(page - 1)
		}
		if page < pages {
			lv.Next = href(page + 1)
		}
	}
	a.render(w, r, http.StatusOK, "list", view{Title: translate(localeOf(r), "Bookmarks"), Nav: "bookmarks", List: lv})
}

func (a *App) newForm(w http.ResponseWriter, r *http.Request) {
	a.render(w, r, http.StatusOK, "form", view{Title: "New bookmark", IsNew: true})
}

// create: Title is required; a failure re-renders the form at 400 (generated actions,
// facts §2) with the values kept.
func (a *App) create(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	form := bookmarkForm{
		Title: strings.TrimSpace(r.PostFormValue("Title")),
		Link:  strings.TrimSpace(r.PostFormValue("Link")),
	}
	if form.Title == "" {
		a.render(w, r, http.StatusBadRequest, "form", view{Title: "New bookmark", IsNew: true, Form: form, Error: "Title is required."})
		return
	}
	b := a.store.create(currentUser(r).ID, form.Title, form.Link, "", false)
	setFlash(w, "notice", "Bookmark created.")
	seeOther(w, bookmarkPath(b.ID))
}

func (a *App) show(w http.ResponseWriter, r *http.Request) {
	b, ok := a.bookmarkFor(w, r)
	if !ok {
		return
	}
	a.render(w, r, http.StatusOK, "show", view{Title: b.Title, Bookmark: b})
}

func (a *App) edit(w http.ResponseWriter, r *http.Request) {
	b, ok := a.bookmarkFor(w, r)
	if !ok {
		return
	}
	a.render(w, r, http.StatusOK, "edit", view{Title: "Edit " + b.Title, Bookmark: b,
		Form: bookmarkForm{Title: b.Title, Link: b.Link, Notes: b.Notes}})
}

func (a *App) editBasics(w http.ResponseWriter, r *http.Request) {
	b, ok := a.bookmarkFor(w, r)
	if !ok || !parseForm(w, r) {
		return
	}
	form := bookmarkForm{
		Title: strings.TrimSpace(r.PostFormValue("Title")),
		Link:  strings.TrimSpace(r.PostFormValue("Link")),
		Notes: b.Notes,
	}
	if form.Title == "" {
		a.render(w, r, http.StatusBadRequest, "edit", view{Title: "Edit " + b.Title, Bookmark: b, Form: form, Error: "Title is required."})
		return
	}
	a.store.update(b.Owner, b.ID, func(m *Bookmark) { m.Title, m.Link = form.Title, form.Link })
	setFlash(w, "notice", "Bookmark saved.")
	seeOther(w, bookmarkPath(b.ID))
}

// editAdvanced has no Required field, so no validation (facts §1.4).
func (a *App) editAdvanced(w http.ResponseWriter, r *http.Request) {
	b, ok := a.bookmarkFor(w, r)
	if !ok || !parseForm(w, r) {
		return
	}
	notes := strings.ReplaceAll(r.PostFormValue("Notes"), "\r\n", "\n")
	a.store.update(b.Owner, b.ID, func(m *Bookmark) { m.Notes = notes })
	setFlash(w, "notice", "Bookmark saved.")
	seeOther(w, bookmarkPath(b.ID))
}

func (a *App) confirmDelete(w http.ResponseWriter, r *http.Request) {
	b, ok := a.bookmarkFor(w, r)
	if !ok {
		return
	}
	a.render(w, r, http.StatusOK, "confirm", view{Title: "Delete " + b.Title + "?", Bookmark: b})
}

func (a *App) delete(w http.ResponseWriter, r *http.Request) {
	b, ok := a.bookmarkFor(w, r)
	if !ok {
		return
	}
	a.store.delete(b.Owner, b.ID)
	setFlash(w, "notice", "Bookmark deleted.")
	seeOther(w, "/bookmarks")
}

func (a *App) publish(published bool) http.HandlerFunc {
	message := "Bookmark unpublished."
	if published {
		message = "Bookmark published."
	}
	return func(w http.ResponseWriter, r *http.Request) {
		b, ok := a.bookmarkFor(w, r)
		if !ok {
			return
		}
		a.store.update(b.Owner, b.ID, func(m *Bookmark) { m.Published = published })
		setFlash(w, "notice", message)
		seeOther(w, bookmarkPath(b.ID))
	}
}

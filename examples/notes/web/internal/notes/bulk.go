package notes

import (
	"net/http"
	"strconv"
	"strings"
)

// ---- the bulk bar (facts §2: one selection form, its actions named submit buttons) ----

// bulkActions are the values of the bulk bar's <button name="action">, with what each does and
// the flash it leaves.
var bulkActions = map[string]struct {
	apply   func(*Bookmark) bool // false: the bookmark goes
	message string
}{
	"publish":   {func(b *Bookmark) bool { b.Published = true; return true }, "bookmarks published."},
	"unpublish": {func(b *Bookmark) bool { b.Published = false; return true }, "bookmarks unpublished."},
	"delete":    {func(*Bookmark) bool { return false }, "bookmarks deleted."},
}

// bulk applies the chosen action to the checked bookmarks (ids) of the signed-in person: 400
// for an action the bar does not have; a selection with none of the person's bookmarks goes
// back to select mode with a notice; otherwise 303 to the list with how many changed. Ids that
// are not the person's bookmarks (malformed, missing, foreign) are skipped, never acted on.
func (a *App) bulk(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	action, known := bulkActions[r.PostFormValue("action")]
	if !known {
		http.Error(w, "unknown bulk action: the bar sends publish, unpublish or delete", http.StatusBadRequest)
		return
	}
	owner := currentUser(r).ID
	done := 0
	for _, raw := range r.PostForm["ids"] {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id <= 0 || strconv.FormatInt(id, 10) != raw {
			continue
		}
		b, found := a.store.get(owner, id)
		if !found {
			continue
		}
		if action.apply(&b) {
			a.store.update(owner, id, func(m *Bookmark) { m.Published = b.Published })
		} else {
			a.store.delete(owner, id)
		}
		done++
	}
	if done == 0 {
		setFlash(w, "notice", "Select at least one bookmark.")
		seeOther(w, "/bookmarks?select=1")
		return
	}
	setFlash(w, "notice", strconv.Itoa(done)+" "+action.message)
	seeOther(w, "/bookmarks")
}

// ---- the locale switch (facts §10: one-field POST forms to /_locale) ----

const localeCookie = "rastrillo_locale"

// locales are the languages the notes app speaks, in the menu's order.
var locales = []localeItem{{Code: "en", Name: "English"}, {Code: "es", Name: "Español"}}

type localeItem struct {
	Code, Name string
	Current    bool
}

// translations holds the few strings the notes app translates (the list's title and the header
// link), by locale; English is the text itself.
var translations = map[string]map[string]string{
	"es": {"Bookmarks": "Marcadores"},
}

// localeOf is the request's locale: the rastrillo_locale cookie when it names a known locale,
// else English. (Rastrillo negotiates a path prefix first; the notes app keeps no prefix, so
// its URLs stay the manifest's.)
func localeOf(r *http.Request) string {
	if c, err := r.Cookie(localeCookie); err == nil {
		for _, l := range locales {
			if l.Code == c.Value {
				return l.Code
			}
		}
	}
	return "en"
}

// translate is text in locale, or text itself.
func translate(locale, text string) string {
	if t, ok := translations[locale][text]; ok {
		return t
	}
	return text
}

// switchLocale sets the rastrillo_locale cookie (1 year, HttpOnly, Lax, Path=/, Secure on
// https) and answers 303 to the form's return path; 400 for an unknown locale or a return that
// is not a local path. The origin check of every POST (protect) runs first.
func (a *App) switchLocale(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	code := r.PostFormValue("locale")
	known := false
	for _, l := range locales {
		known = known || l.Code == code
	}
	if !known {
		http.Error(w, "unknown locale", http.StatusBadRequest)
		return
	}
	back := r.PostFormValue("return")
	if !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") || strings.ContainsAny(back, "\\\r\n") {
		http.Error(w, "return must be a local path", http.StatusBadRequest)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: localeCookie, Value: code, Path: "/", MaxAge: 365 * 24 * 60 * 60,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: strings.HasPrefix(a.cfg.Origin, "https://"),
	})
	seeOther(w, back)
}

package notes

import (
	"bytes"
	"encoding/base64"
	"html/template"
	"log"
	"net/http"
	"strings"
)

// pages are parsed once: each page template with the shared layout.
var pages = func() map[string]*template.Template {
	out := map[string]*template.Template{}
	for _, name := range []string{"signin", "list", "form", "show", "edit", "confirm", "signin_auth", "verify", "secondfactor"} {
		out[name] = template.Must(template.ParseFS(templateFS, "templates/layout.html", "templates/basics.html", "templates/"+name+".html"))
	}
	return out
}()

// Flash is a one-shot notice (facts §2).
type Flash struct {
	Kind    string
	Message string
}

const flashCookie = "rastrillo_flash"

// setFlash writes the flash cookie: rastrillo_flash, Path=/, HttpOnly, SameSite=Lax,
// Max-Age=60, never Secure; the value is base64url (unpadded) of kind NUL message.
func setFlash(w http.ResponseWriter, kind, message string) {
	http.SetCookie(w, &http.Cookie{
		Name:     flashCookie,
		Value:    base64.RawURLEncoding.EncodeToString([]byte(kind + "\x00" + message)),
		Path:     "/",
		MaxAge:   60,
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
	})
}

// takeFlash reads the flash cookie, if any, and clears it (also when it is malformed).
func takeFlash(w http.ResponseWriter, r *http.Request) *Flash {
	c, err := r.Cookie(flashCookie)
	if err != nil {
		return nil
	}
	http.SetCookie(w, &http.Cookie{Name: flashCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	raw, err := base64.RawURLEncoding.DecodeString(c.Value)
	if err != nil {
		return nil
	}
	kind, message, ok := strings.Cut(string(raw), "\x00")
	if !ok || kind == "" || message == "" {
		return nil
	}
	return &Flash{Kind: kind, Message: message}
}

// view is everything a page template reads.
type view struct {
	Title string
	User  *User
	Flash *Flash
	Nav   string // "bookmarks" marks the header link as the current page
	Error string

	// the locale menu (every page): the page's language, the choices, and the path to return to
	Lang    string
	Locales []localeItem
	Return  string

	// signin
	Email    string
	ReturnTo string

	// the auth mode's sign-in pages
	Auth        authView
	AuthMessage string

	// bookmarks
	Bookmark Bookmark
	Form     bookmarkForm
	IsNew    bool
	List     listView
}

type bookmarkForm struct {
	Title, Link, Notes string
}

type listView struct {
	Items      []Bookmark
	Query      string
	Total      int
	Page       int
	Pages      []pageLink
	Prev, Next string
	Select     bool // select mode (?select=1): the rows are the bulk bar's selection form
}

type pageLink struct {
	Number  int
	Href    string
	Current bool
}

// render writes page name at status, taking the flash and the signed-in user on the way.
func (a *App) render(w http.ResponseWriter, r *http.Request, status int, name string, v view) {
	v.User = currentUser(r)
	v.Flash = takeFlash(w, r)
	v.Lang = localeOf(r)
	for _, l := range locales {
		v.Locales = append(v.Locales, localeItem{Code: l.Code, Name: l.Name, Current: l.Code == v.Lang})
	}
	v.Return = r.URL.RequestURI()
	var body bytes.Buffer
	if err := pages[name].ExecuteTemplate(&body, "layout", v); err != nil {
		log.Printf("notes: rendering %s: %v", name, err)
		http.Error(w, "something went wrong", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(body.Bytes())
}

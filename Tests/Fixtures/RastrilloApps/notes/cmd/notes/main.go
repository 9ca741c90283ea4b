package main

import (
	"log"
	"net/http"
	"os"

	"github.com/carlosframework/rastrillo"

	"notes/gen"
	"notes/internal/notes"
)

func main() {
	origin := os.Getenv("NOTES_ORIGIN")
	if origin == "" {
		origin = "http://localhost:8080"
		log.Printf("NOTES_ORIGIN is not set; using %s (set it to the deployed origin)", origin)
	}
	mux := http.NewServeMux()
	gen.Routes(mux)
	rastrillo.Run(rastrillo.Options{Origin: origin, Mux: notes.App(mux)})
}

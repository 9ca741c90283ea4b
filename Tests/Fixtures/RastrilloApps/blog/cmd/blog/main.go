package main

import (
	"log"
	"net/http"
	"os"

	"github.com/carlosframework/rastrillo"

	"blog/gen"
)

func main() {
	origin := os.Getenv("BLOG_ORIGIN")
	if origin == "" {
		origin = "http://localhost:8080"
		log.Printf("BLOG_ORIGIN is not set; using %s (set it to the deployed origin)", origin)
	}
	mux := http.NewServeMux()
	gen.Routes(mux)
	rastrillo.Run(rastrillo.Options{Origin: origin, Mux: mux})
}

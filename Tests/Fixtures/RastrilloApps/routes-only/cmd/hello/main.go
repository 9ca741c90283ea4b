package main

import (
	"log"
	"net/http"
	"os"

	"github.com/carlosframework/rastrillo"

	"hello/gen"
)

func main() {
	origin := os.Getenv("HELLO_ORIGIN")
	if origin == "" {
		origin = "http://localhost:8080"
		log.Printf("HELLO_ORIGIN is not set; using %s (set it to the deployed origin)", origin)
	}
	mux := http.NewServeMux()
	gen.Routes(mux)
	rastrillo.Run(rastrillo.Options{Origin: origin, Mux: mux})
}

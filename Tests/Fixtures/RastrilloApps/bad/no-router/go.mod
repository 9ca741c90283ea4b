module norouter

go 1.25.0

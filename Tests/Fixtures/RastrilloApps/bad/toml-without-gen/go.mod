module stale

go 1.25.0

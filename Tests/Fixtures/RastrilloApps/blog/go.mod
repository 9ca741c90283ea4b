module blog

go 1.25.0

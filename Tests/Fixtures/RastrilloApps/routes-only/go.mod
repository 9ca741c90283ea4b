module hello

go 1.25.0

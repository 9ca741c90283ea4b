module keyword

go 1.25.0

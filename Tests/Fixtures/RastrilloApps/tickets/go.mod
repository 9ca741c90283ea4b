module tickets

go 1.25.0

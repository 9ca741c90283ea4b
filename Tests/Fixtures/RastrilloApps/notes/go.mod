module notes

go 1.25.0

module additive

go 1.25.0

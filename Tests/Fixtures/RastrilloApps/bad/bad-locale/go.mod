module badlocale

go 1.25.0

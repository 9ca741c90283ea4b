module notjson

go 1.25.0

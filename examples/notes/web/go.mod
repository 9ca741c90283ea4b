module example.com/notesweb

go 1.24

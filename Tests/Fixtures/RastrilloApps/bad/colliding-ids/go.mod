module collide

go 1.25.0

module wrongshape

go 1.25.0

module wrongshapename

go 1.25.0

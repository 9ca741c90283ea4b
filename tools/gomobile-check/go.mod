module rastrillonative.local/tools/gomobile-check

go 1.24

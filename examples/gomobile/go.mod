module example.com/companioncore

go 1.24

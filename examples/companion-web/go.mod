module example.com/companionweb

go 1.24

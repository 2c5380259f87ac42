module example.invalid/fourx

go 1.19

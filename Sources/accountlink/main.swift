print("accountlink")

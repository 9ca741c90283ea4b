enum BenchMain { static func main() {} }
print("rastrillo-bench: no benchmarks yet")

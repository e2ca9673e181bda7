print("chartd-bench: no benchmarks yet")

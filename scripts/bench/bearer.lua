-- wrk script: GET with a Bearer token from the environment (BENCH_TOKEN).
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN")

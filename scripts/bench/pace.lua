-- wrk script: like post.lua / bearer.lua (BENCH_METHOD, BENCH_BODY, BENCH_AUTH, BENCH_TOKEN), each
-- connection paced to BENCH_DELAY_MS between requests (wrk's delay hook), so that all connections
-- together ask for a chosen rate (scripts/bench.py: half the peak rate, for p99).
local method = os.getenv("BENCH_METHOD")
if method and method ~= "" then wrk.method = method end
local body = os.getenv("BENCH_BODY")
if body and body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
end
local auth = os.getenv("BENCH_AUTH")
if auth and auth ~= "" then wrk.headers["Authorization"] = "Basic " .. auth end
local token = os.getenv("BENCH_TOKEN")
if token and token ~= "" then wrk.headers["Authorization"] = "Bearer " .. token end
local pause = tonumber(os.getenv("BENCH_DELAY_MS") or "0")
if pause > 0 then
  function delay() return pause end
end

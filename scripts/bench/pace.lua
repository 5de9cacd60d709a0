-- wrk script: like post.lua / bearer.lua (BENCH_METHOD, BENCH_BODY, BENCH_AUTH, BENCH_TOKEN), each
-- connection pausing between requests (wrk's delay hook) so that all connections together ask for a
-- chosen rate (scripts/bench.py: half the peak rate, for p99).
--
-- BENCH_DELAY_MS is the mean pause. Each pause is drawn from the exponential distribution with that
-- mean, so the connections' requests arrive independently of one another (a Poisson stream, as many
-- separate clients make), not in step: a fixed pause keeps 32 connections that started together
-- together, and the server then sees bursts at its full rate followed by idleness. BENCH_PACING=fixed
-- keeps the fixed pause (to compare, docs/performance.md). wrk takes whole milliseconds (it truncates
-- the number), so a pause is rounded up or down at random in proportion, keeping its mean.
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
local fixed = os.getenv("BENCH_PACING") == "fixed"
local threads = 0

-- Each of wrk's threads has its own Lua state; give each its own random sequence.
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

function init(args)
  math.randomseed(os.time() * 1000 + (thread_number or 0) * 7919)
end

local function whole_milliseconds(ms)
  local whole = math.floor(ms)
  if math.random() < ms - whole then whole = whole + 1 end
  return whole
end

if pause > 0 then
  function delay()
    if fixed then return whole_milliseconds(pause) end
    return whole_milliseconds(-pause * math.log(1 - math.random()))
  end
end

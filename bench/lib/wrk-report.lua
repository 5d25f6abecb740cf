-- wrk script of the benchmarks (bench/lib/wrk.ts): the request's method, body and headers from the
-- environment (WRK_METHOD, WRK_BODY, WRK_COOKIE for the signed-in session cookie, WRK_HEADERS as
-- "name: value" lines), and one JSON line of figures at the end, which bench/lib/wrk.ts reads.
wrk.method = os.getenv("WRK_METHOD") or "GET"
local body = os.getenv("WRK_BODY")
if body and body ~= "" then wrk.body = body end
local cookie = os.getenv("WRK_COOKIE")
if cookie and cookie ~= "" then wrk.headers["Cookie"] = cookie end
local extra = os.getenv("WRK_HEADERS") or ""
for name, value in extra:gmatch("([^:\n]+):%s*([^\n]*)") do
  wrk.headers[name] = value
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"micros":%d,"bytes":%d,"p50":%d,"p99":%d,"max":%d,' ..
      '"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end

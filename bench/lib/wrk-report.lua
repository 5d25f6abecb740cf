-- wrk script of the benchmarks (bench/lib/wrk.ts): the request's method, body and headers from the
-- environment (WRK_METHOD, WRK_BODY, WRK_COOKIE for the signed-in session cookie, WRK_HEADERS as
-- "name: value" lines), and one JSON line of figures at the end, which bench/lib/wrk.ts reads. WRK_PATHS and
-- WRK_COOKIES (one per line, optional) make each thread go round those paths and, independently, those
-- sessions' cookies, one request after another (the large world's pages of 50 players, its 10 viewers).
wrk.method = os.getenv("WRK_METHOD") or "GET"
local body = os.getenv("WRK_BODY")
if body and body ~= "" then wrk.body = body end
local cookie = os.getenv("WRK_COOKIE")
if cookie and cookie ~= "" then wrk.headers["Cookie"] = cookie end
local extra = os.getenv("WRK_HEADERS") or ""
for name, value in extra:gmatch("([^:\n]+):%s*([^\n]*)") do
  wrk.headers[name] = value
end

local function lines(text)
  local list = {}
  for line in (text or ""):gmatch("[^\n]+") do list[#list + 1] = line end
  return list
end
local paths = lines(os.getenv("WRK_PATHS"))
local cookies = lines(os.getenv("WRK_COOKIES"))
if #paths > 0 or #cookies > 0 then
  local next_path, next_cookie = 0, 0
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  request = function()
    local path = nil
    if #paths > 0 then
      path = paths[next_path % #paths + 1]
      next_path = next_path + 1
    end
    if #cookies > 0 then
      headers["Cookie"] = cookies[next_cookie % #cookies + 1]
      next_cookie = next_cookie + 1
    end
    return wrk.format(nil, path, headers)
  end
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

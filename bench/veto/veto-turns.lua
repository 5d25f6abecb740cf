-- wrk script of the veto benchmark (bench/veto/run.ts): plays best-of-one vetoes, every request a different
-- turn. Each match is played turn after turn: its next turn is sent only once its last one was answered
-- (the answer's `"data":{"id":…}` names the match), and a connection that got an answer goes on with that
-- match, so about as many matches are in play as there are connections; a finished match is followed by a
-- fresh one. A thread that has no match left stops.
--
-- Environment: VETO_MATCHES ("12,13,…", the staged matches) or VETO_COUNT (ids 1…n, for the bare server),
-- VETO_THREADS (wrk's -t), VETO_MAPS (the six map ids in turn order), VETO_COOKIE_1 / VETO_XSRF_1 (the
-- captain of turns 1, 3, 5), VETO_COOKIE_2 / VETO_XSRF_2 (turns 2, 4, 6). Prints one JSON line of figures.
local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } veto_timespec;
int clock_gettime(int clock_id, veto_timespec *tp);
]]
local clock = ffi.new("veto_timespec")
local function now_us()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) * 1000000 + math.floor(tonumber(clock.tv_nsec) / 1000)
end

local TURNS = 6

-- Main state: hands each thread its share of the matches.
local threads = {}

function setup(thread)
  local count = tonumber(os.getenv("VETO_THREADS") or "1")
  local index = #threads -- 0-based
  threads[#threads + 1] = thread
  local mine = {}
  local listed = os.getenv("VETO_MATCHES") or ""
  if listed ~= "" then
    local k = 0
    for id in listed:gmatch("%d+") do
      if k % count == index then mine[#mine + 1] = id end
      k = k + 1
    end
    thread:set("ids", table.concat(mine, ","))
  else
    thread:set("first_id", index + 1)
    thread:set("id_step", count)
    thread:set("id_count", tonumber(os.getenv("VETO_COUNT") or "0"))
  end
end

-- Thread state.
local fresh, fresh_next = {}, 1 -- matches not started yet
local going = {} -- started matches whose last turn was answered (a stack: the latest goes on first)
local step = {} -- id → turns answered
local maps = {}
local captains = {}
-- Globals: the main state reads them with thread:get.
turns, bad, starved, first, last = 0, 0, 0, 0, 0

function init(args)
  if ids then
    for id in ids:gmatch("%d+") do fresh[#fresh + 1] = id end
  end
  for id in (os.getenv("VETO_MAPS") or ""):gmatch("%d+") do maps[#maps + 1] = id end
  for side = 1, 2 do
    captains[side] = {
      ["Cookie"] = os.getenv("VETO_COOKIE_" .. side) or "",
      ["X-XSRF-TOKEN"] = os.getenv("VETO_XSRF_" .. side) or "",
    }
  end
end

function request()
  local id = table.remove(going)
  if not id then
    if ids then
      id = fresh[fresh_next]
    elseif first_id + (fresh_next - 1) * id_step <= id_count then
      id = tostring(first_id + (fresh_next - 1) * id_step) -- ids 1…n, made as they are needed
    end
    if not id then
      -- Every match of this thread is played or in play: stop (this last request is not a turn).
      starved = starved + 1
      wrk.thread:stop()
      return wrk.format("GET", "/api/v1/health")
    end
    fresh_next = fresh_next + 1
    step[id] = 0
  end
  if first == 0 then first = now_us() end
  local s = step[id]
  local headers = captains[(s % 2) + 1]
  return wrk.format("POST", "/api/v1/match/" .. id .. "/map/" .. maps[s + 1], headers, "")
end

function response(status, headers, body)
  last = now_us()
  local id = body and body:match('"data":{"id":(%d+)')
  if status ~= 200 or not id or not step[id] then
    if status ~= 200 then bad = bad + 1 end
    return
  end
  turns = turns + 1
  local s = step[id] + 1
  step[id] = s
  if s < TURNS then
    going[#going + 1] = id
  else
    step[id] = nil
  end
end

function done(summary, latency, requests)
  local total, wrong, out, from, to = 0, 0, 0, nil, 0
  for _, thread in ipairs(threads) do
    total = total + (thread:get("turns") or 0)
    wrong = wrong + (thread:get("bad") or 0)
    out = out + (thread:get("starved") or 0)
    local f, l = thread:get("first") or 0, thread:get("last") or 0
    if f > 0 and (from == nil or f < from) then from = f end
    if l > to then to = l end
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"turns":%d,"activeMicros":%d,"notOk":%d,"ranOut":%d,"requests":%d,"micros":%d,' ..
      '"p50":%d,"p99":%d,"max":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\n',
    total, to - (from or to), wrong, out, summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end

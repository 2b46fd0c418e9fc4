-- wrk script for `npm run bench:login` (run.ts): one login per request, each from its own client
-- address (X-Forwarded-For, which the gateway trusts from loopback), so the gateway's per-IP limit
-- runs on every request but never stops the run. LOGIN_BODY is the form; FIRST_CLIENT numbers the
-- first address so that consecutive runs never reuse one. One wrk thread: the count is its own.
local threads = {}
local body = os.getenv("LOGIN_BODY")
local client = tonumber(os.getenv("FIRST_CLIENT") or "0")

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  ok = 0
  other = 0
end

function request()
  client = client + 1
  local address = string.format("10.%d.%d.%d", math.floor(client / 65536) % 256,
    math.floor(client / 256) % 256, client % 256)
  return wrk.format("POST", "/api/v1/login/access-token", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["X-Forwarded-For"] = address,
  }, body)
end

function response(status, headers, response_body)
  if status == 200 then ok = ok + 1 else other = other + 1 end
end

-- One line for run.ts to read: answers by kind, socket errors, duration and latency (microseconds).
function done(summary, latency, requests)
  local answered, failed = 0, 0
  for _, thread in ipairs(threads) do
    answered = answered + thread:get("ok")
    failed = failed + thread:get("other")
  end
  local e = summary.errors
  io.write(string.format("innerview ok=%d other=%d errors=%d duration_us=%d p50_us=%d p99_us=%d\n",
    answered, failed, e.connect + e.read + e.write + e.timeout, summary.duration,
    latency:percentile(50), latency:percentile(99)))
end

-- A wrk script for gauge-server's soak test: valid and invalid requests in turn, counted by
-- status. Run with one thread (its counts are read back at the end):
--   wrk -t1 -c32 -d60s -s Service/Load/soak.lua http://127.0.0.1:8080
-- Expected: 2xx and 304 for the valid ones (four of them PNG), 4xx for the invalid ones,
-- and no 5xx.

local json = { ["Content-Type"] = "application/json" }
local requests = {
  wrk.format("GET", "/gauge/stress.svg?value=42&size=400"),
  wrk.format("GET", "/gauge/cpu.svg?value=97.5&theme=dark&size=200&animate"),
  wrk.format("GET", "/pie.svg?data=Rent:1200,Food:450,Fun:100&donut=0.6&legend=right"),
  wrk.format("POST", "/gauge", json, '{"preset":{"extends":"stress","title":"Queue"},"value":7}'),
  wrk.format("POST", "/pie", json, '{"items":[{"label":"A","value":1},{"label":"B","value":2}]}'),
  wrk.format("GET", "/gauge/stress.svg?value=42&size=400", { ["If-None-Match"] = "*" }),
  wrk.format("GET", "/gauge/stress.svg?value=42&szie=3"),
  wrk.format("GET", "/gauge/nope.svg?value=1"),
  wrk.format("GET", "/gauge/stress.svg?value=abc&size=9000"),
  wrk.format("POST", "/gauge", json, '{"preset":{"min":5,"max":1},"value":1}'),
  wrk.format("POST", "/pie", json, '{"items":[{"label":"A","value":-1}]}'),
  wrk.format("POST", "/gauge", json, '{"preset":'),
  wrk.format("DELETE", "/presets"),
  wrk.format("GET", "/gauge/stress.png?value=42&size=400"),
  wrk.format("GET", "/gauge/cpu.png?value=97.5&size=200&scale=2&theme=dark"),
  wrk.format("GET", "/pie.png?data=Rent:1200,Food:450,Fun:100&donut=0.6&legend=right"),
  wrk.format("GET", "/gauge/stress.png?value=42&size=400&scale=3", { ["If-None-Match"] = "*" }),
  wrk.format("GET", "/gauge/stress.png?value=42&size=4000&scale=3"),
}

local index = 0
counts = {}

request = function()
  index = index % #requests + 1
  return requests[index]
end

response = function(status, headers, body)
  local key = tostring(status)
  counts[key] = (counts[key] or 0) + 1
end

local threads = {}

setup = function(thread)
  table.insert(threads, thread)
end

done = function(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("counts")) do
      total[status] = (total[status] or 0) + count
    end
  end
  local statuses = {}
  for status in pairs(total) do table.insert(statuses, status) end
  table.sort(statuses)
  for _, status in ipairs(statuses) do
    io.write(string.format("status %s: %d\n", status, total[status]))
  end
end

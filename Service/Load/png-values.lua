-- Every request a new value (0.001 apart), so none is answered from the PNG store: each
-- PNG is drawn. Usage:
--   wrk -t1 -c64 -d10s --latency -s Service/Load/png-values.lua http://127.0.0.1:18090
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/gauge/stress.png?size=400&value=" .. string.format("%.3f", (n % 100000) / 1000))
end

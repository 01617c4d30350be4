-- Every request a new value, so none is answered from the PNG store: each PNG is drawn.
-- The values step by 0.037 through 0.000 ... 99.999 (37 and 100,000 share no factor, so the
-- first 100,000 requests are all different) and so cover the whole dial within a second:
-- an image costs more when its pointer stands over the ring's busier top half, and values
-- 0.001 apart (as this script had them until 2026-11-25) spent a 10 s run in 0 ... 35, the
-- cheapest third. Usage:
--   wrk -t1 -c32 -d10s --latency -s Service/Load/png-values.lua http://127.0.0.1:18090
local n = 0
request = function()
  n = n + 1
  return wrk.format(
    "GET", "/gauge/stress.png?size=400&value=" .. string.format("%.3f", ((n * 37) % 100000) / 1000))
end

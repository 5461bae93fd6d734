-- PUT /api/v1/course/ID: cycles through the courses of bench_data.lua
-- (variable PUT_COURSES), alternating two bodies per course that differ in
-- `lessons1`, so every request really changes the course.
package.path = package.path .. ";" .. (debug.getinfo(1, "S").source:match("@(.*/)") or "./") .. "?.lua"
require "report"
local data_dir = os.getenv("BENCH_DATA_DIR")
if data_dir then package.path = package.path .. ";" .. data_dir .. "/?.lua" end
require "bench_data"

-- The command line's headers (Authorization) plus the JSON content type.
function json_headers()
  local h = {}
  for k, v in pairs(wrk.headers) do h[k] = v end
  h["Content-Type"] = "application/json"
  return h
end

local n = 0
local counter = 0

function setup(thread)
  thread:set("thread_no", counter)
  counter = counter + 1
end

function init(args)
  n = thread_no * 7
end

function request()
  n = n + 1
  local c = PUT_COURSES[(n % #PUT_COURSES) + 1]
  local body = (math.floor(n / #PUT_COURSES) % 2 == 0) and c.a or c.b
  return wrk.format("PUT", "/api/v1/course/" .. c.id, json_headers(), body)
end

done = bench_report

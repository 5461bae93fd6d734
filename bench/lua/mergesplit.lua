-- Merge-then-split cycles: each wrk thread (run with threads = connections,
-- so one request at a time per thread) owns one pair of mergeable courses
-- from bench_data.lua (MERGE_PAIRS) and alternates
--   POST /api/v1/course {"merge": [a, b]}   -> a now holds both classes, b is gone
--   POST /api/v1/course {"split": a}        -> a keeps its class, a new course gets b's
-- reading the new course's id from the split response for the next merge.
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

local counter = 0
function setup(thread)
  thread:set("thread_no", counter)
  counter = counter + 1
end

local a, b
local phase = "merge"

function init(args)
  local pair = MERGE_PAIRS[(thread_no % #MERGE_PAIRS) + 1]
  a, b = pair[1], pair[2]
end

function request()
  local body
  if phase == "merge" then
    body = '{"merge": [' .. a .. ', ' .. b .. ']}'
  else
    body = '{"split": ' .. a .. '}'
  end
  return wrk.format("POST", "/api/v1/course", json_headers(), body)
end

-- Top-level "id" of each element of the {"result": [ {...}, ... ]} list, in order.
local function element_ids(body)
  local ids = {}
  local depth, in_string, escaped = 0, false, false
  local i, len = 1, #body
  while i <= len do
    local ch = body:sub(i, i)
    if in_string then
      if escaped then escaped = false
      elseif ch == "\\" then escaped = true
      elseif ch == '"' then in_string = false end
    elseif ch == '"' then in_string = true
    elseif ch == "{" or ch == "[" then
      depth = depth + 1
      if ch == "{" and depth == 3 then
        local id = body:match('^{"id":(%d+)', i)
        if id then ids[#ids + 1] = tonumber(id) end
      end
    elseif ch == "}" or ch == "]" then
      depth = depth - 1
    end
    i = i + 1
  end
  return ids
end

function response(status, headers, body)
  if status ~= 200 then return end  -- counted as an error by wrk; retry the same step
  if phase == "merge" then
    phase = "split"
  else
    local ids = element_ids(body)
    if ids[2] then b = ids[2] end
    phase = "merge"
  end
end

done = bench_report

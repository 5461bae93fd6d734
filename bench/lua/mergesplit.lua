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
local threads = {}
function setup(thread)
  thread:set("thread_no", counter)
  counter = counter + 1
  threads[#threads + 1] = thread
end

failures = 0
last_failure = nil

local a, b
local phase = "merge"

-- Each row starts on fresh pairs (BENCH_PAIR_OFFSET): a row may end halfway
-- through a cycle, leaving its pairs merged.
function init(args)
  local offset = tonumber(os.getenv("BENCH_PAIR_OFFSET") or "0")
  local pair = MERGE_PAIRS[((offset + thread_no) % #MERGE_PAIRS) + 1]
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
  if status ~= 200 then  -- counted as an error by wrk; retry the same step
    failures = failures + 1
    last_failure = phase .. " " .. a .. "," .. b .. " -> " .. status .. " " .. body:sub(1, 300)
    return
  end
  if phase == "merge" then
    phase = "split"
  else
    local ids = element_ids(body)
    if ids[2] then b = ids[2] end
    phase = "merge"
  end
end

function done(summary, latency, requests)
  bench_report(summary, latency, requests)
  for _, t in ipairs(threads) do
    local n = t:get("failures")
    if n and n > 0 then
      io.write("BENCHNOTE thread " .. t:get("thread_no") .. ": " .. n .. " failed, last: " .. tostring(t:get("last_failure")) .. "\n")
    end
  end
end

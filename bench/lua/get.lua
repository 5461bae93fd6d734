-- GET the URL given on the wrk command line; only reports.
package.path = package.path .. ";" .. (debug.getinfo(1, "S").source:match("@(.*/)") or "./") .. "?.lua"
require "report"
done = bench_report

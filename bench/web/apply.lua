-- wrk script: POST /api/apply with the body in $BODY (default /tmp/tengen-apply.json), and
-- latency percentiles at the end.
local path = os.getenv("BODY") or "/tmp/tengen-apply.json"
local f = assert(io.open(path, "r"))
wrk.method = "POST"
wrk.path = "/api/apply"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"

done = function(summary, latency, requests)
  io.write(string.format("requests: %d, errors: %d non-2xx, %d socket\n", summary.requests,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write +
    summary.errors.timeout))
  for _, p in ipairs({ 50, 90, 99, 99.9 }) do
    io.write(string.format("p%-5s %8.3f ms\n", p, latency:percentile(p) / 1000))
  end
end

-- wrk script: POST the benchmark's echo body (echo-body.json, path in WRK_BODY) as JSON, with the Dubbo group in
-- tri-service-group (WRK_GROUP), a header both httpjson and Triple's HTTP/1 JSON mode read.
local f = assert(io.open(os.getenv("WRK_BODY"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["tri-service-group"] = os.getenv("WRK_GROUP")

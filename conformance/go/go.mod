module github.com/httpjson/conformance

go 1.18

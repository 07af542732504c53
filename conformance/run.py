#!/usr/bin/env python3
"""httpjson conformance kit, Python runner (standard library only).

usage: python3 conformance/run.py [BASE_URL] [CASES_JSON]
BASE_URL defaults to $HTTPJSON_URL, then http://127.0.0.1:18080; CASES_JSON to cases.json beside this file.
Prints one line per failed case, then "N passed, M failed"; exits 1 if any case failed, 2 if the cases
cannot be read.
"""
import gzip
import json
import os
import re
import sys
import urllib.error
import urllib.request


def main(argv):
    base = (argv[1] if len(argv) > 1 else os.environ.get("HTTPJSON_URL", "http://127.0.0.1:18080")).rstrip("/")
    path = argv[2] if len(argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json")
    try:
        with open(path, encoding="utf-8") as f:
            cases = json.load(f)["cases"]
    except (OSError, ValueError, KeyError) as e:
        print("cannot read the cases from %s: %s" % (path, e))
        return 2
    passed = failed = 0
    for case in cases:
        try:
            problem = run_case(base, case)
        except Exception as e:  # a runner error is a failed case, not a crash
            problem = "%s: %s" % (type(e).__name__, e)
        if problem is None:
            passed += 1
        else:
            failed += 1
            print("FAIL %s: %s" % (case["name"], problem))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def run_case(base, case):
    req = case["request"]
    body = None
    if "bodyText" in req:
        body = req["bodyText"].encode("utf-8")
    elif "body" in req:
        body = json.dumps(req["body"], separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if body is not None and req.get("gzip"):
        body = gzip.compress(body)
    request = urllib.request.Request(base + req["path"], data=body, method=req["method"])
    headers = req.get("headers", {})
    for name, value in headers.items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, got_headers, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as e:
        status, got_headers, raw = e.code, e.headers, e.read()
    if (got_headers.get("Content-Encoding") or "").lower() == "gzip":
        raw = gzip.decompress(raw)
    return check(case["expect"], status, got_headers, raw)


def check(expect, status, headers, raw):
    if status != expect["status"]:
        return "status %d, expected %d; body %s" % (status, expect["status"], short(raw))
    for name, want in expect.get("headers", {}).items():
        got = headers.get(name)
        if want is None:
            if got is not None:
                return "header %s: %r, expected none" % (name, got)
        elif got is None:
            return "header %s missing, expected %s" % (name, json.dumps(want))
        elif not matches(want, got):
            return "header %s: %r, expected %s" % (name, got, json.dumps(want))
    if "bodyText" in expect:
        text = raw.decode("utf-8")
        if text != expect["bodyText"]:
            return "body %s, expected %s" % (short(raw), json.dumps(expect["bodyText"]))
    elif "body" in expect:
        try:
            got = json.loads(raw.decode("utf-8"))
        except ValueError as e:
            return "body is not JSON (%s): %s" % (e, short(raw))
        problem = mismatch(expect["body"], got, "$")
        if problem:
            return problem + "; body " + short(raw)
    return None


def matches(want, got):
    """A header value: exact text, or {"$regex": RE} found anywhere in it."""
    if isinstance(want, dict):
        return re.search(want["$regex"], got) is not None
    return want == got


def mismatch(want, got, where):
    """None if got matches want (docs/conformance.md, "Matching"), else what differs."""
    if isinstance(want, dict) and set(want) == {"$regex"}:
        if isinstance(got, str) and re.search(want["$regex"], got):
            return None
        return "%s: %s does not match /%s/" % (where, short_json(got), want["$regex"])
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return "%s: %s, expected an object" % (where, short_json(got))
        for key, value in want.items():
            if isinstance(value, dict) and set(value) == {"$absent"}:
                if key in got:
                    return "%s.%s: %s, expected no such key" % (where, key, short_json(got[key]))
                continue
            if key not in got:
                return "%s.%s missing" % (where, key)
            problem = mismatch(value, got[key], where + "." + key)
            if problem:
                return problem
        return None
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return "%s: %s, expected %d elements" % (where, short_json(got), len(want))
        for i, (w, g) in enumerate(zip(want, got)):
            problem = mismatch(w, g, "%s[%d]" % (where, i))
            if problem:
                return problem
        return None
    # json gives exact ints; a bool is not a number and an int is not a float here
    if type(want) is not type(got) or want != got:
        return "%s: %s, expected %s" % (where, short_json(got), json.dumps(want, ensure_ascii=False))
    return None


def short(raw):
    text = raw.decode("utf-8", "replace")
    return text if len(text) <= 200 else text[:200] + "..."


def short_json(value):
    return short(json.dumps(value, ensure_ascii=False).encode("utf-8"))


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env node
// httpjson conformance kit, Node runner (Node 18+ fetch, no npm packages).
//
// usage: node conformance/run.mjs [BASE_URL] [CASES_JSON]
// BASE_URL defaults to $HTTPJSON_URL, then http://127.0.0.1:18080; CASES_JSON to cases.json beside this file.
// Prints one line per failed case, then "N passed, M failed"; exits 1 if any case failed, 2 if the cases
// cannot be read.
//
// JSON.parse turns 9007199254740993 into 9007199254740992, so this runner reads JSON with its own small parser
// that keeps every number as its text (JsonNumber) and compares integers as BigInt.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";

class JsonNumber {
  constructor(text) {
    this.text = text;
  }
}

function parseJson(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i])) i++;
  };
  const fail = (what) => {
    throw new SyntaxError(`${what} at offset ${i}`);
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const obj = {};
      ws();
      if (text[i] === "}") {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected a key");
        const key = string();
        ws();
        if (text[i++] !== ":") fail("expected ':'");
        obj[key] = value();
        ws();
        const d = text[i++];
        if (d === "}") return obj;
        if (d !== ",") fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const arr = [];
      ws();
      if (text[i] === "]") {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value());
        ws();
        const d = text[i++];
        if (d === "]") return arr;
        if (d !== ",") fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [["true", true], ["false", false], ["null", null]]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 1100));
    if (!m) fail("expected a value");
    i += m[0].length;
    return new JsonNumber(m[0]);
  };
  const string = () => {
    // the whole string literal, escapes and all, is what JSON.parse reads exactly
    const start = i++;
    while (text[i] !== '"') {
      if (i >= text.length) fail("unterminated string");
      i += text[i] === "\\" ? 2 : 1;
    }
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const v = value();
  ws();
  if (i !== text.length) fail("text after the value");
  return v;
}

function writeJson(v) {
  if (v instanceof JsonNumber) return v.text;
  if (Array.isArray(v)) return "[" + v.map(writeJson).join(",") + "]";
  if (v !== null && typeof v === "object") {
    return "{" + Object.entries(v).map(([k, x]) => JSON.stringify(k) + ":" + writeJson(x)).join(",") + "}";
  }
  return JSON.stringify(v);
}

function sameNumber(a, b) {
  const integer = /^-?\d+$/;
  if (integer.test(a.text) && integer.test(b.text)) return BigInt(a.text) === BigInt(b.text);
  return Number(a.text) === Number(b.text);
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof JsonNumber);
const onlyKey = (v, key) => isObject(v) && Object.keys(v).length === 1 && key in v;
const show = (v) => {
  const s = v === undefined ? "nothing" : writeJson(v);
  return s.length > 200 ? s.slice(0, 200) + "..." : s;
};

// null if got matches want (docs/conformance.md, "Matching"), else what differs
function mismatch(want, got, where) {
  if (onlyKey(want, "$regex")) {
    return typeof got === "string" && new RegExp(want.$regex).test(got)
      ? null
      : `${where}: ${show(got)} does not match /${want.$regex}/`;
  }
  if (isObject(want)) {
    if (!isObject(got)) return `${where}: ${show(got)}, expected an object`;
    for (const [key, w] of Object.entries(want)) {
      const has = Object.prototype.hasOwnProperty.call(got, key);
      if (onlyKey(w, "$absent")) {
        if (has) return `${where}.${key}: ${show(got[key])}, expected no such key`;
        continue;
      }
      if (!has) return `${where}.${key} missing`;
      const p = mismatch(w, got[key], `${where}.${key}`);
      if (p) return p;
    }
    return null;
  }
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length) {
      return `${where}: ${show(got)}, expected ${want.length} elements`;
    }
    for (let k = 0; k < want.length; k++) {
      const p = mismatch(want[k], got[k], `${where}[${k}]`);
      if (p) return p;
    }
    return null;
  }
  if (want instanceof JsonNumber) {
    return got instanceof JsonNumber && sameNumber(want, got) ? null : `${where}: ${show(got)}, expected ${want.text}`;
  }
  return want === got ? null : `${where}: ${show(got)}, expected ${show(want)}`;
}

function headerMatches(want, got) {
  return isObject(want) ? new RegExp(want.$regex).test(got) : want === got;
}

async function runCase(base, c) {
  const req = c.request;
  let body;
  if ("bodyText" in req) body = Buffer.from(req.bodyText, "utf8");
  else if ("body" in req) body = Buffer.from(writeJson(req.body), "utf8");
  if (body !== undefined && req.gzip) body = gzipSync(body);
  const headers = { ...(req.headers || {}) };
  // fetch would ask for gzip itself; send the case's headers only (identity: no encoding)
  if (!Object.keys(headers).some((n) => n.toLowerCase() === "accept-encoding")) headers["Accept-Encoding"] = "identity";
  const response = await fetch(base + req.path, {
    method: req.method,
    headers,
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(30000),
  });
  let raw = Buffer.from(await response.arrayBuffer());
  // fetch decompresses a gzip body on its own; gunzip only what is still gzip
  if ((response.headers.get("content-encoding") || "").toLowerCase() === "gzip" && raw[0] === 0x1f && raw[1] === 0x8b) {
    raw = gunzipSync(raw);
  }
  const text = raw.toString("utf8");
  const shortText = text.length > 200 ? text.slice(0, 200) + "..." : text;
  const expect = c.expect;
  const status = expect.status instanceof JsonNumber ? Number(expect.status.text) : expect.status;
  if (response.status !== status) return `status ${response.status}, expected ${status}; body ${shortText}`;
  for (const [name, want] of Object.entries(expect.headers || {})) {
    const got = response.headers.get(name);
    if (want === null) {
      if (got !== null) return `header ${name}: ${JSON.stringify(got)}, expected none`;
    } else if (got === null) {
      return `header ${name} missing, expected ${show(want)}`;
    } else if (!headerMatches(want, got)) {
      return `header ${name}: ${JSON.stringify(got)}, expected ${show(want)}`;
    }
  }
  if ("bodyText" in expect) {
    if (text !== expect.bodyText) return `body ${shortText}, expected ${JSON.stringify(expect.bodyText)}`;
  } else if ("body" in expect) {
    let got;
    try {
      got = parseJson(text);
    } catch (e) {
      return `body is not JSON (${e.message}): ${shortText}`;
    }
    const p = mismatch(expect.body, got, "$");
    if (p) return `${p}; body ${shortText}`;
  }
  return null;
}

const here = dirname(fileURLToPath(import.meta.url));
const base = (process.argv[2] || process.env.HTTPJSON_URL || "http://127.0.0.1:18080").replace(/\/+$/, "");
const casesFile = process.argv[3] || join(here, "cases.json");
let cases;
try {
  cases = parseJson(readFileSync(casesFile, "utf8")).cases;
  if (!Array.isArray(cases)) throw new Error("no list of cases");
} catch (e) {
  console.log(`cannot read the cases from ${casesFile}: ${e.message}`);
  process.exit(2);
}
let passed = 0;
let failed = 0;
for (const c of cases) {
  let problem;
  try {
    problem = await runCase(base, c);
  } catch (e) {
    problem = `${e.name}: ${e.message}${e.cause ? " (" + e.cause.message + ")" : ""}`;
  }
  if (problem === null) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL ${c.name}: ${problem}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;

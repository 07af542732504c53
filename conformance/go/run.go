// httpjson conformance kit, Go runner (net/http, standard library only).
//
// usage (from conformance/go): go run . [BASE_URL] [CASES_JSON]
// BASE_URL defaults to $HTTPJSON_URL, then http://127.0.0.1:18080; CASES_JSON to ../cases.json.
// Prints one line per failed case, then "N passed, M failed"; exits 1 if any case failed, 2 if the cases
// cannot be read.
//
// JSON is read with json.Decoder.UseNumber, so longs beyond 2^53 keep every digit (json.Number) and integers are
// compared as big.Int.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"
)

type request struct {
	Method   string            `json:"method"`
	Path     string            `json:"path"`
	Headers  map[string]string `json:"headers"`
	Body     json.RawMessage   `json:"body"`
	BodyText *string           `json:"bodyText"`
	Gzip     bool              `json:"gzip"`
}

type expectation struct {
	Status   int                        `json:"status"`
	Headers  map[string]json.RawMessage `json:"headers"`
	Body     json.RawMessage            `json:"body"`
	BodyText *string                    `json:"bodyText"`
}

type testCase struct {
	Name    string      `json:"name"`
	Request request     `json:"request"`
	Expect  expectation `json:"expect"`
}

func main() {
	base := os.Getenv("HTTPJSON_URL")
	if len(os.Args) > 1 {
		base = os.Args[1]
	}
	if base == "" {
		base = "http://127.0.0.1:18080"
	}
	base = strings.TrimRight(base, "/")
	path := "../cases.json"
	if len(os.Args) > 2 {
		path = os.Args[2]
	}
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Println("cannot read the cases from", path+":", err)
		os.Exit(2)
	}
	var file struct {
		Cases []testCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		fmt.Println("cannot read the cases from", path+":", err)
		os.Exit(2)
	}
	if file.Cases == nil {
		fmt.Println("cannot read the cases from", path+": no list of cases")
		os.Exit(2)
	}
	// DisableCompression: send only the case's headers (no Accept-Encoding of our own) and see the raw encoding
	client := &http.Client{
		Timeout:       30 * time.Second,
		Transport:     &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	passed, failed := 0, 0
	for _, c := range file.Cases {
		if problem := runCase(client, base, c); problem != "" {
			failed++
			fmt.Printf("FAIL %s: %s\n", c.Name, problem)
		} else {
			passed++
		}
	}
	fmt.Printf("%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		os.Exit(1)
	}
}

func runCase(client *http.Client, base string, c testCase) string {
	req := c.Request
	var body []byte
	if req.BodyText != nil {
		body = []byte(*req.BodyText)
	} else if req.Body != nil {
		// the case's JSON as it is, without spaces (numbers keep their digits)
		var compact bytes.Buffer
		if err := json.Compact(&compact, req.Body); err != nil {
			return "bad body in the case: " + err.Error()
		}
		body = compact.Bytes()
	}
	if body != nil && req.Gzip {
		var zipped bytes.Buffer
		w := gzip.NewWriter(&zipped)
		w.Write(body)
		w.Close()
		body = zipped.Bytes()
	}
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	httpReq, err := http.NewRequest(req.Method, base+req.Path, reader)
	if err != nil {
		return err.Error()
	}
	for name, value := range req.Headers {
		httpReq.Header.Set(name, value)
	}
	resp, err := client.Do(httpReq)
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return "reading the body: " + err.Error()
	}
	if strings.EqualFold(resp.Header.Get("Content-Encoding"), "gzip") {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return "gunzip: " + err.Error()
		}
		if raw, err = io.ReadAll(zr); err != nil {
			return "gunzip: " + err.Error()
		}
	}
	return check(c.Expect, resp, raw)
}

func check(expect expectation, resp *http.Response, raw []byte) string {
	text := string(raw)
	if resp.StatusCode != expect.Status {
		return fmt.Sprintf("status %d, expected %d; body %s", resp.StatusCode, expect.Status, short(text))
	}
	for name, wantRaw := range expect.Headers {
		want, err := decode(wantRaw)
		if err != nil {
			return "bad header expectation in the case: " + err.Error()
		}
		values := resp.Header.Values(name)
		got := strings.Join(values, ", ")
		switch {
		case want == nil:
			if len(values) > 0 {
				return fmt.Sprintf("header %s: %q, expected none", name, got)
			}
		case len(values) == 0:
			return fmt.Sprintf("header %s missing, expected %s", name, wantRaw)
		case !headerMatches(want, got):
			return fmt.Sprintf("header %s: %q, expected %s", name, got, wantRaw)
		}
	}
	if expect.BodyText != nil {
		if text != *expect.BodyText {
			return fmt.Sprintf("body %s, expected %q", short(text), *expect.BodyText)
		}
	} else if expect.Body != nil {
		want, err := decode(expect.Body)
		if err != nil {
			return "bad body expectation in the case: " + err.Error()
		}
		got, err := decode(raw)
		if err != nil {
			return fmt.Sprintf("body is not JSON (%v): %s", err, short(text))
		}
		if p := mismatch(want, got, "$"); p != "" {
			return p + "; body " + short(text)
		}
	}
	return ""
}

func decode(data []byte) (interface{}, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v interface{}
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("text after the value")
	}
	return v, nil
}

func headerMatches(want interface{}, got string) bool {
	if m, ok := want.(map[string]interface{}); ok {
		re, _ := m["$regex"].(string)
		return regexp.MustCompile(re).MatchString(got)
	}
	return want == got
}

func only(v interface{}, key string) (interface{}, bool) {
	m, ok := v.(map[string]interface{})
	if !ok || len(m) != 1 {
		return nil, false
	}
	x, ok := m[key]
	return x, ok
}

// mismatch is "" if got matches want (docs/conformance.md, "Matching"), else what differs.
func mismatch(want, got interface{}, where string) string {
	if re, ok := only(want, "$regex"); ok {
		s, isString := got.(string)
		if isString && regexp.MustCompile(re.(string)).MatchString(s) {
			return ""
		}
		return fmt.Sprintf("%s: %s does not match /%s/", where, show(got), re)
	}
	switch w := want.(type) {
	case map[string]interface{}:
		g, ok := got.(map[string]interface{})
		if !ok {
			return fmt.Sprintf("%s: %s, expected an object", where, show(got))
		}
		for key, wv := range w {
			gv, has := g[key]
			if _, absent := only(wv, "$absent"); absent {
				if has {
					return fmt.Sprintf("%s.%s: %s, expected no such key", where, key, show(gv))
				}
				continue
			}
			if !has {
				return fmt.Sprintf("%s.%s missing", where, key)
			}
			if p := mismatch(wv, gv, where+"."+key); p != "" {
				return p
			}
		}
		return ""
	case []interface{}:
		g, ok := got.([]interface{})
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: %s, expected %d elements", where, show(got), len(w))
		}
		for i := range w {
			if p := mismatch(w[i], g[i], fmt.Sprintf("%s[%d]", where, i)); p != "" {
				return p
			}
		}
		return ""
	case json.Number:
		g, ok := got.(json.Number)
		if ok && sameNumber(w, g) {
			return ""
		}
		return fmt.Sprintf("%s: %s, expected %s", where, show(got), w)
	default:
		if want == got {
			return ""
		}
		return fmt.Sprintf("%s: %s, expected %s", where, show(got), show(want))
	}
}

func sameNumber(a, b json.Number) bool {
	x, okX := new(big.Int).SetString(string(a), 10)
	y, okY := new(big.Int).SetString(string(b), 10)
	if okX && okY {
		return x.Cmp(y) == 0
	}
	fx, errX := a.Float64()
	fy, errY := b.Float64()
	return errX == nil && errY == nil && fx == fy
}

func show(v interface{}) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return short(strings.TrimSpace(buf.String()))
}

func short(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

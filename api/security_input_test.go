package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// jsonRoutes are the walked routes that read a JSON body.
func jsonRoutes(t *testing.T, app *testApp) []route {
	var out []route
	for _, r := range walkRoutes(t, app.api) {
		if r.spec.body != nil {
			out = append(out, r)
		}
	}
	return out
}

// nested is a JSON value nested depth arrays deep.
func nested(depth int) string {
	return strings.Repeat("[", depth) + strings.Repeat("]", depth)
}

// wrongType is a JSON value of another type than v.
func wrongType(v any) any {
	switch v.(type) {
	case string:
		return 12345
	case []string, []map[string]string:
		return map[string]any{"not": "a list"}
	case bool:
		return "yes"
	default:
		return []string{"not", "a", "scalar"}
	}
}

// TestMalformedJSONOnEveryJSONRoute: oversized, invalid, wrongly typed,
// unknown-field, deeply nested and otherwise broken bodies get a 400 with
// a message, never a 500, and store nothing.
func TestMalformedJSONOnEveryJSONRoute(t *testing.T) {
	t.Parallel()
	app := securityApp(t)
	a := newVictim(t, app)
	tables := tableNames(t, app)
	before := a.snapshot(t)
	rowsBefore := rowsPerTable(t, app, a.id)
	countUsers := func() int {
		var n int
		app.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM users`).Scan(&n)
		return n
	}
	users := countUsers()

	for _, r := range jsonRoutes(t, app) {
		valid := r.spec.body("bad")
		withField := func(k string, v any) string {
			b := r.spec.body("bad")
			b[k] = v
			return jsonBody(t, b)
		}
		var someKey string
		for k := range valid {
			someKey = k
			break
		}
		cases := []struct {
			name, body, contentType, wantMessage string
		}{
			{"over 1 MiB", withField(someKey, strings.Repeat("x", 1<<20)), "", "too large"},
			{"invalid JSON", `{"` + someKey + `": `, "", "not valid JSON"},
			{"not an object", `["a", "list"]`, "", "JSON object"},
			{"a bare string", `"hello"`, "", "JSON object"},
			{"null", `null`, "", "JSON object"},
			{"escaped NUL", withField(someKey, "a\x00b"), "", "NUL"},
			{"unknown field", withField("isAdmin", true), "", "unknown field"},
			{"deeply nested", strings.Replace(withField(someKey, "NEST"), `"NEST"`, nested(100000), 1), "", ""},
			{"trailing data", jsonBody(t, valid) + `{"again": 1}`, "", "single JSON value"},
			{"empty body", ``, "", "empty"},
			{"form encoded", "a=1&b=2", "application/x-www-form-urlencoded", "Content-Type"},
			{"raw NUL byte", "{\"" + someKey + "\": \"a\x00b\"}", "", "not valid JSON"},
		}
		for k, v := range valid {
			cases = append(cases, struct{ name, body, contentType, wantMessage string }{"wrong type for " + k, withField(k, wrongType(v)), "", ""})
		}

		for _, tc := range cases {
			t.Run(r.String()+"/"+tc.name, func(t *testing.T) {
				c := a.client
				if r.spec.public {
					c = app.newClient() // sign-up and sign-in, signed out
				}
				headers := []string{}
				if tc.contentType != "" {
					headers = append(headers, "Content-Type", tc.contentType)
				}
				resp := c.do(r.method, r.pathFor(a), tc.body, headers...)
				if resp.status != http.StatusBadRequest {
					t.Fatalf("= %d %.300s, want 400", resp.status, resp.body)
				}
				code, msg, _ := resp.errorBody(t)
				if code != "invalid" || msg == "" || !strings.Contains(msg, tc.wantMessage) {
					t.Errorf("error %q %q, want a message containing %q", code, msg, tc.wantMessage)
				}
			})
		}
		// A field the document requires, left out, is refused with a
		// message (a 400, or the 401/404 a missing credential or token
		// earns): never taken as false, zero or empty.
		for _, k := range requiredFields(t, r) {
			if _, ok := valid[k]; !ok {
				continue
			}
			t.Run(r.String()+"/without "+k, func(t *testing.T) {
				c := a.client
				if r.spec.public {
					c = app.newClient()
				}
				b := r.spec.body("bad")
				delete(b, k)
				resp := c.do(r.method, r.pathFor(a), jsonBody(t, b))
				if resp.status < 400 || resp.status >= 500 {
					t.Fatalf("= %d %.300s, want a 4xx", resp.status, resp.body)
				}
				if _, msg, _ := resp.errorBody(t); msg == "" {
					t.Errorf("no message: %s", resp.body)
				}
			})
		}
	}
	if got := rowsPerTable(t, app, a.id); fmt.Sprint(got) != fmt.Sprint(rowsBefore) {
		t.Errorf("rows changed: before %v, after %v", rowsBefore, got)
	}
	if got := countUsers(); got != users {
		t.Errorf("users: %d before, %d after", users, got)
	}
	a.requireUnchanged(t, before)
	requireTablesIntact(t, app, tables)
}

// requiredFields are the fields the OpenAPI document requires of r's JSON
// body.
func requiredFields(t *testing.T, r route) []string {
	t.Helper()
	c := contract(t)
	item := c.model.Paths.PathItems.GetOrZero(r.pattern)
	if item == nil {
		return nil
	}
	op := item.GetOperations().GetOrZero(strings.ToLower(r.method))
	if op == nil || op.RequestBody == nil {
		return nil
	}
	media := op.RequestBody.Content.GetOrZero("application/json")
	if media == nil || media.Schema == nil {
		return nil
	}
	return media.Schema.Schema().Required
}

// injections are strings an attacker sends hoping they reach SQL as code.
var injections = []string{
	`'; DROP TABLE users; --`,
	`' OR '1'='1`,
	`1; DELETE FROM check_ins WHERE '1'='1`,
	`Robert'); DROP TABLE sessions;--`,
	`\'; SELECT pg_sleep(5); --`,
	`" OR ""="`,
	`$1 $$ $body$ E'\x27'`,
	"nul\x00byte",
	"emoji 🧨 and RTL \u202e and zero-width \u200b",
	strings.Repeat("𝕏ł€", 3000),
}

// stringLeaves lists the paths of the string values in a JSON body.
func stringLeaves(v any, path []any, out *[][]any) {
	switch x := v.(type) {
	case string:
		*out = append(*out, append([]any(nil), path...))
	case map[string]any:
		for k, e := range x {
			stringLeaves(e, append(path, k), out)
		}
	case []any:
		for i, e := range x {
			stringLeaves(e, append(path, i), out)
		}
	}
}

func setLeaf(v any, path []any, s string) any {
	if len(path) == 0 {
		return s
	}
	switch k := path[0].(type) {
	case string:
		m := v.(map[string]any)
		m[k] = setLeaf(m[k], path[1:], s)
	case int:
		l := v.([]any)
		l[k] = setLeaf(l[k], path[1:], s)
	}
	return v
}

// generic turns a typed body into plain maps and slices.
func generic(t *testing.T, body map[string]any) any {
	var v any
	if err := json.Unmarshal([]byte(jsonBody(t, body)), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func containsString(v any, s string) bool {
	switch x := v.(type) {
	case string:
		return x == s
	case map[string]any:
		for _, e := range x {
			if containsString(e, s) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if containsString(e, s) {
				return true
			}
		}
	}
	return false
}

// TestSQLInjectionThroughEveryStringField puts each injection into every
// string field of every JSON route, every string query parameter and every
// string path parameter: each is stored verbatim (read back equal) or
// refused with a 4xx, never a 500, and every table survives.
func TestSQLInjectionThroughEveryStringField(t *testing.T) {
	t.Parallel()
	app := securityApp(t)
	a := newVictim(t, app)
	tables := tableNames(t, app)
	// A second user's data, which the injections must not reach either.
	other := newVictim(t, app)
	otherBefore := other.snapshot(t)

	for _, r := range jsonRoutes(t, app) {
		var leaves [][]any
		stringLeaves(generic(t, r.spec.body("x")), nil, &leaves)
		// Which fields come back in the answer: a baseline request with
		// the template's own values.
		echoed := map[string]bool{}
		if r.spec.echoes {
			if r.spec.reset != nil {
				r.spec.reset(t, app, a.id)
			}
			c := a.client
			if r.spec.public {
				c = app.newClient()
			}
			marked := generic(t, r.spec.body("x"))
			for i, leaf := range leaves {
				setLeaf(marked, leaf, fmt.Sprintf("echo-%d-probe", i))
			}
			resp := c.do(r.method, r.pathFor(a), marked)
			var got any
			if resp.status < 300 && json.Unmarshal(resp.body, &got) == nil {
				for i, leaf := range leaves {
					echoed[fmt.Sprint(leaf)] = containsString(got, fmt.Sprintf("echo-%d-probe", i))
				}
			}
		}
		for _, leaf := range leaves {
			for i, payload := range injections {
				t.Run(fmt.Sprintf("%s/%v/%d", r, leaf, i), func(t *testing.T) {
					if r.spec.reset != nil {
						r.spec.reset(t, app, a.id)
					}
					body := setLeaf(generic(t, r.spec.body("x")), leaf, payload)
					c := a.client
					if r.spec.public {
						c = app.newClient()
					}
					resp := c.do(r.method, r.pathFor(a), body)
					switch {
					case resp.status >= 500:
						t.Fatalf("= %d %.300s", resp.status, resp.body)
					case resp.status >= 400:
						if _, msg, _ := resp.errorBody(t); msg == "" {
							t.Errorf("= %d without a message", resp.status)
						}
					case echoed[fmt.Sprint(leaf)]:
						var got any
						resp.json(t, &got)
						if !containsString(got, payload) {
							t.Errorf("= %d but %.80q was not stored verbatim: %.300s", resp.status, payload, resp.body)
						}
					}
				})
			}
		}
	}

	for _, r := range walkRoutes(t, app.api) {
		if r.stateChanging() || r.spec.stream || r.spec.endsSession {
			continue
		}
		params := append([]string(nil), r.spec.query...)
		if r.spec.id != notOwned {
			params = append(params, "{id}")
		}
		for _, p := range params {
			for i, payload := range injections {
				t.Run(fmt.Sprintf("%s/%s/%d", r, p, i), func(t *testing.T) {
					path := r.pathFor(a)
					if p == "{id}" {
						path = strings.ReplaceAll(r.pattern, "{id}", url.PathEscape(payload))
					} else {
						path += "?" + url.Values{p: {payload}}.Encode()
					}
					resp := a.do(r.method, path, nil)
					if resp.status >= 500 {
						t.Fatalf("= %d %.300s", resp.status, resp.body)
					}
				})
			}
		}
	}
	requireTablesIntact(t, app, tables)
	other.requireUnchanged(t, otherBefore)
	if got := signedIn(app, a.sessionToken()); got != http.StatusOK {
		t.Errorf("the attacker's own session broke: %d", got)
	}
}

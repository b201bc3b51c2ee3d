package api_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lifeline/api"
)

// TestErasedAccountLeavesNoTrace erases an account that has used every
// feature (newVictim's one of everything, and more: sign-in failures and a
// session from its own address and browser, a paired phone that sent fixes
// and a refused one, the chat, a supporter's place in someone else's circle
// with their alerts and an SOS, a pending invitation someone else sent to
// its address, an opened share link), dumps the whole database with
// pg_dump, and finds none of its identifiers: its email, names, client
// address, browser, device IDs, tokens and their hashes, and every string
// of its own export that no other account has. The check reads the dump,
// not a list of tables, so a column added later that keeps any of them
// fails it.
func TestErasedAccountLeavesNoTrace(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	})
	app.setClock("2026-11-22T09:00:00Z")
	v := newVictim(t, app)
	bruno, brunoEmail := app.registerUser("Bruno")
	carla, _ := app.registerUser("Carla")
	if resp := v.do("PATCH", "/api/auth/user", map[string]any{"firstName": "Zephyrine", "lastName": "Quillbottom"}); resp.status != http.StatusOK {
		t.Fatalf("rename = %d %s", resp.status, resp.body)
	}

	// A browser of its own, at an address of its own: wrong passwords,
	// then the right one.
	const address, browser = "203.0.113.77", "ZephyrineBrowser/27.0 (erasure test)"
	own := app.newClient()
	from := func(method, path string, body any) response {
		return own.do(method, path, body, "X-Forwarded-For", address, "User-Agent", browser)
	}
	for range 3 {
		from("POST", "/api/auth/login", map[string]string{"email": v.email, "password": "not my password"})
	}
	if resp := from("POST", "/api/auth/login", map[string]string{"email": v.email, "password": goodPassword}); resp.status != http.StatusOK {
		t.Fatalf("sign-in = %d %s", resp.status, resp.body)
	}
	if status, _ := chatReply(t, own, map[string]any{"message": v.marker + " I feel like drinking"}); status != http.StatusOK {
		t.Fatalf("chat = %d", status)
	}
	for _, put := range []struct {
		path string
		body any
	}{
		{"/api/quiet-hours", map[string]any{"quietStart": 1320, "quietEnd": 420}},
		{"/api/escalation", map[string]any{"avoidZone": "after", "avoidZoneMinutes": 15, "missedCheckinDays": 2, "device": "never"}},
	} {
		if resp := from("PUT", put.path, put.body); resp.status != http.StatusOK {
			t.Fatalf("PUT %s = %d %s", put.path, resp.status, resp.body)
		}
	}
	channel := "zephyrine.alerts." + v.marker + "@example.net"
	if resp := from("POST", "/api/channels", map[string]any{"kind": "email", "address": channel}); resp.status != http.StatusCreated {
		t.Fatalf("email channel = %d %s", resp.status, resp.body)
	}

	// A phone that sent a fix, one with values to drop, and a refused one.
	phone := pairPhone(t, own)
	for _, body := range []string{
		`{"_type":"location","lat":48.85833,"lon":2.29513,"tst":1795337940,"acc":9,"tid":"zq"}`,
		`{"_type":"location","lat":48.8584,"lon":2.2952,"tst":1795337950,"vel":-1,"cog":-1,"tid":"zq"}`,
		`{"_type":"location","lat":48.8584,"lon":2.2952,"tst":1795341600,"tid":"zq"}`,
	} {
		app.appSend("POST", "/api/ingest/owntracks", body, "Authorization", basicAuth(phone.ID, phone.Token))
	}
	if resp := app.appSend("POST", "/api/ingest/owntracks", `{"_type":"location","lat":48.8584,"lon":2.2952,"tst":1795341600,"tid":"zq"}`,
		"Authorization", basicAuth(phone.ID, phone.Token)); resp.status != http.StatusBadRequest {
		t.Fatalf("a refused fix = %d %s", resp.status, resp.body)
	}

	// Bruno's supporter, invited by its address; Bruno's SOS reaches it.
	link, token := invite(t, bruno, "My sponsor", v.email)
	accept(t, own, token)
	grant(t, bruno, link, map[string]any{"checkIns": true, "alerts": []string{"sos"}, "location": "always"})
	if resp := bruno.do("POST", "/api/checkins", checkInBody(5, 3, false)); resp.status != http.StatusCreated {
		t.Fatalf("Bruno's check-in = %d %s", resp.status, resp.body)
	}
	supported(t, own)
	if resp := bruno.do("POST", "/api/sos", nil); resp.status != http.StatusCreated {
		t.Fatalf("Bruno's SOS = %d %s", resp.status, resp.body)
	}
	// Carla's invitation to the same address, never accepted.
	carlaLink, _ := invite(t, carla, "Friend from group", v.email) // a label she typed would be hers to keep

	// Its share link, opened from its address.
	share := createShare(t, own, 8)
	if resp := app.newClient().do("POST", "/api/share/view", map[string]any{"token": share.Token}, "X-Forwarded-For", address); resp.status != http.StatusOK {
		t.Fatalf("share view = %d %s", resp.status, resp.body)
	}

	identifiers := []string{v.email, v.marker, "Zephyrine", "Quillbottom", address, browser, channel, v.ids[ownDevice], phone.ID, phone.Token,
		share.Token, sessionCookie(t, own), hashHex(sessionCookie(t, own)), hashHex(phone.Token), hashHex(share.Token)}
	identifiers = append(identifiers, ownStrings(t, v.client, []*client{bruno, carla}, dumpDatabase(t, app, "--schema-only"))...)
	dumpBefore := dumpDatabase(t, app)
	for _, id := range identifiers[:3] {
		if !strings.Contains(dumpBefore, id) {
			t.Fatalf("the dump before erasure lacks %q: the test cannot see what it looks for", id)
		}
	}

	if resp := v.do("DELETE", "/api/account", map[string]any{"password": goodPassword}); resp.status != http.StatusNoContent {
		t.Fatalf("erase = %d %s", resp.status, resp.body)
	}
	dump := dumpDatabase(t, app)
	if !strings.Contains(dump, brunoEmail) {
		t.Fatalf("the dump after erasure lacks Bruno's email: it is not the database")
	}
	for _, id := range identifiers {
		if i := strings.Index(dump, id); i >= 0 {
			t.Errorf("the erased account's %q is still in the database: …%s…", id, dump[max(i-200, 0):min(i+len(id)+100, len(dump))])
		}
	}
	var carlaInvites []struct {
		ID    int64
		Email string
	}
	carla.do("GET", "/api/supporters", nil).json(t, &carlaInvites)
	if len(carlaInvites) != 1 || carlaInvites[0].ID != carlaLink || carlaInvites[0].Email != "" {
		t.Errorf("Carla's invitation to the erased address = %+v, want it kept without the address", carlaInvites)
	}
}

func sessionCookie(t *testing.T, c *client) string {
	t.Helper()
	if token := c.sessionToken(); token != "" {
		return token
	}
	t.Fatal("the browser has no session cookie")
	return ""
}

// hashHex is a token's SHA-256 as pg_dump writes a bytea.
func hashHex(token string) string {
	sum := sha256.Sum256([]byte(token))
	return `\x` + hex.EncodeToString(sum[:])
}

// ownStrings are the strings of c's export that none of others' exports,
// nor the schema, holds: what identifies c, whichever table keeps it.
func ownStrings(t *testing.T, c *client, others []*client, schema string) []string {
	t.Helper()
	theirs := map[string]bool{}
	for _, o := range others {
		for _, s := range exportStrings(t, o) {
			theirs[s] = true
		}
	}
	var own []string
	for _, s := range exportStrings(t, c) {
		if _, err := time.Parse(time.RFC3339Nano, s); err == nil || len(s) < 8 || theirs[s] || strings.Contains(schema, s) {
			continue
		}
		own = append(own, s)
	}
	if len(own) < 10 {
		t.Fatalf("only %d strings of the account's own in its export: %q", len(own), own)
	}
	return own
}

// exportStrings lists every string value of an account's export.
func exportStrings(t *testing.T, c *client) []string {
	t.Helper()
	var export any
	c.do("GET", "/api/account/export", nil).json(t, &export)
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
			var nested any // jsonb columns come back as text in some rows
			if json.Unmarshal([]byte(v), &nested) == nil {
				walk(nested)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(export)
	return out
}

// dumpDatabase runs pg_dump of the server's own version (or the newest on
// PATH) on the test's database.
func dumpDatabase(t *testing.T, app *testApp, args ...string) string {
	t.Helper()
	var version int
	if err := app.db.Pool.QueryRow(context.Background(), `SELECT current_setting('server_version_num')::int / 10000`).Scan(&version); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join("/usr/lib/postgresql", fmt.Sprint(version), "bin", "pg_dump")
	if env := os.Getenv("LIFELINE_PG_BIN"); env != "" {
		bin = filepath.Join(env, "pg_dump")
	}
	if _, err := os.Stat(bin); err != nil {
		if bin, err = exec.LookPath("pg_dump"); err != nil {
			t.Fatal("pg_dump not found: install Debian's postgresql-client (make test installs it)")
		}
	}
	conn := app.db.Pool.Config().ConnConfig
	u := url.URL{Scheme: "postgres", User: url.UserPassword(conn.User, conn.Password), Path: "/" + conn.Database,
		RawQuery: url.Values{"host": {conn.Host}, "port": {fmt.Sprint(conn.Port)}}.Encode()}
	out, err := exec.Command(bin, append([]string{"--no-owner", "--dbname=" + u.String()}, args...)...).Output()
	if err != nil {
		t.Fatalf("pg_dump: %v", err)
	}
	return string(out)
}

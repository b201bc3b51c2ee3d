package api_test

import (
	"net/http"
	"strings"
	"testing"

	"lifeline/store/storetest"
)

// /readyz names the storage engine the test run chose (LIFELINE_TEST_ENGINE),
// so the TimescaleDB variant of this suite checks the TimescaleDB answer.
func TestReadyzNamesTheStorageEngine(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	resp := app.newClient().do(http.MethodGet, "/readyz", nil)
	if resp.status != http.StatusOK {
		t.Fatalf("/readyz = %d, want 200: %s", resp.status, resp.body)
	}
	var got struct {
		Status  string
		Storage struct {
			Engine                              string
			Hypertables, Compression, Retention bool
		}
	}
	resp.json(t, &got)
	// The probe is public: no versions for an attacker to match against.
	for _, leak := range []string{"version", "15.", "2.28"} {
		if strings.Contains(strings.ToLower(string(resp.body)), leak) {
			t.Errorf("/readyz tells %q: %s", leak, resp.body)
		}
	}

	want := map[string]struct {
		engine      string
		hypertables bool
	}{
		storetest.EnginePlain:     {"postgresql", false},
		storetest.EngineTimescale: {"timescaledb", true},
	}[storetest.Engine()]
	s := got.Storage
	if got.Status != "ready" || s.Engine != want.engine || s.Hypertables != want.hypertables {
		t.Errorf("/readyz = %s, want status ready on engine %s (hypertables %v)", resp.body, want.engine, want.hypertables)
	}
	if want.hypertables && (!s.Compression || !s.Retention) {
		t.Errorf("/readyz on TimescaleDB = %s, want the compression and retention policies", resp.body)
	}
}

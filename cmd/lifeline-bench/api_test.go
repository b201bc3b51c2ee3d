package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	mrand "math/rand/v2"

	"lifeline/app/apptest"
	"lifeline/store/storetest"
)

// startLifeline runs the product (app/apptest's binary) on database url,
// as the benchmark scripts do; extra flags go to serve.
func startLifeline(t *testing.T, url string, extra ...string) *apptest.Process {
	t.Helper()
	return apptest.StartBinary(t, append([]string{"--database-url", url, "--log-level", "warn"}, extra...)...)
}

// TestBenchAPICommands runs the API benchmark's three commands on a small
// data set (yet with enough users that one user's rows are a small part of
// each table, so the planner uses the indexes, as explain-api demands): the
// seeded users are signed in and see their seeded data
// through the real API, every endpoint loads without errors, and every
// query plan is captured.
func TestBenchAPICommands(t *testing.T) {
	dbURL := storetest.NewURL(t)
	dir := t.TempDir()
	sessions := filepath.Join(dir, "sessions.json")
	command := func(args ...string) []byte {
		t.Helper()
		var out, errs bytes.Buffer
		if err := run(t.Context(), args, func(string) string { return "" }, &out, &errs); err != nil {
			t.Fatalf("lifeline-bench %s: %v\n%s", args[0], err, errs.String())
		}
		return out.Bytes()
	}

	var seeded struct {
		Users    int `json:"users"`
		CheckIns int `json:"check_ins"`
		Fixes    int `json:"locations"`
	}
	json.Unmarshal(command("seed-api", "--database-url", dbURL, "--users", "200", "--days", "40", "--fixes", "600",
		"--supporters", "30", "--full", "3", "--sessions-out", sessions), &seeded)
	if seeded.Users != 200 || seeded.CheckIns != 8000 || seeded.Fixes != 120000 {
		t.Fatalf("seeded %+v, want 200 users, 8000 check-ins, 120000 fixes", seeded)
	}
	set, err := readSeededSet(sessions)
	if err != nil {
		t.Fatal(err)
	}

	url := startLifeline(t, dbURL).URL()
	get := func(path, token string, into any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, url+path, nil)
		req.AddCookie(&http.Cookie{Name: "lifeline_session", Value: token})
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, resp.StatusCode, body)
		}
		if err := json.Unmarshal(body, into); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
	}
	for _, s := range set.Sessions[:2] {
		var me struct{ ID int64 }
		get("/api/auth/user", s.Token, &me)
		var checkIns []struct{ Date string }
		get("/api/checkins?limit=366", s.Token, &checkIns)
		var latest struct{ Timestamp time.Time }
		get("/api/gps/latest", s.Token, &latest)
		if me.ID != s.User || len(checkIns) != 40 || !latest.Timestamp.Equal(set.Now) {
			t.Errorf("user %d's session: user %d, %d check-ins, latest fix at %v; want 40 check-ins and a fix at %v",
				s.User, me.ID, len(checkIns), latest.Timestamp, set.Now)
		}
	}
	// A supporter of the most people sees every one of them on the caseload.
	var caseload []struct{ Need string }
	if get("/api/caseload", set.Supporters[0].Token, &caseload); len(set.Supporters) != 3 || len(caseload) != 200 || caseload[0].Need == "none" {
		t.Errorf("%d supporters' sessions; the first's caseload has %d people, the neediest %+v; want 3, and 200 with alerts first", len(set.Supporters), len(caseload), caseload[:1])
	}
	// The one shared password hash signs a seeded user in.
	req, _ := http.NewRequest(http.MethodPost, url+"/api/auth/login",
		strings.NewReader(`{"email":"`+set.Sessions[4].Email+`","password":"`+benchPassword+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", url)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("sign-in as a seeded user: %v %v", resp.Status, err)
	}

	for e := range benchEndpoints {
		var r struct {
			Endpoint string  `json:"endpoint"`
			Requests int     `json:"requests"`
			Errors   int     `json:"errors"`
			P99      float64 `json:"p99_ms"`
		}
		json.Unmarshal(command("api", "--url", url, "--sessions", sessions, "--endpoint", e,
			"--concurrency", "2", "--duration", "200ms", "--min-requests", "3", "--warmup", "0s"), &r)
		if r.Endpoint != e || r.Requests == 0 || r.Errors != 0 || r.P99 <= 0 {
			t.Errorf("bench api --endpoint %s: %+v", e, r)
		}
	}

	plansFile := filepath.Join(dir, "plans.md")
	var plans []planSummary
	json.Unmarshal(command("explain-api", "--database-url", dbURL, "--sessions", sessions, "--plans-out", plansFile), &plans)
	md, _ := os.ReadFile(plansFile)
	if len(plans) != 9 || strings.Count(string(md), "Execution Time") != 18 {
		t.Errorf("%d plan summaries and %d plans, want 9 and 18 (custom and generic)", len(plans), strings.Count(string(md), "Execution Time"))
	}
	for _, p := range plans {
		// 200 sessions fit in three pages: analyzed (as SeedSessions does),
		// PostgreSQL rightly reads them whole. The bench's data set, where
		// sessions is a big table, checks FindSession's index.
		if len(p.Indexes) == 0 && p.Query != "FindSession" {
			t.Errorf("plan of %s names no index (on TimescaleDB: the chunks' copies count)", p.Query)
		}
	}

	// Last, as in make bench-api: the bytes on disk, which compresses
	// every chunk on TimescaleDB.
	var disk struct {
		Engine string `json:"engine"`
		Fixes  int    `json:"fixes"`
		After  *struct {
			BytesPerFix float64 `json:"bytes_per_fix"`
		} `json:"after"`
	}
	json.Unmarshal(command("disk", "--database-url", dbURL), &disk)
	onTimescale := storetest.Engine() == storetest.EngineTimescale
	if want := map[bool]string{false: "postgresql", true: "timescaledb"}[onTimescale]; disk.Engine != want || disk.Fixes != 120000 || (disk.After != nil) != onTimescale {
		t.Errorf("bench disk on the %s engine: %+v, want engine %s, 120000 fixes, compressed figures only on TimescaleDB", storetest.Engine(), disk, want)
	}
}

func TestBenchRanges(t *testing.T) {
	set := &seededSet{Now: time.Date(2026, 11, 22, 8, 30, 0, 0, time.UTC), Days: 365, Fixes: 2000, FixEveryS: 300}
	oldest := set.Now.Add(-1999 * 5 * time.Minute)
	for seed := range uint64(200) {
		rng := newRand(seed)
		from, to := benchDay(set, rng)
		if from.Before(oldest) || to.After(set.Now) || to.Sub(from) != 24*time.Hour-time.Second || from.Hour() != 0 {
			t.Fatalf("day %v to %v is not a whole day within the fixes (%v to %v)", from, to, oldest, set.Now)
		}
		mFrom, mTo := benchMonth(set, rng)
		if mFrom.Day() != 1 || mTo.AddDate(0, 0, 1).Day() != 1 || mFrom.Before(set.Now.AddDate(0, 0, -365)) || mFrom.After(set.Now) {
			t.Fatalf("month %v to %v is not a calendar month of the seeded year", mFrom, mTo)
		}
	}
}

func newRand(seed uint64) *mrand.Rand { return mrand.New(mrand.NewPCG(seed, 7)) }

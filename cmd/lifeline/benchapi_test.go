package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	mrand "math/rand/v2"

	"lifeline/store/storetest"
)

// TestBenchAPICommands runs the API benchmark's three commands on a small
// data set (yet with enough users that one user's rows are a small part of
// each table, so the planner uses the indexes, as explain-api demands): the
// seeded users are signed in and see their seeded data
// through the real API, every endpoint loads without errors, and every
// query plan is captured.
func TestBenchAPICommands(t *testing.T) {
	ctx := context.Background()
	dbURL := storetest.NewURL(t)
	dir := dataDir(t)
	sessions := filepath.Join(dir, "sessions.json")
	command := func(args ...string) []byte {
		t.Helper()
		var out, errs bytes.Buffer
		if err := run(ctx, append([]string{"bench"}, args...), envOf(nil), &out, &errs); err != nil {
			t.Fatalf("bench %s: %v\n%s", args[0], err, errs.String())
		}
		return out.Bytes()
	}

	var seeded struct {
		Users    int `json:"users"`
		CheckIns int `json:"check_ins"`
		Fixes    int `json:"locations"`
	}
	json.Unmarshal(command("seed-api", "--database-url", dbURL, "--users", "200", "--days", "40", "--fixes", "600", "--sessions-out", sessions), &seeded)
	if seeded.Users != 200 || seeded.CheckIns != 8000 || seeded.Fixes != 120000 {
		t.Fatalf("seeded %+v, want 200 users, 8000 check-ins, 120000 fixes", seeded)
	}
	set, err := readSeededSet(sessions)
	if err != nil {
		t.Fatal(err)
	}

	url, stop := startProgramFull(t, dir, "--database-url", dbURL)
	defer stop()
	get := func(path, token string, into any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, url.url+path, nil)
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
	// The one shared password hash signs a seeded user in.
	req, _ := http.NewRequest(http.MethodPost, url.url+"/api/auth/login",
		strings.NewReader(`{"email":"`+set.Sessions[4].Email+`","password":"`+benchPassword+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", url.url)
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
		json.Unmarshal(command("api", "--url", url.url, "--sessions", sessions, "--endpoint", e,
			"--concurrency", "2", "--duration", "200ms", "--warmup", "0s"), &r)
		if r.Endpoint != e || r.Requests == 0 || r.Errors != 0 || r.P99 <= 0 {
			t.Errorf("bench api --endpoint %s: %+v", e, r)
		}
	}

	plansFile := filepath.Join(dir, "plans.md")
	var plans []planSummary
	json.Unmarshal(command("explain-api", "--database-url", dbURL, "--sessions", sessions, "--plans-out", plansFile), &plans)
	md, _ := os.ReadFile(plansFile)
	if len(plans) != 8 || strings.Count(string(md), "Execution Time") != 16 {
		t.Errorf("%d plan summaries and %d plans, want 8 and 16 (custom and generic)", len(plans), strings.Count(string(md), "Execution Time"))
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

package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"lifeline/internal/bench/httpload"
	"lifeline/store"
	"lifeline/store/storebench"
)

// The API benchmark: `seed-api` fills an empty database and signs every
// user in, `api` loads one endpoint as those users, and `explain-api`
// shows how the endpoints' queries are planned.

// benchPassword is every seeded user's password, and benchPasswordHash its
// argon2id hash in the PHC format the API checks (made once with the API's
// parameters; the parameters travel in the string). Seeding copies it to
// every user rather than hash 10,000 passwords; a test signs in with it.
const (
	benchPassword     = "steady load generator 42"
	benchPasswordHash = "$argon2id$v=19$m=19456,t=2,p=1$HWR4X4gVbzV0mH1W9S3jzA$fC070FSLKRhShsLqITFiRzE45BFSwi/SClUMCE4qtGQ"
)

type apiBenchOptions struct {
	users, days, fixes, workers int
	supporters, maxPeople, full int
	fixEvery                    time.Duration
	sessions, plansOut          string
	url, endpoint               string
	concurrency                 int
	duration, warmup            time.Duration
	minRequests                 uint64
}

func apiBenchFlags(fs *flag.FlagSet) *apiBenchOptions {
	a := &apiBenchOptions{}
	fs.IntVar(&a.users, "users", 10000, "users to seed (seed-api)")
	fs.IntVar(&a.days, "days", 365, "daily check-ins per user, ending today (seed-api)")
	fs.IntVar(&a.fixes, "fixes", 2000, "fixes per user's bracelet, the newest now (seed-api)")
	fs.DurationVar(&a.fixEvery, "fix-every", 5*time.Minute, "time between a bracelet's fixes (seed-api)")
	fs.IntVar(&a.workers, "workers", 2, "connections loading side by side (seed-api)")
	fs.IntVar(&a.supporters, "supporters", 1000, "supporters, each of up to --max-people of the users (seed-api)")
	fs.IntVar(&a.maxPeople, "max-people", 200, "the most people one supporter supports (seed-api)")
	fs.IntVar(&a.full, "full", 20, "supporters of exactly --max-people, whose sessions the caseload is measured with (seed-api)")
	fs.StringVar(&a.sessions, "sessions", "", "the seeded sessions file (api, explain-api)")
	fs.StringVar(&a.sessions, "sessions-out", "", "where to write the seeded sessions (seed-api)")
	fs.StringVar(&a.plansOut, "plans-out", "", "Markdown file for the full plans (explain-api)")
	fs.StringVar(&a.url, "url", "", "the running lifeline's URL (api)")
	fs.StringVar(&a.endpoint, "endpoint", "", "health, user, stats, checkins, locations, latest, supporting or caseload (api)")
	fs.IntVar(&a.concurrency, "concurrency", 32, "requests in flight (api)")
	fs.DurationVar(&a.duration, "duration", 10*time.Second, "measured time (api)")
	fs.DurationVar(&a.warmup, "warmup", 2*time.Second, "unmeasured time before it (api)")
	fs.Uint64Var(&a.minRequests, "min-requests", 0, "keep measuring past --duration until this many requests finished (api)")
	return a
}

// seededSet is the sessions file: what was seeded and a signed-in token
// per user.
type seededSet struct {
	Now       time.Time       `json:"now"`
	Days      int             `json:"days"`
	Fixes     int             `json:"fixes"`
	FixEveryS float64         `json:"fix_every_s"`
	Sessions  []seededSession `json:"sessions"`
	// Supporters are the sessions of the supporters of --max-people, who
	// ask for supporterEndpoints.
	Supporters []seededSession `json:"supporters"`
	MaxPeople  int             `json:"max_people"`
}

type seededSession struct {
	User  int64  `json:"user"`
	Email string `json:"email"`
	Token string `json:"token"`
}

func readSeededSet(path string) (*seededSet, error) {
	if path == "" {
		return nil, errors.New("--sessions is required")
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var set seededSet
	if err := json.Unmarshal(raw, &set); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(set.Sessions) == 0 {
		return nil, fmt.Errorf("%s holds no sessions", path)
	}
	return &set, nil
}

// tokenHash is how the API stores a session token (api/session.go).
func tokenHash(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

func seedAPI(ctx context.Context, a *apiBenchOptions, d database, stdout io.Writer) error {
	if a.sessions == "" {
		return errors.New("--sessions-out is required")
	}
	return d.with(ctx, func(db *store.DB) error { return seedAPIInto(ctx, db, a, stdout) })
}

func seedAPIInto(ctx context.Context, db *store.DB, a *apiBenchOptions, stdout io.Writer) error {
	start := time.Now()
	now := time.Now().UTC().Truncate(time.Second)
	res, err := storebench.SeedAPI(ctx, db, storebench.APISeed{
		Users: a.users, Days: a.days, Fixes: a.fixes, FixEvery: a.fixEvery,
		PasswordHash: benchPasswordHash, Now: now, Workers: a.workers,
	})
	if err != nil {
		return err
	}
	set := &seededSet{Now: now, Days: a.days, Fixes: a.fixes, FixEveryS: a.fixEvery.Seconds()}
	ids, hashes := make([]int64, len(res.Users)), make([][]byte, len(res.Users))
	for i, u := range res.Users {
		raw := make([]byte, 32)
		rand.Read(raw)
		token := base64.RawURLEncoding.EncodeToString(raw)
		ids[i], hashes[i] = u.ID, tokenHash(token)
		set.Sessions = append(set.Sessions, seededSession{User: u.ID, Email: u.Email, Token: token})
	}
	caseloadStart := time.Now()
	supporters, err := storebench.SeedCaseload(ctx, db, storebench.CaseloadSeed{
		Supporters: a.supporters, MaxPeople: a.maxPeople, Full: a.full, Wearers: slices.Clone(ids),
		PasswordHash: benchPasswordHash, Now: now,
	})
	if err != nil {
		return err
	}
	res.Steps = append(res.Steps, storebench.SeedStep{Name: "supporters and alerts", Seconds: time.Since(caseloadStart).Seconds()})
	set.MaxPeople = a.maxPeople
	for _, id := range supporters[:a.full] {
		raw := make([]byte, 32)
		rand.Read(raw)
		token := base64.RawURLEncoding.EncodeToString(raw)
		ids, hashes = append(ids, id), append(hashes, tokenHash(token))
		set.Supporters = append(set.Supporters, seededSession{User: id, Token: token})
	}
	if err := storebench.SeedSessions(ctx, db, ids, hashes, now, now.Add(30*24*time.Hour)); err != nil {
		return err
	}
	out, err := json.Marshal(set)
	if err != nil {
		return err
	}
	if err := os.WriteFile(a.sessions, out, 0o600); err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]any{
		"users": len(res.Users), "check_ins": res.CheckIns, "locations": res.Fixes,
		"supporters": a.supporters, "max_people": a.maxPeople, "full": a.full,
		"seconds": time.Since(start).Seconds(), "steps": res.Steps,
	})
}

// benchEndpoints are the requests `lifeline-bench api` can send, each for a random
// seeded user; ranges fall inside what was seeded.
var benchEndpoints = map[string]func(set *seededSet, rng *mrand.Rand) (path string, signedIn bool){
	"health": func(*seededSet, *mrand.Rand) (string, bool) { return "/healthz", false },
	"user":   func(*seededSet, *mrand.Rand) (string, bool) { return "/api/auth/user", true },
	"stats":  func(*seededSet, *mrand.Rand) (string, bool) { return "/api/stats", true },
	// The calendar's request: one month of the seeded year.
	"checkins": func(set *seededSet, rng *mrand.Rand) (string, bool) {
		from, to := benchMonth(set, rng)
		q := url.Values{"from": {from.Format(time.DateOnly)}, "to": {to.Format(time.DateOnly)}, "limit": {"31"}}
		return "/api/checkins?" + q.Encode(), true
	},
	// The GPS page's day view: one whole seeded day's track.
	"locations": func(set *seededSet, rng *mrand.Rand) (string, bool) {
		from, to := benchDay(set, rng)
		q := url.Values{"from": {from.Format(time.RFC3339)}, "to": {to.Format(time.RFC3339)}, "limit": {"1000"}}
		return "/api/gps/locations?" + q.Encode(), true
	},
	"latest": func(*seededSet, *mrand.Rand) (string, bool) { return "/api/gps/latest", true },
	// A supporter of --max-people: People I support, and the caseload.
	"supporting": func(*seededSet, *mrand.Rand) (string, bool) { return "/api/supporting", true },
	"caseload":   func(*seededSet, *mrand.Rand) (string, bool) { return "/api/caseload", true },
}

// supporterEndpoints are asked by the seeded supporters, not the wearers.
var supporterEndpoints = map[string]bool{"supporting": true, "caseload": true}

// benchMonth is a random whole calendar month among the seeded days (the
// current month when fewer were seeded).
func benchMonth(set *seededSet, rng *mrand.Rand) (from, to time.Time) {
	months := max(1, set.Days/31)
	first := time.Date(set.Now.Year(), set.Now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -rng.IntN(months), 0)
	return first, first.AddDate(0, 1, -1)
}

// benchDay is a random whole UTC day among the seeded fixes (the last day
// when they cover less).
func benchDay(set *seededSet, rng *mrand.Rand) (from, to time.Time) {
	span := time.Duration(float64(set.Fixes-1) * set.FixEveryS * float64(time.Second))
	whole := max(1, int(span/(24*time.Hour))-1)
	today := set.Now.Truncate(24 * time.Hour)
	from = today.AddDate(0, 0, -1-rng.IntN(whole))
	return from, from.Add(24*time.Hour - time.Second)
}

func loadAPI(ctx context.Context, a *apiBenchOptions, stdout io.Writer) error {
	path, ok := benchEndpoints[a.endpoint]
	if !ok {
		return fmt.Errorf("--endpoint must be one of health, user, stats, checkins, locations, latest, supporting, caseload")
	}
	if a.url == "" {
		return errors.New("--url is required")
	}
	set, err := readSeededSet(a.sessions)
	if err != nil {
		return err
	}
	sessions := set.Sessions
	if supporterEndpoints[a.endpoint] {
		sessions = set.Supporters
	}
	if len(sessions) == 0 {
		return fmt.Errorf("%s: the sessions file has no supporters: seed again", a.endpoint)
	}
	build := func(rng *mrand.Rand) (*http.Request, error) {
		p, signedIn := path(set, rng)
		req, err := http.NewRequest(http.MethodGet, strings.TrimRight(a.url, "/")+p, nil)
		if err != nil {
			return nil, err
		}
		if signedIn {
			req.AddCookie(&http.Cookie{Name: "lifeline_session", Value: sessions[rng.IntN(len(sessions))].Token})
		}
		return req, nil
	}
	if err := checkBenchAnswer(ctx, a.endpoint, build); err != nil {
		return err
	}
	res, err := httpload.Run(ctx, httpload.Config{
		Concurrency: a.concurrency, Warmup: a.warmup, Duration: a.duration, MinRequests: a.minRequests, Request: build,
		Seed: uint64(time.Now().UnixNano()),
	})
	if err != nil {
		return err
	}
	if res.Errors > 0 {
		return fmt.Errorf("%s: %d failed requests, e.g. %s", a.endpoint, res.Errors, res.ErrorExample)
	}
	return json.NewEncoder(stdout).Encode(struct {
		Endpoint    string `json:"endpoint"`
		Concurrency int    `json:"concurrency"`
		*httpload.Result
	}{a.endpoint, a.concurrency, res})
}

// checkBenchAnswer sends one request and checks that it returns seeded
// data, so a run never measures how fast the server says "nothing".
func checkBenchAnswer(ctx context.Context, endpoint string, build func(*mrand.Rand) (*http.Request, error)) error {
	req, err := build(mrand.New(mrand.NewPCG(1, 2)))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: GET %s answered %d: %.200s", endpoint, req.URL.Path, resp.StatusCode, body)
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("%s: GET %s: not JSON: %w", endpoint, req.URL.Path, err)
	}
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return fmt.Errorf("%s: GET %s returned an empty list: is the database seeded?", endpoint, req.URL)
		}
	case map[string]any:
		if len(x) == 0 {
			return fmt.Errorf("%s: GET %s returned an empty object", endpoint, req.URL)
		}
	default:
		return fmt.Errorf("%s: GET %s returned %.100s, want seeded data", endpoint, req.URL, body)
	}
	return nil
}

// planSummary is one explained query, for the benchmark's table.
type planSummary struct {
	Endpoint  string   `json:"endpoint"`
	Query     string   `json:"query"`
	Indexes   []string `json:"indexes"`
	Ms        float64  `json:"execution_ms"`
	Buffers   string   `json:"buffers"`
	GenericMs float64  `json:"generic_execution_ms"`
	SeqScans  []string `json:"seq_scans,omitempty"`
}

var (
	// A TimescaleDB chunk's copy of an index is named "N_index" (quoted):
	// it counts as the hypertable's index.
	planIndex   = regexp.MustCompile(`(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) "?(?:\d+_)?(\w+)`)
	planExec    = regexp.MustCompile(`Execution Time: ([0-9.]+) ms`)
	planBuffers = regexp.MustCompile(`Buffers: ([^\n]+)`) // the first: the top node's
)

func explainAPI(ctx context.Context, a *apiBenchOptions, d database, stdout io.Writer) error {
	set, err := readSeededSet(a.sessions)
	if err != nil {
		return err
	}
	rng := mrand.New(mrand.NewPCG(uint64(time.Now().UnixNano()), 1))
	s := set.Sessions[rng.IntN(len(set.Sessions))]
	var supporter int64
	if len(set.Supporters) > 0 {
		supporter = set.Supporters[rng.IntN(len(set.Supporters))].User
	}
	mFrom, mTo := benchMonth(set, rng)
	dFrom, dTo := benchDay(set, rng)
	var plans []storebench.QueryPlan
	err = d.with(ctx, func(db *store.DB) error {
		queries, err := storebench.APIPlanQueries(ctx, db, s.User, supporter, tokenHash(s.Token), set.Now.Truncate(24*time.Hour), mFrom, mTo, dFrom, dTo)
		if err != nil {
			return err
		}
		plans, err = storebench.ExplainQueries(ctx, db, queries)
		return err
	})
	if err != nil {
		return err
	}
	var md strings.Builder
	fmt.Fprintf(&md, "# API query plans (`make bench-api`)\n\nEXPLAIN (ANALYZE, BUFFERS) of the queries behind each benchmarked endpoint, run by\n"+
		"`lifeline-bench explain-api` on the seeded data set for user %d (month %s, day %s), %s.\n"+
		"The custom plan is what PostgreSQL runs for these arguments; the generic plan is what a\n"+
		"prepared statement may switch to after five executions. The generic plan runs second, so it finds\n"+
		"the pages the first run read in the cache.\n", s.User, mFrom.Format("2006-01"), dFrom.Format(time.DateOnly), time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	var summary []planSummary
	var bad []string
	for _, p := range plans {
		fmt.Fprintf(&md, "\n## %s: %s\n\nCustom plan:\n\n```\n%s\n```\n\nGeneric plan:\n\n```\n%s\n```\n", p.Endpoint, p.Name, p.Custom, p.Generic)
		ps := planSummary{Endpoint: p.Endpoint, Query: p.Name, SeqScans: p.SeqScans, Ms: planMs(p.Custom), GenericMs: planMs(p.Generic)}
		for _, line := range strings.Split(p.Custom, "\n") {
			m := planIndex.FindStringSubmatch(line)
			if m != nil && !strings.Contains(line, "never executed") && !slices.Contains(ps.Indexes, m[1]) {
				ps.Indexes = append(ps.Indexes, m[1])
			}
		}
		if m := planBuffers.FindStringSubmatch(p.Custom); m != nil {
			ps.Buffers = m[1]
		}
		summary = append(summary, ps)
		if len(p.SeqScans) > 0 {
			bad = append(bad, fmt.Sprintf("%s (%s) reads %s whole", p.Name, p.Endpoint, strings.Join(p.SeqScans, ", ")))
		}
	}
	if a.plansOut != "" {
		if err := os.WriteFile(a.plansOut, []byte(md.String()), 0o644); err != nil {
			return err
		}
	}
	if err := json.NewEncoder(stdout).Encode(summary); err != nil {
		return err
	}
	if len(bad) > 0 {
		return fmt.Errorf("sequential scan of a big table: %s", strings.Join(bad, "; "))
	}
	return nil
}

func planMs(plan string) float64 {
	var v float64
	if m := planExec.FindStringSubmatch(plan); m != nil {
		fmt.Sscanf(m[1], "%g", &v)
	}
	return v
}

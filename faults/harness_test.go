package faults

// The harness: a lifeline server process (app/apptest's, built once per test
// process from this repository) on fixed ports, so a restarted one is found
// where the clients left it; the firmware-sim binary; accounts,
// bracelets paired with `lifeline devices add`; simulator runs; and the
// checks every test ends with, read straight from PostgreSQL.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline/app/apptest"
	"lifeline/internal/child"
	"lifeline/pgcluster"
	"lifeline/store/storetest"
)

// soakOnly skips a long test unless make soak runs it (long tests are
// named TestSoak…, which is what make soak selects).
func soakOnly(t *testing.T) {
	t.Helper()
	if os.Getenv("LIFELINE_SOAK") != "1" {
		t.Skip("a long fault test: run it with `make soak` (LIFELINE_SOAK=1)")
	}
}

// externalPostgres starts a private PostgreSQL cluster for lifeline to use
// as its DATABASE_URL, which the test can stop, start and reconfigure under
// it. Its socket path stays the same across restarts.
func externalPostgres(t *testing.T) *pgcluster.Cluster {
	t.Helper()
	c := &pgcluster.Cluster{Dir: filepath.Join(apptest.Dir(t, "faults-pg-"), "pg"), Ephemeral: true, Timescale: storetest.Mode(), Logger: quietLogger()}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Stop() })
	return c
}

// server is one lifeline serve process (apptest.Process) on fixed ports,
// so a restarted one is found where the clients left it, with the same
// data dir and database.
type server struct {
	*apptest.Process
	t        *testing.T
	dbURL    string // the database it uses (attached to its private cluster when it owns one)
	url      string // http://127.0.0.1:port
	mqttAddr string
}

// startServer starts lifeline serve on free ports: on its own private
// cluster under a fresh data dir, or on externalURL when it is given.
//
// A free port is free only until someone takes it: between freePorts and
// the server's bind, another test's outgoing connection may be given the
// same port from the kernel's ephemeral range. The first start then picks
// new ports and tries again; a restart keeps its ports, as clients expect.
func startServer(t *testing.T, externalURL string, extra ...string) *server {
	t.Helper()
	dir := apptest.Dir(t, "faults-data-")
	s := &server{t: t, dbURL: externalURL}
	t.Cleanup(func() {
		if s.Process != nil {
			s.Stop()
		}
	})
	for attempt := 1; ; attempt++ {
		ports := freePorts(t, 3)
		s.url, s.mqttAddr = "http://127.0.0.1:"+ports[0], "127.0.0.1:"+ports[1]
		args := append([]string{"--http-addr", "127.0.0.1:" + ports[0], "--mqtt-addr", s.mqttAddr, "--mqtt-ws-addr", "127.0.0.1:" + ports[2]}, extra...)
		if externalURL != "" {
			args = append(args, "--database-url", externalURL)
		}
		s.Process = apptest.NewProcess(apptest.Binary(t), dir, args...)
		err := s.Start()
		if err == nil {
			break
		}
		if attempt == 3 || !strings.Contains(err.Error(), "address already in use") {
			t.Fatal(err)
		}
		t.Logf("a port was taken before the server bound it; new ports (attempt %d): %v", attempt+1, err)
	}
	s.attach()
	return s
}

func freePorts(t *testing.T, n int) []string {
	t.Helper()
	var ports []string
	var ls []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, strconv.Itoa(l.Addr().(*net.TCPAddr).Port))
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// start runs the process again and returns once it says it is ready.
func (s *server) start() {
	s.t.Helper()
	if err := s.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.attach()
}

// attach points dbURL at the cluster a started server owns.
func (s *server) attach() {
	t := s.t
	t.Helper()
	if !s.externalDB() {
		// Attach to the cluster the server owns (on a new port after each
		// start), as `lifeline devices` does.
		c := &pgcluster.Cluster{Dir: filepath.Join(s.DataDir, "pg"), Attach: true, Logger: quietLogger()}
		if err := c.Start(context.Background()); err != nil {
			t.Fatalf("attach to the server's cluster: %v", err)
		}
		s.dbURL = c.URL("lifeline")
	}
}

// metric reads the sum of the samples of a Prometheus metric whose line
// starts with prefix (name and, optionally, labels).
func (s *server) metric(prefix string) float64 {
	s.t.Helper()
	sums, err := s.tryMetrics(prefix)
	if err != nil {
		s.t.Fatalf("metrics: %v", err)
	}
	return sums[0]
}

// tryMetrics is metric for several prefixes from one read of /metrics, for
// a server that may be down (a failing test's explanation must not fail on
// a process it killed).
func (s *server) tryMetrics(prefixes ...string) ([]float64, error) {
	resp, err := http.Get(s.url + "/metrics")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	sums := make([]float64, len(prefixes))
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		for i, prefix := range prefixes {
			if strings.HasPrefix(line, prefix) {
				f := strings.Fields(line)
				v, _ := strconv.ParseFloat(f[len(f)-1], 64)
				sums[i] += v
			}
		}
	}
	return sums, sc.Err()
}

// rssKB is the server process's resident memory, from /proc.
func (s *server) rssKB() int {
	s.t.Helper()
	kb, err := processRSSKB(s.Pid())
	if err != nil {
		s.t.Fatal(err)
	}
	return kb
}

// processRSSKB is a process's resident memory now (VmRSS in /proc).
func processRSSKB(pid int) (int, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			return strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// account is a user of one test, with its bracelets.
type account struct {
	email, password string
	http            *http.Client
	devicesCSV      string
	devices         []credential
}

type credential struct{ ID, Token string }

// newAccount signs a user up through the API and pairs n bracelets to it
// with `lifeline devices add`.
func (s *server) newAccount(t *testing.T, name string, n int) *account {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	a := &account{email: fmt.Sprintf("%s-%d@example.org", name, time.Now().UnixNano()), password: "a-long-walk-home-" + name,
		http: &http.Client{Jar: jar, Timeout: time.Minute}}
	a.post(t, s, "/api/auth/register", map[string]string{"email": a.email, "password": a.password, "firstName": name})
	if n > 0 {
		a.devicesCSV = filepath.Join(t.TempDir(), name+".csv")
		s.lifeline(t, "devices", "add", "--user", a.email, "--name", name, "--count", strconv.Itoa(n), "--out", a.devicesCSV)
		a.devices = readCredentials(t, a.devicesCSV)
		if len(a.devices) != n {
			t.Fatalf("%d devices paired, want %d", len(a.devices), n)
		}
	}
	return a
}

// post posts body as JSON to path as a's browser would (Origin set, its
// cookies), and fails the test unless the answer is a success.
func (a *account) post(t *testing.T, s *server, path string, body any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	a.send(t, s, http.MethodPost, path, bytes.NewReader(raw))
}

// revoke revokes one of a's bracelets through s's API, as the web app does
// (DELETE /api/devices/{id}).
func (a *account) revoke(t *testing.T, s *server, deviceID string) {
	t.Helper()
	a.send(t, s, http.MethodDelete, "/api/devices/"+url.PathEscape(deviceID), nil)
}

func (a *account) send(t *testing.T, s *server, method, path string, body io.Reader) {
	t.Helper()
	req, _ := http.NewRequest(method, s.url+path, body)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", s.url)
	resp, err := a.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		t.Fatalf("%s %s as %s: %s", method, path, a.email, resp.Status)
	}
}

// lifeline runs a short lifeline command beside the server, on its database.
func (s *server) lifeline(t *testing.T, args ...string) string {
	t.Helper()
	args = append(args, "--data-dir", s.DataDir)
	if s.externalDB() {
		args = append(args, "--database-url", s.dbURL)
	}
	cmd := exec.Command(s.Bin, args...)
	cmd.Env = apptest.Environ()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("lifeline %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (s *server) externalDB() bool { return slices.Contains(s.Args, "--database-url") }

func readCredentials(t *testing.T, path string) []credential {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var creds []credential
	for _, r := range rows[1:] {
		creds = append(creds, credential{ID: r[0], Token: r[1]})
	}
	return creds
}

// summary is the part of firmware-sim's --summary-json the tests read.
type summary struct {
	Devices    int      `json:"devices"`
	Sent       int64    `json:"sent"`
	Acked      int64    `json:"acked"`
	Lost       int64    `json:"lost"`
	Reconnects int64    `json:"reconnects"`
	FixesPerS  float64  `json:"fixes_per_s"`
	P50ms      float64  `json:"p50_ms"`
	P99ms      float64  `json:"p99_ms"`
	Resent     int64    `json:"resent"`
	Unsent     int64    `json:"unsent"`
	Skipped    int64    `json:"skipped"`
	Dropped    int64    `json:"flash_dropped"`
	Offlines   int64    `json:"offlines"`
	Errors     int64    `json:"errors"`
	ErrorKinds []string `json:"error_examples"` // "3 × connect: not Authorized", the first few kinds
	Windows    []struct {
		P50ms float64 `json:"p50_ms"`
		P99ms float64 `json:"p99_ms"`
		Acked uint64  `json:"acked"`
	} `json:"latency_windows"`
	Verify *struct {
		Checked        int      `json:"checked"`
		Missing        int      `json:"missing"`
		Duplicates     int      `json:"duplicates"`
		Unacknowledged int      `json:"unacknowledged"`
		Examples       []string `json:"examples"`
	} `json:"verify"`
}

// simRun is one firmware-sim process driving an account's bracelets.
type simRun struct {
	a       *account
	cmd     *exec.Cmd
	done    chan struct{}
	path    string
	out     bytes.Buffer
	errMu   sync.Mutex
	errOut  bytes.Buffer
	lines   []progressLine // errOut's lines as the test read them (natscluster_test.go)
	waitErr error
	// missingJudgedApart: a --verify that found fixes missing is the
	// caller's to judge (a revoked bracelet's last fixes are refused), not
	// a failure of the run.
	missingJudgedApart bool
}

// runSim starts the simulator on a's bracelets with --verify (every
// acknowledged fix must be stored once) and the given flags.
func (s *server) runSim(t *testing.T, a *account, flags ...string) *simRun {
	t.Helper()
	simBin := apptest.Build(t, "./firmware-sim")
	r := &simRun{a: a, done: make(chan struct{}), path: filepath.Join(t.TempDir(), "summary.json")}
	args := append([]string{"--devices", a.devicesCSV, "--broker", "tcp://" + s.mqttAddr, "--api", s.url,
		"--email", a.email, "--verify", "--summary-json", r.path, "--seed", "11"}, flags...)
	r.cmd = exec.Command(simBin, args...)
	r.cmd.Env = append(apptest.Environ(), "LIFELINE_PASSWORD="+a.password)
	r.cmd.Stdout = &r.out
	r.cmd.Stderr = writerFunc(func(p []byte) (int, error) {
		r.errMu.Lock()
		defer r.errMu.Unlock()
		return r.errOut.Write(p)
	})
	proc, err := child.Start(r.cmd, syscall.SIGKILL) // dies with the test process
	if err != nil {
		t.Fatal(err)
	}
	go func() { <-proc.Done; r.waitErr = proc.Err; close(r.done) }()
	t.Cleanup(func() {
		select {
		case <-r.done:
		default:
			_ = r.cmd.Process.Kill()
			<-r.done
		}
	})
	return r
}

// interrupt is a Ctrl-C: the simulator stops sending, drains, verifies
// and writes its summary.
func (r *simRun) interrupt(t *testing.T) {
	t.Helper()
	if err := r.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatalf("interrupt firmware-sim: %v", err)
	}
}

func (r *simRun) progress() string {
	r.errMu.Lock()
	defer r.errMu.Unlock()
	return r.errOut.String()
}

var connectedRe = regexp.MustCompile(`connected (\d+)/(\d+)`)

// connected is the newest "connected N/M" of the progress lines.
func (r *simRun) connected() int {
	m := connectedRe.FindAllStringSubmatch(r.progress(), -1)
	if len(m) == 0 {
		return 0
	}
	n, _ := strconv.Atoi(m[len(m)-1][1])
	return n
}

// wait returns the run's summary; a failed --verify (exit 1) fails the test.
func (r *simRun) wait(t *testing.T, within time.Duration) *summary {
	t.Helper()
	select {
	case <-r.done:
	case <-time.After(within):
		_ = r.cmd.Process.Kill()
		<-r.done
		t.Fatalf("firmware-sim did not finish within %s:\n%s", within, tail(r.progress()))
	}
	t.Logf("firmware-sim for %s:\n%s", r.a.email, r.out.String())
	raw, err := os.ReadFile(r.path)
	if err != nil {
		t.Fatalf("no summary: %v\n%s", err, tail(r.progress()))
	}
	var sum summary
	if err := json.Unmarshal(raw, &sum); err != nil {
		t.Fatal(err)
	}
	var exit *exec.ExitError
	missingOnly := r.missingJudgedApart && errors.As(r.waitErr, &exit) && exit.ExitCode() == 1 && sum.Verify != nil && sum.Verify.Missing > 0
	if r.waitErr != nil && !missingOnly {
		t.Errorf("firmware-sim: %v\n%s\n%s", r.waitErr, r.out.String(), tail(r.progress()))
	}
	return &sum
}

func tail(s string) string { return s[max(0, len(s)-3000):] }

// checkNothingLost is the end of every test: for each account, every fix
// the simulator saw acknowledged is stored exactly once (firmware-sim's
// --verify, reading back through the API), the account's stored bracelet
// fixes number between the acknowledged and the sent, no (device, ts,
// seq) is stored twice — the schema's unique key, which is how a re-sent fix
// whose PUBACK was lost is stored once — and every fix belongs to the
// owner of its device, so nothing crossed between users.
func checkNothingLost(t *testing.T, s *server, runs map[*account]*summary) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for a, sum := range runs {
		v := sum.Verify
		switch {
		case v == nil:
			t.Errorf("%s: no verify result", a.email)
		case v.Checked != int(sum.Acked) || v.Missing != 0 || v.Duplicates != 0:
			t.Errorf("%s: of %d acknowledged fixes (verify checked %d) %d are missing and %d stored more than once: %v",
				a.email, sum.Acked, v.Checked, v.Missing, v.Duplicates, v.Examples)
		}
		var stored int64
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM locations l JOIN users u ON u.id = l.user_id
			WHERE u.email = $1 AND l.source = 'bracelet'`, a.email).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if stored < sum.Acked || stored > sum.Sent {
			t.Errorf("%s: %d fixes stored; want between the %d acknowledged and the %d sent", a.email, stored, sum.Acked, sum.Sent)
		}
	}
	var dup, crossed int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM locations WHERE device_id IS NOT NULL
		GROUP BY device_id, ts, seq HAVING count(*) > 1) d`).Scan(&dup); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM locations l JOIN devices d ON d.id = l.device_id
		WHERE l.user_id <> d.user_id`).Scan(&crossed); err != nil {
		t.Fatal(err)
	}
	if dup != 0 || crossed != 0 {
		t.Errorf("%d (device, ts, seq) stored more than once; %d fixes stored under a user who does not own the device", dup, crossed)
	}
	// And through the API, each user sees only fixes of their own bracelets.
	for a := range runs {
		own := map[string]bool{}
		for _, d := range a.devices {
			own[d.ID] = true
		}
		q := url.Values{"limit": {"1000"}, "from": {time.Now().AddDate(0, 0, -1).UTC().Format(time.RFC3339)},
			"to": {time.Now().Add(time.Hour).UTC().Format(time.RFC3339)}}
		var list []struct {
			DeviceID string `json:"deviceId"`
		}
		a.getJSON(t, s.url+"/api/gps/locations?"+q.Encode(), &list)
		for _, l := range list {
			if !own[l.DeviceID] {
				t.Fatalf("%s sees a fix of device %q, which is not theirs", a.email, l.DeviceID)
			}
		}
		if len(list) == 0 {
			t.Errorf("%s sees none of their fixes through the API", a.email)
		}
	}
}

func (a *account) getJSON(t *testing.T, u string, out any) {
	t.Helper()
	resp, err := a.http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", u, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}

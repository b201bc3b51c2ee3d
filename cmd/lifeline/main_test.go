package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lifeline/app"
	"lifeline/app/apptest"
	"lifeline/store/storetest"
)

// dataDir is a data folder the private cluster's user can reach when the
// tests run as root.
func dataDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "lifeline-main-test-")
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755)
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// startProgram runs the program in-process (app/apptest) on free ports,
// configured by serve's flags, and returns its URL and a function that
// stops it as SIGTERM does.
func startProgram(t testing.TB, dir string) (url string, stop func() error) {
	t.Helper()
	p, stop := startProgramFull(t, dir)
	return p.url, stop
}

// program is where a started lifeline listens.
type program struct{ url, mqtt string }

// startProgramFull also returns the MQTT address; extra flags go to serve.
func startProgramFull(t testing.TB, dir string, extra ...string) (p program, stop func() error) {
	t.Helper()
	args := []string{"--http-addr", "127.0.0.1:0", "--mqtt-addr", "127.0.0.1:0", "--mqtt-ws-addr", "127.0.0.1:0", "--data-dir", dir, "--log-level", "warn", storetest.TimescaleFlag()}
	cfg, err := ParseConfig("serve", append(args, extra...), envOf(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	a := apptest.Start(t, cfg, app.Options{Logger: newLogger(cfg.LogLevel)})
	return program{url: a.URL(), mqtt: a.MQTTAddr()}, func() error { return a.Close(context.Background()) }
}

func status(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func postgresRunningOn(dir string) bool {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		raw, _ := os.ReadFile(p)
		args := strings.Split(string(raw), "\x00")
		if filepath.Base(args[0]) == "postgres" && strings.Contains(string(raw), dir) {
			return true
		}
	}
	return false
}

func TestServeRunsAndStopsCleanly(t *testing.T) {
	dir := dataDir(t)
	url, stop := startProgram(t, dir)
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		if got := status(t, url+path); got != http.StatusOK {
			t.Errorf("GET %s = %d, want 200", path, got)
		}
	}
	if got := status(t, url+"/api/nothing"); got != http.StatusNotFound {
		t.Errorf("GET /api/nothing = %d, want 404", got)
	}
	if err := stop(); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if postgresRunningOn(dir) {
		t.Fatal("a postgres process is still running after shutdown")
	}

	// A second start reuses the cluster and its data.
	marker := filepath.Join(dir, "pg", "data", "PG_VERSION")
	before, err := os.Stat(marker)
	if err != nil {
		t.Fatal(err)
	}
	url, stop = startProgram(t, dir)
	if got := status(t, url+"/readyz"); got != http.StatusOK {
		t.Errorf("GET /readyz after restart = %d, want 200", got)
	}
	after, _ := os.Stat(marker)
	if !after.ModTime().Equal(before.ModTime()) {
		t.Error("the cluster was created again instead of reused")
	}
	if err := stop(); err != nil {
		t.Fatalf("second shutdown: %v", err)
	}
}

func TestMigrateCommand(t *testing.T) {
	dir := dataDir(t)
	if err := run(t.Context(), []string{"migrate", "--data-dir", dir, "--log-level", "error"}, envOf(nil), io.Discard, io.Discard); err != nil {
		t.Fatalf("lifeline migrate: %v", err)
	}
	if postgresRunningOn(dir) {
		t.Fatal("lifeline migrate left its postgres running")
	}
	if _, err := os.Stat(filepath.Join(dir, "pg", "data", "PG_VERSION")); err != nil {
		t.Fatalf("no cluster was created: %v", err)
	}
}

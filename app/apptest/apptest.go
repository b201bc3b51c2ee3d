// Package apptest starts the real Lifeline program for a test, as
// store/storetest starts its database and ingest/mosquittotest its outside
// broker. Two ways, one composition root (package app):
//
//   - Start runs it in the test's process through app.New, on a fresh
//     storetest database, the embedded broker and the HTTP server on free
//     loopback ports; the test reaches every part (the store, the live bus).
//   - StartBinary runs the lifeline binary, built once per test process,
//     as `lifeline serve` with flags; the test reads the URLs it prints and
//     may stop it with SIGTERM, kill it with SIGKILL and start it again on
//     the same data. The fault suite, the simulator's and the benchmarks'
//     tests use it, and so does everything that needs a process to kill.
package apptest

import (
	"context"
	"os"
	"testing"
	"time"

	"lifeline/app"
	"lifeline/store/storetest"
)

// Options are app.Options, so that a test needs only this package.
type Options = app.Options

// Config is the program's configuration for a test: what `lifeline serve`
// defaults to, but on free loopback ports, with no map tiles from outside,
// no cap on one address's connections, no limit on bracelets' publishes
// and the storage engine of this test run (storetest.Mode). The periodic
// jobs run every minute.
func Config() app.Config {
	return app.Config{
		HTTPAddr: "127.0.0.1:0", MQTTAddr: "127.0.0.1:0", MQTTWSAddr: "127.0.0.1:0",
		Timescale:     storetest.Mode(),
		MapCredit:     "© OpenStreetMap contributors",
		ReminderHour:  20,
		Role:          app.RoleAll,
		LocalAccounts: true,
		SMTPFrom:      "lifeline@localhost",
		FDReserve:     256,
		JobsEvery:     time.Minute,
	}
}

// Start runs the program in this process and closes it when the test ends.
// With neither opts.DB nor a DatabaseURL or DataDir in cfg it runs on a
// fresh storetest database; with a DataDir, on the private cluster there.
func Start(tb testing.TB, cfg app.Config, opts app.Options) *app.App {
	tb.Helper()
	if opts.DB == nil && cfg.DatabaseURL == "" && cfg.DataDir == "" {
		opts.DB = storetest.NewDB(tb)
	}
	a, err := app.New(context.Background(), cfg, opts)
	if err != nil {
		tb.Fatalf("start lifeline: %v", err)
	}
	tb.Cleanup(func() {
		if err := a.Close(context.Background()); err != nil {
			tb.Errorf("close lifeline: %v", err)
		}
	})
	return a
}

// Dir is a fresh folder for a data dir or a cluster, which the private
// PostgreSQL (user postgres, when the tests run as root) can enter, and
// short enough for its unix socket; removed when the test ends.
func Dir(tb testing.TB, prefix string) string {
	tb.Helper()
	dir, err := openDir(prefix)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func openDir(prefix string) (string, error) {
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return "", err
	}
	return dir, os.Chmod(dir, 0o755)
}

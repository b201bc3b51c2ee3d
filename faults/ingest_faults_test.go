package faults

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline/pgcluster"
)

// loadFlags: 20 bracelets per account at 150 fixes/s in all, four
// publishes in flight each, QoS 1 (the simulator's default).
func loadFlags(duration string) []string {
	return []string{"--rate", "150", "--inflight", "4", "--duration", duration, "--drain-timeout", "90s", "--battery-every", "0", "--quiet"}
}

// waitCommitted waits until the server has committed n fixes since it
// started.
func waitCommitted(t *testing.T, s *server, n float64) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for s.metric("lifeline_ingest_fixes_total") < n {
		if time.Now().After(deadline) {
			t.Fatalf("fewer than %.0f fixes committed after a minute:\n%s", n, s.LogTail())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestSIGKILLMidIngest: the server is killed (SIGKILL: no shutdown at all)
// while two users' bracelets publish, then started again on the same data
// dir and ports. The bracelets reconnect and resend what was not
// acknowledged; every acknowledged fix is stored once, and a fix that was
// committed but whose PUBACK died with the process is stored once too,
// however often it is re-sent (the unique (device, ts, seq) key).
func TestSIGKILLMidIngest(t *testing.T) {
	t.Parallel()
	s := startServer(t, "")
	alice, bob := s.newAccount(t, "alice", 20), s.newAccount(t, "bob", 20)
	ra, rb := s.runSim(t, alice, loadFlags("12s")...), s.runSim(t, bob, loadFlags("12s")...)

	waitCommitted(t, s, 600)
	s.Kill()
	t.Logf("killed mid-ingest; restarting on the same data dir")
	start := time.Now()
	s.start()
	t.Logf("restarted in %s", time.Since(start).Round(time.Millisecond))

	runs := map[*account]*summary{alice: ra.wait(t, 3*time.Minute), bob: rb.wait(t, 3*time.Minute)}
	for a, sum := range runs {
		if sum.Reconnects < int64(len(a.devices)) || sum.Lost != 0 || sum.Unsent != 0 || sum.Dropped != 0 {
			t.Errorf("%s: %d reconnects (want every device's), %d lost, %d unsent, %d dropped: want every fix delivered after the restart",
				a.email, sum.Reconnects, sum.Lost, sum.Unsent, sum.Dropped)
		}
		t.Logf("%s: %d fixes acknowledged, %d re-sent after the kill", a.email, sum.Acked, sum.Resent)
	}
	checkNothingLost(t, s, runs)
}

// TestPostgresRestartMidIngest: PostgreSQL (an external server, as with
// DATABASE_URL) is stopped under load and started again seconds later.
// While it is down nothing is acknowledged (a probe bracelet's PUBACK does
// not come, the commit counter stands still) and the log says so; once it
// is back the held fixes are committed and acknowledged, and nothing
// acknowledged is lost.
func TestPostgresRestartMidIngest(t *testing.T) {
	t.Parallel()
	pg := externalPostgres(t)
	s := startServer(t, pg.URL("lifeline"))
	outage(t, s, func() {
		if err := pg.Stop(); err != nil {
			t.Fatal(err)
		}
	}, func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := pg.Start(ctx); err != nil {
			t.Fatal(err)
		}
	})
	if !s.WaitLog(`database back: pending fixes committed`, 10*time.Second) {
		t.Errorf("the log does not say the database came back:\n%s", s.LogTail())
	}
}

// TestReadOnlyDatabase: the database refuses writes (what a full disk, a
// failover to a standby or an operator's emergency switch looks like to
// lifeline) under load, then accepts them again. As with PostgreSQL down:
// no acknowledgement while writes fail, a clear log line, recovery when it
// is fixed, nothing acknowledged lost. Two ways to get there: every
// session switched to read-only at once (ALTER SYSTEM and a reload), and
// the database made read-only with its sessions cut (ALTER DATABASE and
// pg_terminate_backend), which new connections then inherit.
func TestReadOnlyDatabase(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name        string
		break_, fix []string
	}{
		{
			name:   "every session read-only",
			break_: []string{`ALTER SYSTEM SET default_transaction_read_only = on`, `SELECT pg_reload_conf()`},
			fix:    []string{`ALTER SYSTEM RESET default_transaction_read_only`, `SELECT pg_reload_conf()`},
		},
		{
			name: "database read-only, sessions cut",
			break_: []string{`ALTER DATABASE lifeline SET default_transaction_read_only = on`,
				`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'lifeline' AND pid <> pg_backend_pid()`},
			fix: []string{`ALTER DATABASE lifeline RESET default_transaction_read_only`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pg := externalPostgres(t)
			s := startServer(t, pg.URL("lifeline"))
			outage(t, s, func() { admin(t, pg, tc.break_...) }, func() { admin(t, pg, tc.fix...) })
			if !s.WaitLog(`read-only transaction`, time.Second) {
				t.Errorf("the log does not name the cause (a read-only transaction):\n%s", s.LogTail())
			}
		})
	}
}

// admin runs statements as the cluster's superuser, in a session that is
// not read-only whatever the defaults say.
func admin(t *testing.T, pg *pgcluster.Cluster, stmts ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cfg, err := pgx.ParseConfig(pg.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.RuntimeParams["default_transaction_read_only"] = "off"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, q := range stmts {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// outage runs two users' bracelets, breaks the database with breakIt,
// checks that ingest holds its acknowledgements (backpressure) and says
// why, repairs it with fixIt, and checks that everything held is committed
// and acknowledged and nothing acknowledged is lost.
func outage(t *testing.T, s *server, breakIt, fixIt func()) {
	t.Helper()
	alice, bob := s.newAccount(t, "alice", 20), s.newAccount(t, "bob", 20)
	carol := s.newAccount(t, "carol", 1)
	ra, rb := s.runSim(t, alice, loadFlags("12s")...), s.runSim(t, bob, loadFlags("12s")...)
	p := s.connectProbe(t, carol.devices[0]) // connected while the database can still check its token

	waitCommitted(t, s, 500)
	before := p.publish()
	if !before.tok.WaitTimeout(10*time.Second) || before.tok.Error() != nil {
		t.Fatalf("a fix before the fault was not acknowledged: %v", before.tok.Error())
	}
	breakIt()
	if !s.WaitLog(`cannot commit fixes; holding acknowledgements and retrying`, 15*time.Second) {
		t.Fatalf("no log line saying acknowledgements are held:\n%s", s.LogTail())
	}
	held := p.publish()
	committed := s.metric("lifeline_ingest_fixes_total")
	if held.tok.WaitTimeout(3 * time.Second) {
		t.Fatalf("a fix published while the database refuses writes was acknowledged (err %v)", held.tok.Error())
	}
	if after := s.metric("lifeline_ingest_fixes_total"); after != committed {
		t.Errorf("%.0f fixes committed while the database refused writes", after-committed)
	}
	if retries := s.metric("lifeline_ingest_commit_retries_total"); retries == 0 {
		t.Errorf("no commit retried while the database refused writes")
	}
	fixIt()
	fixedAt := time.Now()
	if !held.tok.WaitTimeout(30*time.Second) || held.tok.Error() != nil {
		t.Fatalf("the held fix was not acknowledged within 30 s of the repair (err %v):\n%s", held.tok.Error(), s.LogTail())
	}
	t.Logf("held fix acknowledged %s after the repair", time.Since(fixedAt).Round(time.Millisecond))
	if n := p.storedTimes(s.dbURL, held); n != 1 {
		t.Errorf("the held fix is stored %d times, want once", n)
	}
	runs := map[*account]*summary{alice: ra.wait(t, 3*time.Minute), bob: rb.wait(t, 3*time.Minute)}
	for a, sum := range runs {
		if sum.Lost != 0 || sum.Unsent != 0 || sum.Dropped != 0 {
			t.Errorf("%s: %d lost, %d unsent, %d dropped: want every fix delivered after the repair", a.email, sum.Lost, sum.Unsent, sum.Dropped)
		}
	}
	checkNothingLost(t, s, runs)
}

package pgcluster

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// clusterDir returns a folder for a cluster that the "postgres" user can
// reach when the tests run as root (t.TempDir may sit under a closed home).
func clusterDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "lifeline-cluster-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "pg")
}

func startCluster(t *testing.T, dir string) *Cluster {
	t.Helper()
	c := &Cluster{Dir: dir}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatalf("Start: %v", err)
	}
	return c
}

// withConn runs f on a connection to the cluster's lifeline database.
func withConn(t *testing.T, c *Cluster, f func(ctx context.Context, conn *pgx.Conn) error) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, c.URL("lifeline"))
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(ctx)
	if err := f(ctx, conn); err != nil {
		t.Fatal(err)
	}
}

func execSQL(t *testing.T, c *Cluster, sql string) {
	t.Helper()
	withConn(t, c, func(ctx context.Context, conn *pgx.Conn) error {
		_, err := conn.Exec(ctx, sql)
		return err
	})
}

func countRows(t *testing.T, c *Cluster) int {
	t.Helper()
	var n int
	withConn(t, c, func(ctx context.Context, conn *pgx.Conn) error {
		return conn.QueryRow(ctx, `SELECT count(*) FROM kept`).Scan(&n)
	})
	return n
}

func postgresRunningOn(dir string) bool {
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		pid, _ := strconv.Atoi(filepath.Base(p))
		if isPostgresOn(pid, filepath.Join(dir, "data")) {
			return true
		}
	}
	return false
}

func TestClusterStartStopReuse(t *testing.T) {
	dir := clusterDir(t)
	c := startCluster(t, dir)
	execSQL(t, c, `CREATE TABLE kept (id int); INSERT INTO kept VALUES (1)`)
	if got := c.LoopbackURL("lifeline"); !strings.Contains(got, "127.0.0.1:") || strings.Contains(got, c.password) {
		t.Errorf("LoopbackURL() = %q, want a 127.0.0.1 URL without the password", got)
	}
	if err := c.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if postgresRunningOn(dir) {
		t.Fatal("a postgres process is still running after Stop")
	}

	again := startCluster(t, dir)
	defer again.Stop()
	if n := countRows(t, again); n != 1 {
		t.Errorf("after restart the table has %d rows, want 1", n)
	}
}

func TestClusterRecoversFromCrash(t *testing.T) {
	t.Run("stale postmaster.pid naming another process", func(t *testing.T) {
		dir := clusterDir(t)
		c := startCluster(t, dir)
		execSQL(t, c, `CREATE TABLE kept (id int)`)
		if err := c.Stop(); err != nil {
			t.Fatal(err)
		}
		// A pid that is alive but not a postgres: PostgreSQL itself would
		// refuse to start on this lock file.
		stale := strconv.Itoa(os.Getpid()) + "\n" + filepath.Join(dir, "data") + "\n"
		if err := os.WriteFile(filepath.Join(dir, "data", "postmaster.pid"), []byte(stale), 0o600); err != nil {
			t.Fatal(err)
		}
		again := startCluster(t, dir)
		defer again.Stop()
		countRows(t, again)
	})
	t.Run("orphaned postgres still running", func(t *testing.T) {
		dir := clusterDir(t)
		crashed := startCluster(t, dir)
		execSQL(t, crashed, `CREATE TABLE kept (id int)`)
		crashed.unlock() // as if lifeline died without stopping its cluster
		again := startCluster(t, dir)
		defer again.Stop()
		countRows(t, again)
		select {
		case <-crashed.proc.Done:
		case <-time.After(10 * time.Second):
			t.Fatal("the orphaned postgres was not stopped")
		}
	})
}

func TestClusterRefusesASecondOwner(t *testing.T) {
	dir := clusterDir(t)
	c := startCluster(t, dir)
	defer c.Stop()
	err := (&Cluster{Dir: dir}).Start(context.Background())
	if err == nil || !strings.Contains(err.Error(), "in use by another lifeline process") {
		t.Fatalf("second Start error = %v, want 'in use by another lifeline process'", err)
	}
}

func TestClusterWithoutBinariesNamesThePackage(t *testing.T) {
	t.Setenv("LIFELINE_PG_BIN", "")
	t.Setenv("PATH", t.TempDir())
	old := debianBinGlob
	debianBinGlob = filepath.Join(t.TempDir(), "*", "bin")
	defer func() { debianBinGlob = old }()

	err := (&Cluster{Dir: clusterDir(t)}).Start(context.Background())
	if !errors.Is(err, ErrNoPostgres) {
		t.Fatalf("Start error = %v, want ErrNoPostgres", err)
	}
	if !strings.Contains(err.Error(), "apt-get install postgresql") {
		t.Errorf("error %q does not name the package to install", err)
	}
}

func TestUnreachableAncestor(t *testing.T) {
	root := filepath.Dir(clusterDir(t))
	closed := filepath.Join(root, "closed")
	open := filepath.Join(root, "open")
	for dir, mode := range map[string]os.FileMode{closed: 0o700, open: 0o755} {
		if err := os.Mkdir(dir, mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, mode); err != nil {
			t.Fatal(err)
		}
	}
	const otherUID, otherGID = 54321, 54321
	tests := []struct {
		name string
		dir  string
		want string
	}{
		{"world-traversable parents", filepath.Join(open, "pg"), ""},
		{"a closed parent is named", filepath.Join(closed, "pg"), closed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := unreachableAncestor(tt.dir, otherUID, otherGID); got != tt.want {
				t.Errorf("unreachableAncestor(%s) = %q, want %q", tt.dir, got, tt.want)
			}
		})
	}
}

func TestClusterAttachJoinsARunningOwner(t *testing.T) {
	dir := clusterDir(t)
	owner := startCluster(t, dir)
	defer owner.Stop()
	execSQL(t, owner, `CREATE TABLE kept (id int); INSERT INTO kept VALUES (1)`)

	guest := &Cluster{Dir: dir, Attach: true}
	if err := guest.Start(context.Background()); err != nil {
		t.Fatalf("attach: %v", err)
	}
	if n := countRows(t, guest); n != 1 {
		t.Errorf("through the guest: %d rows, want 1", n)
	}
	if err := guest.Stop(); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, owner); n != 1 {
		t.Errorf("the guest's Stop stopped the owner's server")
	}
}

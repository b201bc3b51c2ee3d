// Package storetest gives each test its own fresh, migrated PostgreSQL
// database. One throwaway cluster is started per test process (or the server
// at TEST_DATABASE_URL is used); a template database is migrated once per
// schema version, and each test gets a clone of it, dropped afterwards.
//
// LIFELINE_TEST_ENGINE chooses the storage engine: "plain" (the default,
// plain PostgreSQL tables) or "timescale" (a cluster that preloads
// TimescaleDB, hypertables with compression and retention). A failing test
// logs which engine it ran on.
package storetest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"lifeline/migrations"
	"lifeline/pgcluster"
	"lifeline/store"
)

var (
	startOnce sync.Once
	shared    *server
	startErr  error
)

// The storage engines a test run can use (LIFELINE_TEST_ENGINE).
const (
	EnginePlain     = "plain"
	EngineTimescale = "timescale"
)

// Engine is the storage engine of this test run.
func Engine() string {
	if e := os.Getenv("LIFELINE_TEST_ENGINE"); e != "" {
		return e
	}
	return EnginePlain
}

// Mode is the migration mode matching Engine.
func Mode() store.Timescale {
	if Engine() == EngineTimescale {
		return store.TimescaleRequire
	}
	return store.TimescaleOff
}

// TimescaleFlag is the `lifeline serve` flag that puts a server a test starts
// (on its own private cluster) on this run's engine.
func TimescaleFlag() string {
	if Engine() == EngineTimescale {
		return "--timescale=require"
	}
	return "--timescale=off"
}

type server struct {
	adminURL string // the maintenance database
	template string
	cloneMu  sync.Mutex
	// cluster is the private cluster, when the tests started one. It is
	// kept for the process's life: collected, its lock file would be
	// closed, and another test process would take the folder for
	// abandoned and remove it under the running cluster.
	cluster *pgcluster.Cluster
}

// NewDB returns a connection to a fresh migrated database, closed and
// dropped when the test ends.
func NewDB(tb testing.TB) *store.DB {
	tb.Helper()
	u := NewURL(tb)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := store.Open(ctx, u, migrations.FS, Mode())
	if err != nil {
		tb.Fatalf("storetest: open: %v", err)
	}
	tb.Cleanup(db.Close)
	return db
}

// NewURL creates a fresh migrated database and returns its connection URL.
// It is dropped when the test ends (after the test's own cleanups, which
// should close its connections).
func NewURL(tb testing.TB) string {
	tb.Helper()
	return newDatabase(tb, start(tb).template)
}

// NewEmptyURL creates an empty database (no migrations applied), dropped when
// the test ends, and returns its connection URL.
func NewEmptyURL(tb testing.TB) string {
	tb.Helper()
	return newDatabase(tb, "template0")
}

func newDatabase(tb testing.TB, template string) string {
	tb.Helper()
	srv := start(tb)
	name := "lt_" + randomHex(8)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv.exec(tb, ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s STRATEGY FILE_COPY",
		pgx.Identifier{name}.Sanitize(), pgx.Identifier{template}.Sanitize()))
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		srv.exec(tb, ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	})
	return withDatabase(srv.adminURL, name)
}

// NewOwnerURL creates an ordinary role (no superuser) and an empty database
// that it owns, as production deployments have, and returns a URL that
// connects as that role. Both are dropped when the test ends.
func NewOwnerURL(tb testing.TB) string {
	tb.Helper()
	srv := start(tb)
	role, password := "lt_owner_"+randomHex(6), randomHex(16)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv.exec(tb, ctx, fmt.Sprintf("CREATE ROLE %s LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '%s'",
		pgx.Identifier{role}.Sanitize(), password))
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		srv.exec(tb, ctx, "DROP ROLE IF EXISTS "+pgx.Identifier{role}.Sanitize())
	})
	dbURL := newDatabase(tb, "template0")
	u, err := url.Parse(dbURL)
	if err != nil {
		tb.Fatal(err)
	}
	srv.exec(tb, ctx, fmt.Sprintf("ALTER DATABASE %s OWNER TO %s",
		pgx.Identifier{u.Path[1:]}.Sanitize(), pgx.Identifier{role}.Sanitize()))
	u.User = url.UserPassword(role, password)
	return u.String()
}

// ClusterURL returns the admin URL of the shared server, for tests that
// manage databases themselves.
func ClusterURL(tb testing.TB) string {
	return start(tb).adminURL
}

var noted sync.Map // of testing.TB: engine already noted

func start(tb testing.TB) *server {
	tb.Helper()
	if _, seen := noted.LoadOrStore(tb, true); !seen {
		tb.Cleanup(func() {
			noted.Delete(tb)
			if tb.Failed() {
				tb.Logf("storetest: this test ran on the %s storage engine (LIFELINE_TEST_ENGINE)", Engine())
			}
		})
	}
	startOnce.Do(func() { shared, startErr = startServer() })
	if startErr != nil {
		tb.Fatalf("storetest: %v", startErr)
	}
	return shared
}

func startServer() (*server, error) {
	if e := Engine(); e != EnginePlain && e != EngineTimescale {
		return nil, fmt.Errorf("LIFELINE_TEST_ENGINE=%q: want %s or %s", e, EnginePlain, EngineTimescale)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	adminURL := os.Getenv("TEST_DATABASE_URL")
	var cluster *pgcluster.Cluster
	if adminURL == "" {
		removeAbandonedClusters()
		dir, err := os.MkdirTemp("", "lifeline-test-pg-")
		if err != nil {
			return nil, err
		}
		// As root the cluster runs as "postgres", which must enter the folder.
		if err := os.Chmod(dir, 0o755); err != nil {
			return nil, err
		}
		// The cluster stops with this process (the child's parent-death
		// signal); its folder is removed by a later run.
		cluster = &pgcluster.Cluster{Dir: dir, Ephemeral: true, Timescale: Mode()}
		if err := cluster.Start(ctx); err != nil {
			return nil, err
		}
		adminURL = cluster.URL("postgres")
	}
	template, err := migratedTemplate(ctx, adminURL)
	if err != nil {
		return nil, err
	}
	return &server{adminURL: adminURL, template: template, cluster: cluster}, nil
}

// migratedTemplate returns the template database for the current schema,
// creating it when missing. Its name carries a hash of the migrations, so an
// outside server keeps one template per schema version, shared by processes.
func migratedTemplate(ctx context.Context, adminURL string) (string, error) {
	name := "lifeline_tpl_" + Engine() + "_" + schemaHash()
	admin, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return "", fmt.Errorf("connect to test server: %w", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, `SELECT pg_advisory_lock(7411)`); err != nil {
		return "", err
	}
	defer admin.Exec(ctx, `SELECT pg_advisory_unlock(7411)`)
	var exists bool
	if err := admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	// Build under a temporary name and rename when complete, so a template
	// that exists is always fully migrated.
	building := name + "_building"
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{building}.Sanitize()+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{building}.Sanitize()); err != nil {
		return "", fmt.Errorf("create template: %w", err)
	}
	pool, err := pgxpool.New(ctx, withDatabase(adminURL, building))
	if err != nil {
		return "", err
	}
	_, err = store.Migrate(ctx, pool, migrations.FS, Mode())
	pool.Close()
	if err != nil {
		return "", fmt.Errorf("migrate template: %w", err)
	}
	// No connections to the template: TimescaleDB's scheduler connects to
	// every database that has the extension and allows connections, and a
	// template in use cannot be copied.
	if _, err := admin.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{building}.Sanitize()+" WITH ALLOW_CONNECTIONS false"); err != nil {
		return "", fmt.Errorf("close template: %w", err)
	}
	if _, err := admin.Exec(ctx, `SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = $1`, building); err != nil {
		return "", fmt.Errorf("close template: %w", err)
	}
	if _, err := admin.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s",
		pgx.Identifier{building}.Sanitize(), pgx.Identifier{name}.Sanitize())); err != nil {
		return "", fmt.Errorf("rename template: %w", err)
	}
	return name, nil
}

func (s *server) exec(tb testing.TB, ctx context.Context, sql string) {
	tb.Helper()
	s.cloneMu.Lock()
	defer s.cloneMu.Unlock()
	conn, err := pgx.Connect(ctx, s.adminURL)
	if err != nil {
		tb.Fatalf("storetest: connect: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		tb.Fatalf("storetest: %s: %v", sql, err)
	}
}

// removeAbandonedClusters deletes the folders of earlier test processes'
// clusters: a folder whose lock can be taken has no live owner.
func removeAbandonedClusters() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "lifeline-test-pg-*"))
	for _, dir := range dirs {
		f, err := os.Open(filepath.Join(dir, "lifeline.lock"))
		if errors.Is(err, fs.ErrNotExist) {
			if info, err := os.Stat(dir); err == nil && time.Since(info.ModTime()) > time.Hour {
				os.RemoveAll(dir)
			}
			continue
		} else if err != nil {
			continue
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			os.RemoveAll(dir)
		}
		f.Close()
	}
}

func schemaHash() string {
	h := sha256.New()
	_ = fs.WalkDir(migrations.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, p)
		h.Write([]byte(p))
		h.Write(b)
		return err
	})
	return hex.EncodeToString(h.Sum(nil))[:12]
}

func withDatabase(rawURL, db string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		panic(fmt.Sprintf("storetest: bad URL %q: %v", rawURL, err))
	}
	u.Path = "/" + db
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

package store_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5/pgxpool"

	"lifeline/migrations"
	"lifeline/store"
	"lifeline/store/storetest"
)

func emptyPool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), storetest.NewEmptyURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

func file(sql string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(sql)} }

func tableExists(t *testing.T, pool *pgxpool.Pool, name string) bool {
	t.Helper()
	var ok bool
	if err := pool.QueryRow(context.Background(), `SELECT to_regclass($1) IS NOT NULL`, name).Scan(&ok); err != nil {
		t.Fatal(err)
	}
	return ok
}

func appliedFiles(t *testing.T, pool *pgxpool.Pool) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT file FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for rows.Next() {
		var f string
		rows.Scan(&f)
		files = append(files, f)
	}
	return files
}

func TestLoadMigrationsRejectsBadSets(t *testing.T) {
	tests := []struct {
		name    string
		fsys    fstest.MapFS
		wantErr string
	}{
		{"badly named file", fstest.MapFS{"1_users.sql": file("")}, "is not named"},
		{"variant without its pair", fstest.MapFS{"0002_ts.timescale.sql": file("")}, "needs both"},
		{"common file beside variants", fstest.MapFS{"0002_ts.sql": file(""), "0002_ts.plain.sql": file(""), "0002_ts.timescale.sql": file("")}, "both a common file and variants"},
		{"two names for one version", fstest.MapFS{"0001_a.sql": file(""), "0001_b.sql": file("")}, "two names"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := store.LoadMigrations(tt.fsys)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("LoadMigrations() error = %v, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestMigrateAppliesInOrderOnce(t *testing.T) {
	pool := emptyPool(t)
	fsys := fstest.MapFS{
		"0002_b.sql": file(`ALTER TABLE a ADD COLUMN note text`),
		"0001_a.sql": file(`CREATE TABLE a (id int)`),
		"README.md":  file("not a migration"),
	}
	ctx := context.Background()
	n, err := store.Migrate(ctx, pool, fsys, store.TimescaleAuto)
	if err != nil || n != 2 {
		t.Fatalf("first Migrate = %d, %v; want 2, nil", n, err)
	}
	n, err = store.Migrate(ctx, pool, fsys, store.TimescaleAuto)
	if err != nil || n != 0 {
		t.Fatalf("second Migrate = %d, %v; want 0, nil (a no-op)", n, err)
	}
}

func TestMigrateRollsBackAFailedStep(t *testing.T) {
	pool := emptyPool(t)
	fsys := fstest.MapFS{
		"0001_a.sql": file(`CREATE TABLE a (id int)`),
		"0002_b.sql": file(`CREATE TABLE b (id int); SELECT no_such_function()`),
	}
	_, err := store.Migrate(context.Background(), pool, fsys, store.TimescaleAuto)
	if err == nil || !strings.Contains(err.Error(), "0002_b.sql") {
		t.Fatalf("Migrate error = %v, want one naming 0002_b.sql", err)
	}
	if tableExists(t, pool, "b") {
		t.Error("table b exists: the failed step was not rolled back")
	}
	if got := appliedFiles(t, pool); len(got) != 1 || got[0] != "0001_a.sql" {
		t.Errorf("recorded %v, want only 0001_a.sql", got)
	}
}

func TestMigrateChoosesTheVariantOfTheEngine(t *testing.T) {
	variants := fstest.MapFS{
		"0001_base.sql":             file(`CREATE TABLE fixes (ts timestamptz NOT NULL)`),
		"0002_series.plain.sql":     file(`CREATE INDEX fixes_ts_brin ON fixes USING brin (ts)`),
		"0002_series.timescale.sql": file(`CREATE EXTENSION IF NOT EXISTS timescaledb; SELECT create_hypertable('fixes', by_range('ts'))`),
	}
	onTimescale := storetest.Engine() == storetest.EngineTimescale
	want := map[bool]string{false: "0002_series.plain.sql", true: "0002_series.timescale.sql"}
	tests := []struct {
		name string
		mode store.Timescale
		want string // "" : the migration must fail
	}{
		{"auto applies the variant the server offers", store.TimescaleAuto, want[onTimescale]},
		{"off applies the plain variant", store.TimescaleOff, want[false]},
		{"require applies the timescale variant or fails cleanly", store.TimescaleRequire, map[bool]string{false: "", true: want[true]}[onTimescale]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pool := emptyPool(t)
			_, err := store.Migrate(context.Background(), pool, variants, tt.mode)
			if tt.want == "" {
				if err == nil || !strings.Contains(err.Error(), "0002_series.timescale.sql") || !strings.Contains(err.Error(), "timescaledb") {
					t.Fatalf("Migrate error = %v, want one naming the timescale file and the extension", err)
				}
				if got := appliedFiles(t, pool); len(got) != 1 {
					t.Errorf("recorded %v, want only the common step", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := appliedFiles(t, pool); got[1] != tt.want {
				t.Errorf("applied %v, want %s", got, tt.want)
			}
			if got := tableExists(t, pool, "fixes_ts_brin"); got != (tt.want == want[false]) {
				t.Errorf("plain variant's BRIN index exists = %v, want %v", got, !got)
			}
		})
	}
}

func TestMigrateKeepsTheVariantADatabaseWasMigratedWith(t *testing.T) {
	pool := emptyPool(t)
	ctx := context.Background()
	if _, err := store.Migrate(ctx, pool, migrations.FS, store.TimescaleOff); err != nil {
		t.Fatal(err)
	}
	_, err := store.Migrate(ctx, pool, migrations.FS, store.TimescaleRequire)
	if err == nil || !strings.Contains(err.Error(), "0007_timeseries_storage.plain.sql") {
		t.Fatalf("Migrate(require) on a plain database = %v, want a refusal naming the plain variant", err)
	}
	if n, err := store.Migrate(ctx, pool, migrations.FS, store.TimescaleAuto); err != nil || n != 0 {
		t.Fatalf("Migrate(auto) on a migrated database = %d, %v; want a no-op", n, err)
	}
}

// Production connects as an ordinary role that owns its database; reading
// server settings such as shared_preload_libraries is closed to it.
func TestMigrateAsAnOrdinaryOwnerRole(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, storetest.NewOwnerURL(t), migrations.FS, store.TimescaleAuto)
	if err != nil {
		t.Fatalf("Open as an ordinary role: %v", err)
	}
	defer db.Close()
	var superuser bool
	if err := db.Pool.QueryRow(ctx, `SELECT rolsuper FROM pg_roles WHERE rolname = current_user`).Scan(&superuser); err != nil || superuser {
		t.Fatalf("connected as a superuser (%v, %v); the test needs an ordinary role", superuser, err)
	}
	storage, err := db.Storage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if onTimescale := storetest.Engine() == storetest.EngineTimescale; storage.Hypertables != onTimescale {
		t.Errorf("hypertables = %v on the %s engine (%s)", storage.Hypertables, storetest.Engine(), storage)
	}
}

func TestMigrateFromConcurrentNodesAppliesEachStepOnce(t *testing.T) {
	pool := emptyPool(t)
	var wg sync.WaitGroup
	counts := make([]int, 4)
	errs := make([]error, 4)
	for i := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			counts[i], errs[i] = store.Migrate(context.Background(), pool, migrations.FS, store.TimescaleAuto)
		}()
	}
	wg.Wait()
	total := 0
	for i := range counts {
		if errs[i] != nil {
			t.Fatalf("node %d: %v", i, errs[i])
		}
		total += counts[i]
	}
	all, _ := store.LoadMigrations(migrations.FS)
	if total != len(all) {
		t.Errorf("steps applied in all = %d, want %d (each once)", total, len(all))
	}
}

func TestProductSchemaMigratesAndIsReady(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	if err := db.Ready(ctx); err != nil {
		t.Fatalf("Ready() = %v", err)
	}
	if n, err := store.Migrate(ctx, db.Pool, migrations.FS, store.TimescaleAuto); err != nil || n != 0 {
		t.Fatalf("re-running migrations = %d, %v; want a no-op", n, err)
	}
	db.Close()
	if err := db.Ready(ctx); err == nil {
		t.Fatal("Ready() on a closed pool = nil, want an error")
	}
}

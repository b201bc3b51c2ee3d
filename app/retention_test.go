package app

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline"
	"lifeline/store/storetest"
)

func TestRetentionJobCountsWhatItDeletes(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var userID int64
	if err := db.Pool.QueryRow(ctx, `INSERT INTO users (email, history_keep_days) VALUES ('week@example.org', 7) RETURNING id`).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	deviceID := lifeline.NewDeviceID()
	for _, sql := range []string{
		`INSERT INTO devices (id, user_id, name, token_hash) VALUES ($2, $1, 'Bracelet', sha256('token'))`,
		`INSERT INTO locations (user_id, device_id, source, ts, seq, latitude, longitude)
			SELECT $1, $2, 'bracelet', now() - i * INTERVAL '1 day' - INTERVAL '12 hours', i, 51.5, -0.1 FROM generate_series(1, 10) i`,
		`INSERT INTO battery_readings (device_id, user_id, ts, seq, battery)
			SELECT $2, $1, now() - i * INTERVAL '1 day' - INTERVAL '12 hours', i, 80 FROM generate_series(1, 10) i`,
	} {
		if _, err := db.Pool.Exec(ctx, sql, userID, deviceID); err != nil {
			t.Fatal(err)
		}
	}
	registry := prometheus.NewRegistry()
	job := newRetentionJob(db, registry, slog.New(slog.NewTextHandler(io.Discard, nil)))
	job.run(ctx, time.Now())
	for _, relation := range []string{"locations", "battery_readings"} {
		// Rows 7.5 to 10.5 days old are past the week.
		if got := testutil.ToFloat64(job.deleted.WithLabelValues(relation, "person")); got != 4 {
			t.Errorf("%s deleted for the person = %v, want 4", relation, got)
		}
	}
	if n := testutil.CollectAndCount(job.batch); n != 1 {
		t.Errorf("batch histogram has %d series, want 1", n)
	}
}

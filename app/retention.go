package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"lifeline/store"
)

// retentionJob deletes time series rows past their keep windows (the global
// window on plain PostgreSQL, each person's choice on both engines) and
// reports what it deleted in the log and in /metrics.
type retentionJob struct {
	db      *store.DB
	logger  *slog.Logger
	deleted *prometheus.CounterVec
	batch   prometheus.Histogram
}

func newRetentionJob(db *store.DB, reg prometheus.Registerer, logger *slog.Logger) *retentionJob {
	j := &retentionJob{
		db:     db,
		logger: logger,
		deleted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lifeline_retention_deleted_rows_total",
			Help: "Time series rows the retention job deleted, by table and by scope (global window or a person's choice).",
		}, []string{"relation", "scope"}),
		batch: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "lifeline_retention_batch_seconds",
			Help:    "Time of one retention DELETE batch, which is how long it holds its row locks.",
			Buckets: prometheus.ExponentialBuckets(0.005, 2, 12),
		}),
	}
	reg.MustRegister(j.deleted, j.batch)
	return j
}

// run does one pass; another node holding the job's lock makes it a no-op.
func (j *retentionJob) run(ctx context.Context, now time.Time) {
	start := time.Now()
	run, err := j.db.EnforceRetention(ctx, now, func(b store.RetentionBatch) {
		scope := "global"
		if b.PerUser {
			scope = "person"
		}
		j.deleted.WithLabelValues(b.Relation, scope).Add(float64(b.Rows))
		j.batch.Observe(b.Took.Seconds())
	})
	switch {
	case ctx.Err() != nil:
	case err != nil:
		j.logger.Warn("retention failed", "err", err)
	case !run.Ran:
		j.logger.Debug("retention skipped: another node is running it")
	case run.Deleted["locations"]+run.Deleted["battery_readings"] > 0:
		j.logger.Info("retention deleted old history", "locations", run.Deleted["locations"],
			"battery_readings", run.Deleted["battery_readings"], "took", time.Since(start).Round(time.Millisecond))
	}
}

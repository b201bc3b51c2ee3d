package ingest

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"lifeline"
)

// ErrWriterClosed is returned for writes offered after Close.
var ErrWriterClosed = errors.New("ingest: writer closed")

// WriterConfig tunes the group commit.
type WriterConfig struct {
	// MaxBatch is the most rows one transaction carries.
	MaxBatch int
	// MaxDelay is how long a batch waits for more rows once it has some.
	// Zero (the default) waits for nothing: rows that arrive while one
	// batch commits form the next one, which is what makes batches grow
	// with load without delaying a lone fix.
	MaxDelay time.Duration
	// QueueSize bounds the writes waiting for a batch. Each connection has
	// at most one packet waiting (its reader blocks until the commit), so
	// memory stays bounded by the number of connections either way.
	QueueSize int
	Logger    *slog.Logger
	Metrics   *Metrics
	// Observer is told about every committed fix (the geofence engine).
	Observer lifeline.FixObserver
}

// Writer batches fixes from every device into few transactions (group
// commit) and tells each caller when its own rows are durable: the MQTT
// hook sends PUBACK only then. While the database is down it keeps
// retrying, so callers wait (backpressure) instead of losing fixes.
type Writer struct {
	cfg   WriterConfig
	store lifeline.FixStore
	queue chan *writeJob

	closeOnce sync.Once
	closing   chan struct{}
	done      chan struct{}
}

type writeJob struct {
	fixes     []lifeline.Fix
	batteries []lifeline.BatteryReading
	received  time.Time
	result    chan error
}

func (j *writeJob) rows() int { return len(j.fixes) + len(j.batteries) }

// NewWriter starts the writer's loop.
func NewWriter(store lifeline.FixStore, cfg WriterConfig) *Writer {
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = 2000
	}
	if cfg.QueueSize <= 0 {
		cfg.QueueSize = 16384
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics(nil)
	}
	w := &Writer{cfg: cfg, store: store, queue: make(chan *writeJob, cfg.QueueSize), closing: make(chan struct{}), done: make(chan struct{})}
	go w.run()
	return w
}

var _ lifeline.FixWriter = (*Writer)(nil)

// Write hands fixes and battery readings to the next batch and waits until
// they are committed. An EINVALID error means the database refused the
// data; it will never be stored.
func (w *Writer) Write(ctx context.Context, fixes []lifeline.Fix, batteries []lifeline.BatteryReading) error {
	if len(fixes)+len(batteries) == 0 {
		return nil
	}
	job := &writeJob{fixes: fixes, batteries: batteries, received: time.Now(), result: make(chan error, 1)}
	select {
	case <-w.closing:
		return ErrWriterClosed
	default:
	}
	select {
	case w.queue <- job:
	case <-w.closing:
		return ErrWriterClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-job.result:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops taking writes, commits what is queued, and returns when done
// or when ctx ends.
func (w *Writer) Close(ctx context.Context) error {
	w.closeOnce.Do(func() { close(w.closing) })
	select {
	case <-w.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (w *Writer) run() {
	defer close(w.done)
	for {
		var first *writeJob
		select {
		case first = <-w.queue:
		case <-w.closing:
			// Drain what was queued before Close.
			for {
				select {
				case job := <-w.queue:
					w.commit(w.gather(job, false))
				default:
					return
				}
			}
		}
		w.commit(w.gather(first, true))
	}
}

// gather collects jobs for one batch: everything already queued, and (when
// wait is set and the batch is small) whatever arrives within MaxDelay.
func (w *Writer) gather(first *writeJob, wait bool) []*writeJob {
	batch := []*writeJob{first}
	rows := first.rows()
	var timeout <-chan time.Time
	if wait && w.cfg.MaxDelay > 0 {
		timer := time.NewTimer(w.cfg.MaxDelay)
		defer timer.Stop()
		timeout = timer.C
	}
	for rows < w.cfg.MaxBatch {
		select {
		case job := <-w.queue:
			batch = append(batch, job)
			rows += job.rows()
			continue
		default:
		}
		if timeout == nil {
			break
		}
		select {
		case job := <-w.queue:
			batch = append(batch, job)
			rows += job.rows()
		case <-timeout:
			return batch
		}
	}
	return batch
}

// commit writes a batch, retrying while the database is unavailable. If
// the database refuses the batch's data, each job is tried alone so one bad
// packet cannot hold back the others.
func (w *Writer) commit(batch []*writeJob) {
	var fixes []lifeline.Fix
	var batteries []lifeline.BatteryReading
	for _, job := range batch {
		fixes = append(fixes, job.fixes...)
		batteries = append(batteries, job.batteries...)
	}
	err := w.writeWithRetry(fixes, batteries)
	if lifeline.ErrorCode(err) == lifeline.EINVALID && len(batch) > 1 {
		for _, job := range batch {
			w.commit([]*writeJob{job})
		}
		return
	}
	now := time.Now()
	w.cfg.Metrics.BatchRows.Observe(float64(len(fixes) + len(batteries)))
	for _, job := range batch {
		if err == nil {
			w.cfg.Metrics.PublishToCommit.Observe(now.Sub(job.received).Seconds())
		}
		job.result <- err
	}
	if err != nil {
		w.cfg.Metrics.RejectedFixes.WithLabelValues("store_refused").Add(float64(len(fixes)))
		w.cfg.Logger.Warn("fixes refused by the database", "rows", len(fixes)+len(batteries), "err", err)
		return
	}
	w.cfg.Metrics.AcceptedFixes.Add(float64(len(fixes)))
	if w.cfg.Observer != nil && len(fixes) > 0 {
		w.cfg.Observer.ObserveFixes(context.Background(), fixes)
	}
}

// writeWithRetry returns nil, or an EINVALID error; other errors are
// retried with backoff for as long as it takes.
func (w *Writer) writeWithRetry(fixes []lifeline.Fix, batteries []lifeline.BatteryReading) error {
	backoff := 50 * time.Millisecond
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		start := time.Now()
		err := w.store.WriteFixes(ctx, fixes, batteries)
		cancel()
		if err == nil || lifeline.ErrorCode(err) == lifeline.EINVALID {
			w.cfg.Metrics.CommitSeconds.Observe(time.Since(start).Seconds())
			if attempt > 1 && err == nil {
				w.cfg.Logger.Info("database back: pending fixes committed", "attempts", attempt)
			}
			return err
		}
		w.cfg.Metrics.CommitRetries.Inc()
		if attempt == 1 || attempt%20 == 0 {
			w.cfg.Logger.Warn("cannot commit fixes; holding acknowledgements and retrying", "rows", len(fixes)+len(batteries), "attempt", attempt, "err", err)
		}
		time.Sleep(backoff)
		backoff = min(backoff*2, 2*time.Second)
	}
}

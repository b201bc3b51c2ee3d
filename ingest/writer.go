package ingest

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"

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
	// MaxPendingRows bounds the rows waiting for a commit; Submit blocks
	// beyond it, which is how a slow or absent database pushes back on
	// devices (their PUBACKs wait) while memory stays bounded.
	MaxPendingRows int
	// ActivityEvery is how often the devices' health columns (last seen,
	// newest fix, battery) are brought up to date: they ride along with
	// the first batch after this much time, or go alone when ingest is idle.
	ActivityEvery time.Duration
	Logger        *slog.Logger
	Metrics       *Metrics
	// Observer is told about every committed fix (the geofence engine).
	Observer lifeline.FixObserver
	// SOS raises a bracelet's SOS once its position is committed (ingest/sos.go).
	SOS lifeline.SOSRaiser
}

// Writer batches fixes from every device into few transactions (group
// commit) and tells each submitter, in submission order, when its rows are
// durable: the MQTT hook sends the PUBACK only then. While the database is
// down it keeps retrying, so acknowledgements wait (backpressure) instead
// of fixes being lost.
type Writer struct {
	cfg     WriterConfig
	store   lifeline.FixStore
	queue   chan *writeJob
	pending *semaphore.Weighted

	// activity sums up committed rows whose device health is not stored
	// yet; only the run goroutine touches it.
	activity      lifeline.DeviceActivities
	activitySaved time.Time

	closeOnce sync.Once
	closing   chan struct{}
	done      chan struct{}
}

type writeJob struct {
	fixes     []lifeline.Fix
	batteries []lifeline.BatteryReading
	sos       *SOSPress // raised after the rows commit, before done
	received  time.Time
	done      func(error)
}

func (j *writeJob) rows() int { return len(j.fixes) + len(j.batteries) }

// weight is what a job holds of the pending-rows budget (an empty job,
// which only orders an acknowledgement, still takes one).
func (j *writeJob) weight() int64 { return int64(max(1, j.rows())) }

// NewWriter starts the writer's loop.
func NewWriter(store lifeline.FixStore, cfg WriterConfig) *Writer {
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = 2000
	}
	if cfg.MaxPendingRows <= 0 {
		cfg.MaxPendingRows = 200_000
	}
	if cfg.ActivityEvery <= 0 {
		cfg.ActivityEvery = time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics(nil)
	}
	w := &Writer{cfg: cfg, store: store, queue: make(chan *writeJob, cfg.MaxPendingRows),
		pending: semaphore.NewWeighted(int64(cfg.MaxPendingRows)), activity: lifeline.DeviceActivities{}, closing: make(chan struct{}), done: make(chan struct{})}
	go w.run()
	return w
}

var _ lifeline.FixWriter = (*Writer)(nil)

// Submit queues rows for the next batch and returns; done is called with
// the outcome once they are committed (nil) or refused (an EINVALID error),
// on the writer's goroutine and in submission order, so acknowledgements
// keep the order their packets arrived in. A job without rows commits
// nothing but still waits its turn. Submit blocks while the pending rows
// are over budget.
func (w *Writer) Submit(fixes []lifeline.Fix, batteries []lifeline.BatteryReading, done func(error)) error {
	return w.submit(&writeJob{fixes: fixes, batteries: batteries, received: time.Now(), done: done})
}

func (w *Writer) submit(job *writeJob) error {
	select {
	case <-w.closing:
		return ErrWriterClosed
	default:
	}
	if err := w.pending.Acquire(context.Background(), job.weight()); err != nil {
		return err
	}
	w.cfg.Metrics.PendingRows.Add(float64(job.weight()))
	select {
	case w.queue <- job:
		return nil
	case <-w.closing:
		w.pending.Release(job.weight())
		w.cfg.Metrics.PendingRows.Sub(float64(job.weight()))
		return ErrWriterClosed
	}
}

// Write submits rows and waits until they are committed. An EINVALID error
// means the database refused the data; it will never be stored.
func (w *Writer) Write(ctx context.Context, fixes []lifeline.Fix, batteries []lifeline.BatteryReading) error {
	if len(fixes)+len(batteries) == 0 {
		return nil
	}
	return awaitDone(ctx, func(done func(error)) error { return w.Submit(fixes, batteries, done) })
}

// awaitDone submits with a done callback and waits for its outcome.
func awaitDone(ctx context.Context, submit func(done func(error)) error) error {
	result := make(chan error, 1)
	if err := submit(func(err error) { result <- err }); err != nil {
		return err
	}
	select {
	case err := <-result:
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
	tick := time.NewTicker(w.cfg.ActivityEvery)
	defer tick.Stop()
	for {
		var first *writeJob
		select {
		case first = <-w.queue:
		case <-tick.C:
			w.saveIdleActivity(false)
			continue
		case <-w.closing:
			// Drain what was queued before Close.
			for {
				select {
				case job := <-w.queue:
					w.commit(w.gather(job, false))
				default:
					w.saveIdleActivity(true)
					return
				}
			}
		}
		w.commit(w.gather(first, true))
	}
}

// activityDue returns the device health to store with a batch of these
// rows: nil until ActivityEvery has passed since the last save, then
// everything pending plus this batch (pending itself changes only once
// the batch commits).
func (w *Writer) activityDue(fixes []lifeline.Fix, batteries []lifeline.BatteryReading) []lifeline.DeviceActivity {
	if time.Since(w.activitySaved) < w.cfg.ActivityEvery {
		return nil
	}
	due := make(lifeline.DeviceActivities, len(w.activity))
	for id, a := range w.activity {
		a := *a
		due[id] = &a
	}
	due.Add(fixes, batteries)
	return due.List()
}

// committed records a batch's rows as stored, with or without their
// device health.
func (w *Writer) committed(fixes []lifeline.Fix, batteries []lifeline.BatteryReading, activity []lifeline.DeviceActivity) {
	if activity != nil {
		w.activity, w.activitySaved = lifeline.DeviceActivities{}, time.Now()
		return
	}
	w.activity.Add(fixes, batteries)
}

// saveIdleActivity stores pending device health when no batch has carried
// it for ActivityEvery (or, closing, whatever is pending). One attempt:
// health is a summary, not data, so a database that is down costs at most
// its freshness (the next tick tries again) and never holds up Close.
func (w *Writer) saveIdleActivity(closing bool) {
	if len(w.activity) == 0 || (!closing && time.Since(w.activitySaved) < w.cfg.ActivityEvery) {
		return
	}
	activity := w.activity.List()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := w.store.WriteFixes(ctx, nil, nil, activity); err != nil {
		w.cfg.Logger.Warn("cannot store device health; will try again", "devices", len(activity), "err", err)
		return
	}
	w.activity, w.activitySaved = lifeline.DeviceActivities{}, time.Now()
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
	var err error
	if len(fixes)+len(batteries) > 0 {
		activity := w.activityDue(fixes, batteries)
		if err = w.writeWithRetry(fixes, batteries, activity); err == nil {
			w.committed(fixes, batteries, activity)
		}
	}
	if lifeline.ErrorCode(err) == lifeline.EINVALID && len(batch) > 1 {
		for _, job := range batch {
			w.commit([]*writeJob{job})
		}
		return
	}
	// Counted, and handed to the engine and the live feed, before anyone
	// is told they are stored: a worker handing its shard to another
	// waits for its acknowledgements and then for its engine
	// (ExternalConfig.TakeOver), which must already hold them.
	if err == nil {
		w.cfg.Metrics.AcceptedFixes.Add(float64(len(fixes)))
		if w.cfg.Observer != nil && len(fixes) > 0 {
			w.cfg.Observer.ObserveFixes(context.Background(), fixes)
		}
	}
	now := time.Now()
	w.cfg.Metrics.BatchRows.Observe(float64(len(fixes) + len(batteries)))
	for _, job := range batch {
		if err == nil {
			w.cfg.Metrics.PublishToCommit.Observe(now.Sub(job.received).Seconds())
		}
		jobErr := err
		if err == nil && job.sos != nil {
			jobErr = w.raiseSOS(job.sos)
		}
		// Off the queue before the acknowledgement goes out, so whoever
		// sees the PUBACK sees the gauge without these rows.
		w.pending.Release(job.weight())
		w.cfg.Metrics.PendingRows.Sub(float64(job.weight()))
		if job.done != nil {
			job.done(jobErr)
		}
	}
	if err != nil {
		w.cfg.Metrics.RejectedFixes.WithLabelValues("store_refused").Add(float64(len(fixes)))
		w.cfg.Logger.Warn("fixes refused by the database", "rows", len(fixes)+len(batteries), "err", err)
	}
}

// writeWithRetry returns nil, or an EINVALID error; other errors are
// retried with backoff for as long as it takes.
func (w *Writer) writeWithRetry(fixes []lifeline.Fix, batteries []lifeline.BatteryReading, activity []lifeline.DeviceActivity) error {
	backoff := 50 * time.Millisecond
	var lastCause string
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		start := time.Now()
		err := w.store.WriteFixes(ctx, fixes, batteries, activity)
		cancel()
		if err == nil || lifeline.ErrorCode(err) == lifeline.EINVALID {
			w.cfg.Metrics.CommitSeconds.Observe(time.Since(start).Seconds())
			if attempt > 1 && err == nil {
				w.cfg.Logger.Info("database back: pending fixes committed", "attempts", attempt)
			}
			return err
		}
		w.cfg.Metrics.CommitRetries.Inc()
		// Logged at first, every 20th time, and whenever the cause changes
		// (a cut connection first, then what the database now says).
		if cause := rootCause(err); attempt == 1 || attempt%20 == 0 || cause != lastCause {
			lastCause = cause
			w.cfg.Logger.Warn("cannot commit fixes; holding acknowledgements and retrying", "rows", len(fixes)+len(batteries), "attempt", attempt, "err", err)
		}
		time.Sleep(backoff)
		backoff = min(backoff*2, 2*time.Second)
	}
}

// rootCause is the text of the innermost wrapped error.
func rootCause(err error) string {
	for {
		inner := errors.Unwrap(err)
		if inner == nil {
			return err.Error()
		}
		err = inner
	}
}

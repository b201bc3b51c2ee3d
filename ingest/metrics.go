package ingest

import "github.com/prometheus/client_golang/prometheus"

// Metrics are ingest's Prometheus series.
type Metrics struct {
	Refused         *prometheus.CounterVec // connections and ACL checks turned away, by reason
	RejectedFixes   *prometheus.CounterVec // packets or rows not stored, by reason
	AcceptedFixes   prometheus.Counter
	BatchRows       prometheus.Histogram
	CommitSeconds   prometheus.Histogram
	CommitRetries   prometheus.Counter
	PublishToCommit prometheus.Histogram
	Connected       prometheus.Gauge
	// KnownDeviceAdmissions counts CONNECTs let in from a throttled address
	// because the device was verified here lately (no database lookup).
	KnownDeviceAdmissions prometheus.Counter
	// PendingRows is the writer's queue: rows submitted and not yet
	// committed. It rises without end when the database stalls.
	PendingRows prometheus.Gauge
	// AckSeconds is, on a NATS cluster, how long the cluster takes to
	// confirm a worker's acknowledgement of a committed packet: with the
	// commit's own time it tells where a worker that falls behind waits.
	AckSeconds prometheus.Histogram
}

// NewMetrics registers the series with reg (nil: a private registry, for
// tests and tools).
func NewMetrics(reg prometheus.Registerer) *Metrics {
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	m := &Metrics{
		Refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lifeline_mqtt_refused_total", Help: "MQTT connections, subscriptions and publishes refused, by reason.",
		}, []string{"reason"}),
		RejectedFixes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lifeline_ingest_rejected_total", Help: "Packets or rows not stored, by reason.",
		}, []string{"reason"}),
		AcceptedFixes: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "lifeline_ingest_fixes_total", Help: "Fixes committed (duplicates included, stored once).",
		}),
		BatchRows: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "lifeline_ingest_batch_rows", Help: "Rows per database transaction.",
			Buckets: prometheus.ExponentialBuckets(1, 2, 13),
		}),
		CommitSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "lifeline_ingest_commit_seconds", Help: "Time to commit one batch.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14),
		}),
		CommitRetries: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "lifeline_ingest_commit_retries_total", Help: "Batch commits retried because the database was unavailable.",
		}),
		PublishToCommit: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "lifeline_ingest_publish_to_commit_seconds", Help: "From receiving a packet to its commit (the PUBACK follows).",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 16),
		}),
		Connected: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "lifeline_mqtt_connected_devices", Help: "Bracelets connected now.",
		}),
		KnownDeviceAdmissions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "lifeline_mqtt_known_device_admissions_total", Help: "MQTT connections admitted from a throttled address by credentials verified lately on this node, without a database lookup.",
		}),
		PendingRows: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "lifeline_ingest_pending_rows", Help: "Rows waiting for their commit (the writer's queue).",
		}),
		AckSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "lifeline_ingest_ack_seconds", Help: "From a committed packet's acknowledgement to the NATS cluster's confirmation of it.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 16),
		}),
	}
	reg.MustRegister(m.Refused, m.RejectedFixes, m.AcceptedFixes, m.BatchRows, m.CommitSeconds, m.CommitRetries, m.PublishToCommit, m.Connected, m.KnownDeviceAdmissions, m.PendingRows, m.AckSeconds)
	return m
}

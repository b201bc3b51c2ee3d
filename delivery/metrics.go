package delivery

import "github.com/prometheus/client_golang/prometheus"

type metrics struct {
	deliveries *prometheus.CounterVec
	seconds    *prometheus.HistogramVec
	postponed  prometheus.Counter
	slots      prometheus.Gauge
}

func newMetrics(reg prometheus.Registerer) *metrics {
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	m := &metrics{
		deliveries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lifeline_deliveries_total",
			Help: "Outbox rows settled, by channel (app, email, webhook) and outcome (sent, retry, failed, skipped).",
		}, []string{"channel", "outcome"}),
		seconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lifeline_delivery_seconds",
			Help:    "Time of one send attempt, by channel.",
			Buckets: prometheus.ExponentialBuckets(0.005, 2, 13),
		}, []string{"channel"}),
		postponed: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "lifeline_deliveries_postponed_total",
			Help: "Deliveries moved to the end of their recipient's quiet hours.",
		}),
		slots: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "lifeline_delivery_slots_busy",
			Help: "Sends in flight on this node.",
		}),
	}
	reg.MustRegister(m.deliveries, m.seconds, m.postponed, m.slots)
	return m
}

func (m *metrics) outcome(channel, outcome string) {
	m.deliveries.WithLabelValues(channel, outcome).Inc()
}

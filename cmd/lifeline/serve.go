package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"lifeline"
	"lifeline/api"
	"lifeline/chat"
	"lifeline/delivery"
	"lifeline/guard"
	"lifeline/ingest"
	"lifeline/internal/gate"
	"lifeline/live"
	"lifeline/migrations"
	"lifeline/store"
	"lifeline/webapp"
)

// Main is the running program: every part, opened by Run and closed in
// reverse by Close. End-to-end tests drive it the same way main does.
type Main struct {
	Config Config
	Logger *slog.Logger
	Stdout io.Writer

	cluster  *store.Cluster
	db       *store.DB
	bus      *live.Bus
	alerts   *live.Alerts
	guard    *guard.Guard
	feed     *live.LocationFeed
	writer   *ingest.Writer
	packets  *ingest.PacketLog
	broker   *ingest.Broker
	external *ingest.External
	http     *api.Server
	gate     *gate.Gate
	URL      string

	retention *retentionJob
	stopJobs  func()
	// stopDelivery ends the outbox's delivery worker.
	stopDelivery func()
	// stopListening ends the listener of the other nodes' live events.
	stopListening func()
}

// Run starts the database (a private cluster unless DATABASE_URL is set),
// the MQTT broker and the HTTP server, then prints the URL to open.
func (m *Main) Run(ctx context.Context) error {
	dbURL, err := m.openDatabaseServer(ctx)
	if err != nil {
		return err
	}
	if m.db, err = store.Open(ctx, dbURL, migrations.FS, m.Config.Timescale); err != nil {
		return err
	}
	m.db.EscalateAfter, m.db.OfflineAfter = m.Config.EscalateAfter, m.Config.OfflineAfter
	storage, err := m.db.Storage(ctx)
	if err != nil {
		return err
	}
	m.Logger.Info("storage engine", "engine", storage.String())
	if err := loadContentAtStart(ctx, m.db, m.Config.ContentDir, m.Logger.With("component", "content")); err != nil {
		return err
	}

	registry := prometheus.NewRegistry()
	registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	ingestMetrics := ingest.NewMetrics(registry)
	// Every listener accepts through one gate: one reserve of descriptors,
	// accept errors waited out, a stopped listener bound again (/readyz).
	m.gate = gate.New(gate.Config{Reserve: m.Config.FDReserve, Registerer: registry, Logger: m.Logger.With("component", "gate")})
	// Every part that acts on live events subscribes itself to m.bus as it
	// starts (see package live); startLive then brings the other nodes'.
	m.retention = newRetentionJob(m.db, registry, m.Logger.With("component", "retention"))
	m.bus = live.NewBus(m.db, m.Logger.With("component", "live"))
	m.alerts = live.NewAlerts(m.db, m.bus, m.Logger.With("component", "alerts"))
	m.guard, err = guard.New(ctx, guard.Config{Zones: m.db, States: m.db, Alerts: m.alerts, Users: m.db, Events: m.bus, Logger: m.Logger.With("component", "geofence")})
	if err != nil {
		return err
	}
	m.feed = live.NewLocationFeed(m.bus, time.Second, m.Logger.With("component", "live"))
	// One SOS path for the web app's button and the bracelet's.
	sos := live.NewSOS(m.db, m.bus, m.Logger.With("component", "sos"))
	m.writer = ingest.NewWriter(m.db, ingest.WriterConfig{
		Logger: m.Logger.With("component", "writer"), Metrics: ingestMetrics,
		Observer: lifeline.FixObservers{m.guard, m.feed}, SOS: sos,
	})
	m.packets = ingest.NewPacketLog(ingest.PacketLogConfig{
		Events: m.bus, Registerer: registry, Logger: m.Logger.With("component", "tester"), Refusals: m.db,
	})
	if m.Config.Role != RoleAPI {
		if err := m.startIngest(ingestMetrics); err != nil {
			return err
		}
	}

	var connections lifeline.DeviceConnections
	if m.broker != nil {
		connections = m.broker
	}
	assistant, err := chat.New(chat.Config{
		BaseURL: m.Config.ChatURL, Model: m.Config.ChatModel, APIKey: m.Config.ChatAPIKey,
		Timeout: m.Config.ChatTimeout, Logger: m.Logger.With("component", "chat"),
	})
	if err != nil {
		return err
	}
	m.http, err = api.NewServer(ctx, api.Config{
		Users:                m.db,
		Sessions:             m.db,
		Throttle:             m.db,
		CheckIns:             m.db,
		Alerts:               m.alerts,
		Devices:              m.db,
		OfflineAfter:         m.Config.OfflineAfter,
		Fixes:                m.writer,
		DeviceRate:           m.Config.DeviceRate,
		Locations:            m.db,
		Connections:          connections,
		Packets:              m.packets,
		Zones:                m.db,
		ZoneWatch:            m.guard,
		Symptoms:             m.db,
		Content:              m.db,
		Care:                 live.NewOkayAnswers(m.db, m.bus, m.Logger.With("component", "alerts")),
		SOS:                  sos,
		Claims:               live.NewClaims(m.db, m.bus, m.Logger.With("component", "claims")),
		Notes:                m.db,
		Digests:              m.db,
		Escalation:           m.db,
		Asks:                 m.db,
		Measures:             m.db,
		Channels:             m.db,
		Destinations:         m.db,
		PasswordResets:       m.db,
		EmailEnabled:         m.Config.SMTPAddr != "",
		Shares:               m.db,
		Push:                 m.db,
		AllowPrivateWebhooks: m.Config.PrivateWebhooks,
		CrisisContacts:       m.db,
		Plans:                m.db,
		Chat:                 assistant,
		ChatLimit:            m.Config.ChatLimit,
		Events:               m.bus,
		Ready:                m.db,
		Storage:              m.db,
		WebApp:               webapp.Files(),
		Metrics:              registry,
		Logger:               m.Logger.With("component", "http"),
		PublicURL:            m.Config.PublicURL,
		MapTileURL:           m.Config.MapTileURL,
		MapAttribution:       m.Config.MapCredit,
		GeocoderURL:          m.Config.GeocoderURL,
		SessionIdle:          m.Config.SessionIdle,
		SessionMax:           m.Config.SessionMax,
		OIDC:                 m.Config.OIDC,
		DisableLocalAccounts: !m.Config.LocalAccounts,
		SignupLimit:          m.Config.SignupLimit,
		TrustedProxies:       m.Config.TrustedProxies,
		Gate:                 m.gate,
		MaxConnsPerAddr:      m.Config.HTTPMaxConnsPerAddr,
		HeaderTimeout:        m.Config.HTTPHeaderTimeout,
		BodyTimeout:          m.Config.HTTPBodyTimeout,
		OpsOnly:              m.Config.Role == RoleIngest,
		MQTTAuthSecret:       m.Config.MQTTAuthSecret,
	})
	if err != nil {
		return err
	}
	if webapp.Files() == nil {
		m.Logger.Warn("this binary was built without the web app; build it with `make build`")
	}
	if err := m.http.Open(m.Config.HTTPAddr); err != nil {
		return err
	}
	m.Logger.Info("http listening", "addr", m.http.Addr().String())
	m.URL = m.Config.PublicURL
	if m.URL == "" {
		m.URL = browsableURL(m.http.Addr())
	}
	m.stopJobs = m.startJobs()
	if m.Config.Role != RoleIngest {
		m.stopDelivery = m.startDelivery(registry)
	}
	m.startLive()
	if m.Config.Role == RoleIngest {
		fmt.Fprintf(m.Stdout, "Lifeline ingest worker; health and metrics at %s\n", m.URL)
	} else {
		fmt.Fprintf(m.Stdout, "Lifeline is running at %s\n", m.URL)
	}
	fmt.Fprintf(m.Stdout, "Storage: %s\n", storage)
	switch {
	case m.broker != nil:
		fmt.Fprintf(m.Stdout, "Bracelets connect over MQTT to %s (WebSocket: %s)\n", reachable(m.broker.TCPAddr()), reachable(m.broker.WSAddr()))
	case m.external != nil:
		fmt.Fprintf(m.Stdout, "Ingesting bracelet packets from %s\n", m.Config.MQTTExternal)
	default:
		fmt.Fprintf(m.Stdout, "API node: bracelet packets are ingested by other nodes\n")
	}
	return nil
}

// startIngest takes bracelet packets from an outside broker when one is
// configured, else from the embedded broker.
func (m *Main) startIngest(metrics *ingest.Metrics) error {
	if m.Config.MQTTExternal == "" {
		return m.startBroker(metrics)
	}
	var err error
	m.external, err = ingest.StartExternal(ingest.ExternalConfig{
		BrokerURL: m.Config.MQTTExternal,
		ClientID:  m.Config.MQTTExternalID,
		Username:  m.Config.MQTTExternalUser,
		Password:  m.Config.MQTTExternalPass,
		Devices:   m.db,
		Writer:    m.writer,
		Packets:   m.packets,
		Metrics:   metrics,
		Logger:    m.Logger.With("component", "mqtt-external"),
	})
	return err
}

// startLive hands the other nodes' live events to this node's subscribers.
func (m *Main) startLive() {
	ctx, stop := context.WithCancel(context.Background())
	m.stopListening = stop
	go m.bus.Listen(ctx)
}

// startBroker starts the embedded MQTT broker.
func (m *Main) startBroker(metrics *ingest.Metrics) error {
	var mqttTLS *tls.Config
	if m.Config.MQTTTLSCert != "" {
		cert, err := tls.LoadX509KeyPair(m.Config.MQTTTLSCert, m.Config.MQTTTLSKey)
		if err != nil {
			return fmt.Errorf("mqtt tls: %w", err)
		}
		mqttTLS = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	var err error
	m.broker, err = ingest.StartBroker(ingest.BrokerConfig{
		TCPAddr:    m.Config.MQTTAddr,
		WSAddr:     m.Config.MQTTWSAddr,
		TLS:        mqttTLS,
		Devices:    m.db,
		Zones:      m.db,
		Writer:     m.writer,
		Rate:       m.Config.DeviceRate,
		MaxClients: m.Config.MQTTMaxClients,
		Events:     m.bus,
		Packets:    m.packets,
		Metrics:    metrics,
		Logger:     m.Logger.With("component", "mqtt"),

		// The gate's listeners; one client address's connections.
		Gate:            m.gate,
		MaxConnsPerAddr: m.Config.MQTTMaxConnsPerAddr,
	})
	if err != nil {
		return err
	}
	m.Logger.Info("mqtt listening", "tcp", m.broker.TCPAddr(), "ws", m.broker.WSAddr())
	return nil
}

// startJobs runs the periodic work: every minute the evening check-in
// reminder and the bracelet battery and offline alerts, raised and resolved
// (the database keeps each to one, on any number of nodes), and hourly
// housekeeping and
// retention (one node at a time). The returned func stops it.
func (m *Main) startJobs() func() {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(m.Config.JobsEvery)
		defer tick.Stop()
		var pruned time.Time
		for {
			now := time.Now()
			if raised, err := m.alerts.RaiseMissedCheckins(ctx, now, m.Config.ReminderHour); ctx.Err() != nil {
				return
			} else if err != nil {
				m.Logger.Warn("check-in reminders failed", "err", err)
			} else if len(raised) > 0 {
				m.Logger.Info("check-in reminders raised", "count", len(raised))
			}
			m.guard.Tick(now)
			if resolved, err := m.alerts.ResolveDeviceAlerts(ctx, now); err != nil && ctx.Err() == nil {
				m.Logger.Warn("resolving device alerts failed", "err", err)
			} else if len(resolved) > 0 {
				m.Logger.Info("device alerts resolved", "count", len(resolved))
			}
			if raised, err := m.alerts.RaiseDeviceAlerts(ctx, now); err != nil && ctx.Err() == nil {
				m.Logger.Warn("device alerts failed", "err", err)
			} else if len(raised) > 0 {
				m.Logger.Info("device alerts raised", "count", len(raised))
			}
			if queued, err := m.db.QueueDigests(ctx, now, strings.TrimRight(m.URL, "/")+"/api/digest/unsubscribe?token="); err != nil && ctx.Err() == nil {
				m.Logger.Warn("weekly digests failed", "err", err)
			} else if queued > 0 {
				m.Logger.Info("weekly digests queued", "count", queued)
			}
			if queued, err := m.db.QueueMeasureReminders(ctx, now); err != nil && ctx.Err() == nil {
				m.Logger.Warn("questionnaire reminders failed", "err", err)
			} else if queued > 0 {
				m.Logger.Info("questionnaire reminders queued", "count", queued)
			}
			if now.Sub(pruned) >= time.Hour {
				if _, err := m.db.Prune(ctx, now, m.Config.SessionIdle); err != nil && ctx.Err() == nil {
					m.Logger.Warn("housekeeping failed", "err", err)
				}
				m.retention.run(ctx, now)
				pruned = now
			}
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()
	return func() { cancel(); <-done }
}

// startDelivery runs the outbox's delivery worker; every API node runs one
// and the store's claims keep each message to one sender.
func (m *Main) startDelivery(registry prometheus.Registerer) func() {
	worker := delivery.NewWorker(delivery.Config{
		Outbox: m.db, Destinations: m.db,
		SMTP: delivery.SMTP{Addr: m.Config.SMTPAddr, From: m.Config.SMTPFrom,
			Username: m.Config.SMTPUser, Password: m.Config.SMTPPassword},
		PublicURL:            m.URL,
		AllowPrivateWebhooks: m.Config.PrivateWebhooks,
		Push:                 m.db,
		Metrics:              registry,
		Logger:               m.Logger.With("component", "delivery"),
	})
	m.bus.OnSOSRaised(worker.Wake)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); worker.Run(ctx) }()
	return func() { cancel(); <-done }
}

func (m *Main) openDatabaseServer(ctx context.Context) (string, error) {
	if m.Config.DatabaseURL != "" {
		return m.Config.DatabaseURL, nil
	}
	// Preloading an installed TimescaleDB costs nothing, even with
	// --timescale off: a database made with it earlier then opens, and the
	// migrations say clearly that it cannot switch engines.
	preload := m.Config.Timescale
	if preload == store.TimescaleOff {
		preload = store.TimescaleAuto
	}
	m.cluster = &store.Cluster{Dir: filepath.Join(m.Config.DataDir, "pg"), Timescale: preload, Logger: m.Logger.With("component", "postgres")}
	start := time.Now()
	if err := m.cluster.Start(ctx); err != nil {
		m.cluster = nil
		return "", err
	}
	m.Logger.Info("private PostgreSQL ready", "dir", m.cluster.Dir, "url", m.cluster.LoopbackURL("lifeline"), "took", time.Since(start).Round(time.Millisecond))
	return m.cluster.URL("lifeline"), nil
}

// Close shuts down in dependency order: stop taking HTTP requests and let
// those in flight finish, stop the broker, commit the fixes still queued,
// close the pool, then stop the private database. It is safe after a
// partial Run.
func (m *Main) Close(ctx context.Context) error {
	var errs []error
	if m.http != nil {
		errs = append(errs, m.http.Close(ctx))
	}
	if m.stopJobs != nil {
		m.stopJobs()
	}
	if m.stopDelivery != nil {
		m.stopDelivery()
	}
	if m.broker != nil {
		errs = append(errs, m.broker.Close())
	}
	if m.external != nil {
		m.external.Close()
	}
	if m.writer != nil {
		errs = append(errs, m.writer.Close(ctx))
	}
	if m.guard != nil {
		m.guard.Close()
	}
	if m.feed != nil {
		m.feed.Close()
	}
	if m.packets != nil {
		m.packets.Close()
	}
	if m.stopListening != nil {
		m.stopListening()
	}
	if m.db != nil {
		m.db.Close()
	}
	if m.cluster != nil {
		errs = append(errs, m.cluster.Stop())
	}
	return errors.Join(errs...)
}

// browsableURL turns a bound address into a URL a person can open.
func browsableURL(addr net.Addr) string { return "http://" + reachable(addr.String()) }

// reachable turns a bound host:port into one a person can connect to: an
// all-interfaces bind becomes localhost.
func reachable(hostPort string) string {
	host, port, err := net.SplitHostPort(hostPort)
	if err != nil {
		return hostPort
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

func newLogger(level slog.Level) *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
}

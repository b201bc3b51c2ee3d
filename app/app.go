// Package app is Lifeline's composition root: it builds the running program
// (database, live events, geofence guard, ingest, the MQTT broker, the HTTP
// API, delivery and the periodic jobs) from a Config, in the one order
// `lifeline serve` and the tests both use. It may import every product
// package; only cmd/lifeline and the test helper app/apptest import it.
package app

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
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"lifeline"
	"lifeline/api"
	"lifeline/chat"
	"lifeline/guard"
	"lifeline/ingest"
	"lifeline/ingest/natsauth"
	"lifeline/ingest/natskick"
	"lifeline/internal/gate"
	"lifeline/live"
	"lifeline/migrations"
	"lifeline/pgcluster"
	"lifeline/store"
	"lifeline/webapp"
)

// Options are what a test may change in the program New builds; the zero
// value is the product as `lifeline serve` runs it.
type Options struct {
	// Logger receives the program's log (nil: Config.LogLevel on stderr).
	Logger *slog.Logger
	// Stdout receives the start-up lines people read: the URL to open,
	// the storage engine, where bracelets connect (nil: none).
	Stdout io.Writer
	// DB is an open, migrated database to run on instead of Config's (a
	// test's storetest clone, or a second node on one database). Close
	// leaves it open.
	DB *store.DB
	// WithoutWorkers leaves out the periodic jobs and the delivery
	// worker: for tests that move a clock by hand and read the outbox.
	WithoutWorkers bool
	// LocationEvery spaces one person's live location events (default 1 s).
	LocationEvery time.Duration
	// API changes the HTTP server's configuration just before it is built.
	API func(*api.Config)
}

// App is the running program: every part, started by New and closed in
// reverse by Close.
type App struct {
	cfg    Config
	opts   Options
	logger *slog.Logger
	url    string

	cluster  *pgcluster.Cluster
	db       *store.DB
	ownDB    bool
	registry *prometheus.Registry
	bus      *live.Bus
	alerts   *live.Alerts
	guard    *guard.Guard
	feed     *live.LocationFeed
	writer   *ingest.Writer
	packets  *ingest.PacketLog
	broker   *ingest.Broker
	external *ingest.External
	natsAuth *natsauth.Service
	kicker   *natskick.Kicker
	http     *api.Server
	gate     *gate.Gate

	retention *retentionJob
	stopJobs  func()
	// stopDelivery ends the outbox's delivery worker.
	stopDelivery func()
	// stopListening ends the listener of the other nodes' live events.
	stopListening func()

	closeOnce sync.Once
	closeErr  error
}

// New starts the program: the database (a private cluster unless
// DatabaseURL is set, or opts.DB), the MQTT broker, the HTTP server and the
// background work, then prints the URL to open. On an error it closes what
// it had started.
func New(ctx context.Context, cfg Config, opts Options) (*App, error) {
	a := &App{cfg: cfg, opts: opts, logger: opts.Logger}
	if a.logger == nil {
		a.logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	}
	if a.opts.Stdout == nil {
		a.opts.Stdout = io.Discard
	}
	if err := a.start(ctx); err != nil {
		return nil, errors.Join(err, a.Close(context.Background()))
	}
	return a, nil
}

// Run waits until ctx ends, then closes the program, giving requests in
// flight and queued fixes up to 30 s.
func (a *App) Run(ctx context.Context) error {
	<-ctx.Done()
	a.logger.Info("shutting down")
	closeCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return a.Close(closeCtx)
}

func (a *App) start(ctx context.Context) error {
	if err := a.openDatabase(ctx); err != nil {
		return err
	}
	storage, err := a.db.Storage(ctx)
	if err != nil {
		return err
	}
	a.logger.Info("storage engine", "engine", storage.String())
	if err := loadContentAtStart(ctx, a.db, a.cfg.ContentDir, a.logger.With("component", "content")); err != nil {
		return err
	}

	a.registry = prometheus.NewRegistry()
	a.registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	ingestMetrics := ingest.NewMetrics(a.registry)
	// Every listener accepts through one gate: one reserve of descriptors,
	// accept errors waited out, a stopped listener bound again (/readyz).
	a.gate = gate.New(gate.Config{Reserve: a.cfg.FDReserve, Registerer: a.registry, Logger: a.logger.With("component", "gate")})
	// Every part that acts on live events subscribes itself to a.bus as it
	// starts (see package live); startLive then brings the other nodes'.
	a.retention = newRetentionJob(a.db, a.registry, a.logger.With("component", "retention"))
	a.bus = live.NewBus(a.db, a.logger.With("component", "live"))
	a.alerts = live.NewAlerts(a.db, a.bus, a.logger.With("component", "alerts"))
	a.guard, err = guard.New(ctx, guard.Config{Zones: a.db, States: a.db, Alerts: a.alerts, Users: a.db, Events: a.bus, Logger: a.logger.With("component", "geofence")})
	if err != nil {
		return err
	}
	locationEvery := a.opts.LocationEvery
	if locationEvery == 0 {
		locationEvery = time.Second
	}
	a.feed = live.NewLocationFeed(a.bus, locationEvery, a.logger.With("component", "live"))
	// One SOS path for the web app's button and the bracelet's.
	sos := live.NewSOS(a.db, a.bus, a.logger.With("component", "sos"))
	a.writer = ingest.NewWriter(a.db, ingest.WriterConfig{
		Logger: a.logger.With("component", "writer"), Metrics: ingestMetrics,
		Observer: lifeline.FixObservers{a.guard, a.feed}, SOS: sos,
	})
	a.packets = ingest.NewPacketLog(ingest.PacketLogConfig{
		Events: a.bus, Registerer: a.registry, Logger: a.logger.With("component", "tester"), Refusals: a.db,
	})
	if a.cfg.Role != RoleAPI {
		if err := a.startIngest(ingestMetrics); err != nil {
			return err
		}
	}
	if err := a.startHTTP(ctx, sos); err != nil {
		return err
	}
	if !a.opts.WithoutWorkers {
		a.stopJobs = a.startJobs()
		if a.cfg.Role != RoleIngest {
			a.stopDelivery = a.startDelivery()
		}
	}
	a.startLive()
	a.printStart(storage)
	return nil
}

// openDatabase opens opts.DB, the database at DatabaseURL or the private
// cluster's, migrated.
func (a *App) openDatabase(ctx context.Context) error {
	if a.opts.DB != nil {
		a.db = a.opts.DB
		return nil
	}
	var url string
	var err error
	if a.cluster, url, err = openDatabaseServer(ctx, a.cfg, a.logger); err != nil {
		return err
	}
	if a.db, err = store.Open(ctx, url, migrations.FS, a.cfg.Timescale); err != nil {
		return err
	}
	a.ownDB = true
	a.db.EscalateAfter, a.db.OfflineAfter = a.cfg.EscalateAfter, a.cfg.OfflineAfter
	return nil
}

// startHTTP builds the API on every part it serves and opens its listener.
func (a *App) startHTTP(ctx context.Context, sos *live.SOS) error {
	var connections lifeline.DeviceConnections
	if a.broker != nil {
		connections = a.broker
	}
	assistant, err := chat.New(chat.Config{
		BaseURL: a.cfg.ChatURL, Model: a.cfg.ChatModel, APIKey: a.cfg.ChatAPIKey,
		Timeout: a.cfg.ChatTimeout, Logger: a.logger.With("component", "chat"),
	})
	if err != nil {
		return err
	}
	cfg := api.Config{
		Users:                a.db,
		Sessions:             a.db,
		Throttle:             a.db,
		CheckIns:             a.db,
		Alerts:               a.alerts,
		Devices:              a.db,
		OfflineAfter:         a.cfg.OfflineAfter,
		Fixes:                a.writer,
		DeviceRate:           a.cfg.DeviceRate,
		Locations:            a.db,
		Connections:          connections,
		Packets:              a.packets,
		Zones:                a.db,
		ZoneWatch:            a.guard,
		Symptoms:             a.db,
		Content:              a.db,
		Care:                 live.NewOkayAnswers(a.db, a.bus, a.logger.With("component", "alerts")),
		SOS:                  sos,
		Claims:               live.NewClaims(a.db, a.bus, a.logger.With("component", "claims")),
		Notes:                a.db,
		Digests:              a.db,
		Signals:              a.db,
		Escalation:           a.db,
		Asks:                 a.db,
		Measures:             a.db,
		Channels:             a.db,
		Destinations:         a.db,
		PasswordResets:       a.db,
		EmailEnabled:         a.cfg.SMTPAddr != "",
		Shares:               a.db,
		Push:                 a.db,
		AllowPrivateWebhooks: a.cfg.PrivateWebhooks,
		CrisisContacts:       a.db,
		Plans:                a.db,
		Chat:                 assistant,
		ChatLimit:            a.cfg.ChatLimit,
		Events:               a.bus,
		Ready:                a.db,
		Storage:              a.db,
		WebApp:               webapp.Files(),
		Metrics:              a.registry,
		Logger:               a.logger.With("component", "http"),
		PublicURL:            a.cfg.PublicURL,
		LinkBase:             a.URL,
		MapTileURL:           a.cfg.MapTileURL,
		MapAttribution:       a.cfg.MapCredit,
		GeocoderURL:          a.cfg.GeocoderURL,
		SessionIdle:          a.cfg.SessionIdle,
		SessionMax:           a.cfg.SessionMax,
		OIDC:                 a.cfg.OIDC,
		DisableLocalAccounts: !a.cfg.LocalAccounts,
		SignupLimit:          a.cfg.SignupLimit,
		TrustedProxies:       a.cfg.TrustedProxies,
		Gate:                 a.gate,
		MaxConnsPerAddr:      a.cfg.HTTPMaxConnsPerAddr,
		HeaderTimeout:        a.cfg.HTTPHeaderTimeout,
		BodyTimeout:          a.cfg.HTTPBodyTimeout,
		OpsOnly:              a.cfg.Role == RoleIngest,
		MQTTAuthSecret:       a.cfg.MQTTAuthSecret,
	}
	if a.opts.API != nil {
		a.opts.API(&cfg)
	}
	if a.http, err = api.NewServer(ctx, cfg); err != nil {
		return err
	}
	if cfg.WebApp == nil {
		a.logger.Warn("this binary was built without the web app; build it with `make build`")
	}
	if err := a.http.Open(a.cfg.HTTPAddr); err != nil {
		return err
	}
	a.logger.Info("http listening", "addr", a.http.Addr().String())
	a.url = a.cfg.PublicURL
	if a.url == "" {
		a.url = "http://" + reachable(a.http.Addr().String())
	}
	return nil
}

// printStart tells the person who started the program where to find it.
// Tests that start the binary read these lines (app/apptest).
func (a *App) printStart(storage lifeline.Storage) {
	out := a.opts.Stdout
	if a.cfg.Role == RoleIngest {
		fmt.Fprintf(out, "Lifeline ingest worker; health and metrics at %s\n", a.url)
	} else {
		fmt.Fprintf(out, "Lifeline is running at %s\n", a.url)
	}
	fmt.Fprintf(out, "Storage: %s\n", storage)
	switch {
	case a.broker != nil:
		fmt.Fprintf(out, "Bracelets connect over MQTT to %s (WebSocket: %s)\n", reachable(a.broker.TCPAddr()), reachable(a.broker.WSAddr()))
	case a.external != nil:
		fmt.Fprintf(out, "Ingesting bracelet packets from %s\n", a.cfg.MQTTExternal)
	default:
		fmt.Fprintf(out, "API node: bracelet packets are ingested by other nodes\n")
	}
}

// startIngest takes bracelet packets from an outside broker when one is
// configured, else from the embedded broker.
func (a *App) startIngest(metrics *ingest.Metrics) error {
	if a.cfg.MQTTExternal == "" {
		return a.startBroker(metrics)
	}
	if a.cfg.NATSAuthIssuerSeed != "" {
		// Before the worker's consumer: while no worker answers, no device
		// can connect.
		var err error
		a.natsAuth, err = natsauth.Start(natsauth.Config{
			URL:        a.cfg.MQTTExternal,
			Username:   a.cfg.MQTTExternalUser,
			Password:   a.cfg.MQTTExternalPass,
			Name:       a.cfg.MQTTExternalID + "-auth",
			IssuerSeed: a.cfg.NATSAuthIssuerSeed,
			Shards:     a.cfg.NATSShards,
			Devices:    a.db,
			Logger:     a.logger.With("component", "nats-auth"),
		})
		if err != nil {
			return err
		}
	}
	if a.cfg.NATSSystemUser != "" {
		// The callout refuses a revoked device's next CONNECT; this
		// closes the connection it holds now, as the embedded broker does.
		var err error
		a.kicker, err = natskick.Start(natskick.Config{
			URL:      a.cfg.MQTTExternal,
			Username: a.cfg.NATSSystemUser,
			Password: a.cfg.NATSSystemPassword,
			Name:     a.cfg.MQTTExternalID + "-kick",
			Shards:   a.cfg.NATSShards,
			Logger:   a.logger.With("component", "nats-kick"),
		})
		if err != nil {
			return err
		}
		a.bus.OnDeviceRevoked(a.kicker.Disconnect)
	}
	var err error
	a.external, err = ingest.StartExternal(ingest.ExternalConfig{
		BrokerURL: a.cfg.MQTTExternal,
		Shards:    a.cfg.NATSShards,
		ClientID:  a.cfg.MQTTExternalID,
		Username:  a.cfg.MQTTExternalUser,
		Password:  a.cfg.MQTTExternalPass,
		Devices:   a.db,
		Writer:    a.writer,
		Packets:   a.packets,
		Metrics:   metrics,
		Logger:    a.logger.With("component", "mqtt-external"),
		TakeOver:  a.guard.Reload,
	})
	if err != nil {
		return err
	}
	a.bus.OnDeviceRevoked(a.external.Forget)
	return nil
}

// startBroker starts the embedded MQTT broker.
func (a *App) startBroker(metrics *ingest.Metrics) error {
	var mqttTLS *tls.Config
	if a.cfg.MQTTTLSCert != "" {
		cert, err := tls.LoadX509KeyPair(a.cfg.MQTTTLSCert, a.cfg.MQTTTLSKey)
		if err != nil {
			return fmt.Errorf("mqtt tls: %w", err)
		}
		mqttTLS = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	var err error
	a.broker, err = ingest.StartBroker(ingest.BrokerConfig{
		TCPAddr:    a.cfg.MQTTAddr,
		WSAddr:     a.cfg.MQTTWSAddr,
		TLS:        mqttTLS,
		Devices:    a.db,
		Zones:      a.db,
		Writer:     a.writer,
		Rate:       a.cfg.DeviceRate,
		MaxClients: a.cfg.MQTTMaxClients,
		Events:     a.bus,
		Packets:    a.packets,
		Metrics:    metrics,
		Logger:     a.logger.With("component", "mqtt"),

		// The gate's listeners; one client address's connections.
		Gate:            a.gate,
		MaxConnsPerAddr: a.cfg.MQTTMaxConnsPerAddr,
	})
	if err != nil {
		return err
	}
	a.logger.Info("mqtt listening", "tcp", a.broker.TCPAddr(), "ws", a.broker.WSAddr())
	return nil
}

// startLive hands the other nodes' live events to this node's subscribers.
func (a *App) startLive() {
	ctx, stop := context.WithCancel(context.Background())
	a.stopListening = stop
	go a.bus.Listen(ctx)
}

// Close shuts down in dependency order: stop taking HTTP requests and let
// those in flight finish, stop the broker, commit the fixes still queued,
// close the pool, then stop the private database. It is safe after a
// partial start, and a second Close returns the first one's answer.
func (a *App) Close(ctx context.Context) error {
	a.closeOnce.Do(func() { a.closeErr = a.close(ctx) })
	return a.closeErr
}

func (a *App) close(ctx context.Context) error {
	var errs []error
	if a.http != nil {
		errs = append(errs, a.http.Close(ctx))
	}
	if a.stopJobs != nil {
		a.stopJobs()
	}
	if a.stopDelivery != nil {
		a.stopDelivery()
	}
	if a.broker != nil {
		errs = append(errs, a.broker.Close())
	}
	if a.external != nil {
		a.external.Close()
	}
	if a.natsAuth != nil {
		a.natsAuth.Close()
	}
	if a.kicker != nil {
		a.kicker.Close()
	}
	if a.writer != nil {
		errs = append(errs, a.writer.Close(ctx))
	}
	if a.guard != nil {
		a.guard.Close()
	}
	if a.feed != nil {
		a.feed.Close()
	}
	if a.packets != nil {
		a.packets.Close()
	}
	if a.stopListening != nil {
		a.stopListening()
	}
	if a.ownDB {
		a.db.Close()
	}
	if a.cluster != nil {
		errs = append(errs, a.cluster.Stop())
	}
	return errors.Join(errs...)
}

// URL is where people open the program: --public-url, or the bound HTTP
// address.
func (a *App) URL() string { return a.url }

// HTTPAddr is the bound HTTP address.
func (a *App) HTTPAddr() net.Addr { return a.http.Addr() }

// MQTTAddr and MQTTWSAddr are the embedded broker's bound addresses ("" on
// a node without it).
func (a *App) MQTTAddr() string {
	if a.broker == nil {
		return ""
	}
	return a.broker.TCPAddr()
}

func (a *App) MQTTWSAddr() string {
	if a.broker == nil {
		return ""
	}
	return a.broker.WSAddr()
}

// API is the HTTP server; DB the store; Bus this node's live events;
// Alerts raises alerts and publishes them on Bus; Writer commits fixes.
func (a *App) API() *api.Server           { return a.http }
func (a *App) DB() *store.DB              { return a.db }
func (a *App) Bus() *live.Bus             { return a.bus }
func (a *App) Alerts() *live.Alerts       { return a.alerts }
func (a *App) Writer() *ingest.Writer     { return a.writer }
func (a *App) Packets() *ingest.PacketLog { return a.packets }
func (a *App) Broker() *ingest.Broker     { return a.broker }

// Migrate applies the migrations to Config's database (starting and
// stopping the private cluster when there is no DatabaseURL) and returns.
func Migrate(ctx context.Context, cfg Config, logger *slog.Logger) error {
	cluster, url, err := openDatabaseServer(ctx, cfg, logger)
	if err != nil {
		return err
	}
	if cluster != nil {
		defer cluster.Stop()
	}
	db, err := store.Open(ctx, url, migrations.FS, cfg.Timescale)
	if err != nil {
		return err
	}
	db.Close()
	return nil
}

// openDatabaseServer returns DatabaseURL, or starts the private cluster
// under DataDir and returns its URL.
func openDatabaseServer(ctx context.Context, cfg Config, logger *slog.Logger) (*pgcluster.Cluster, string, error) {
	if cfg.DatabaseURL != "" {
		return nil, cfg.DatabaseURL, nil
	}
	// Preloading an installed TimescaleDB costs nothing, even with
	// --timescale off: a database made with it earlier then opens, and the
	// migrations say clearly that it cannot switch engines.
	preload := cfg.Timescale
	if preload == store.TimescaleOff {
		preload = store.TimescaleAuto
	}
	cluster := &pgcluster.Cluster{Dir: filepath.Join(cfg.DataDir, "pg"), Timescale: preload, Logger: logger.With("component", "postgres")}
	start := time.Now()
	if err := cluster.Start(ctx); err != nil {
		return nil, "", err
	}
	logger.Info("private PostgreSQL ready", "dir", cluster.Dir, "url", cluster.LoopbackURL("lifeline"), "took", time.Since(start).Round(time.Millisecond))
	return cluster, cluster.URL("lifeline"), nil
}

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

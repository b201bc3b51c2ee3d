// Package api is Lifeline's HTTP face: the chi router with every JSON route,
// health and metrics endpoints, and the embedded web app. It depends on the
// domain's interfaces only; package app hands it their implementations.
package api

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"lifeline"
	"lifeline/internal/gate"
	"lifeline/internal/ratelimit"
	"lifeline/live"
	"lifeline/signals"
)

// Config is what the HTTP server needs from the rest of the program.
type Config struct {
	Users    lifeline.UserService
	Sessions lifeline.SessionService
	Throttle lifeline.ThrottleService
	CheckIns lifeline.CheckInService
	Alerts   lifeline.AlertService
	Devices  lifeline.DeviceService
	// OfflineAfter, when positive, is the silence after which a bracelet
	// is offline (lifeline.OfflineAfter; the server's --offline-after).
	OfflineAfter time.Duration
	// Fixes takes browser-shared positions; Locations reads them back.
	Fixes     lifeline.FixWriter
	Locations lifeline.FixStore
	// Connections tells which bracelets are online.
	Connections lifeline.DeviceConnections
	Zones       lifeline.ZoneService
	// ZoneWatch validates zones (the geofence engine, which hears about
	// edits through Events).
	ZoneWatch lifeline.ZoneWatcher
	// Events carries zone edits, revocations and watch leases to every
	// node, and brings every node's user events to this node's live
	// streams (required; live.NewBus(nil, …) is a bus for this node
	// alone). Alerts must publish on it (live.Alerts).
	Events *live.Bus
	// Packets holds bracelets' latest packets for the tester view (nil: none).
	Packets lifeline.PacketLog
	// Ready answers /readyz: the database is reachable and migrated;
	// Storage names its engine there (nil: not reported).
	Ready   lifeline.Checker
	Storage lifeline.StorageReporter
	// WebApp is the built web app (index.html and assets/); nil when it was
	// not built, in which case pages explain how to build it.
	WebApp fs.FS
	// Metrics is the registry served at /metrics.
	Metrics *prometheus.Registry
	Logger  *slog.Logger
	// Now is the clock; time.Now when nil.
	Now func() time.Time

	// PublicURL is the URL people open; an https URL makes cookies Secure.
	PublicURL string
	// LinkBase is where links sent by email point when PublicURL is empty:
	// the address the server said it runs at (app.App.URL), never the
	// request's Host header, which whoever asks for a link chooses.
	LinkBase func() string
	// MapTileURL is the map tile URL template, allowed by the CSP, and
	// MapAttribution the credit its provider requires.
	MapTileURL     string
	MapAttribution string
	// GeocoderURL is the Nominatim-compatible search URL of the zone
	// editor's address search ("": none); the CSP lets the browser reach
	// its origin only when it is set.
	GeocoderURL string
	// SessionIdle ends a session unused for this long; SessionMax ends
	// every session this long after sign-in.
	SessionIdle, SessionMax time.Duration
	// OIDC enables sign-in through an OpenID Connect provider.
	OIDC *OIDCConfig
	// DisableLocalAccounts turns off email and password sign-in (OIDC only).
	DisableLocalAccounts bool
	// SignupLimit is how many accounts one client address may create in 15
	// minutes (default 20).
	SignupLimit int
	// TrustedProxies are the reverse proxies (addresses and CIDR prefixes)
	// whose X-Forwarded-For names the client; from anyone else the header
	// is ignored. See ParseTrustedProxies.
	TrustedProxies []netip.Prefix
	// StreamWriteTimeout ends a live event stream whose client has not
	// taken a write for this long (default 30 s), so a stalled reader never
	// holds a connection and its goroutine.
	StreamWriteTimeout time.Duration
	// StreamsPerSession and StreamsPerUser cap the live event streams one
	// session and one person hold open (defaults 8 and 24); a new stream
	// past a cap ends the oldest (events.go).
	StreamsPerSession, StreamsPerUser int

	// Gate lets HTTP connections in (nil: a gate of the server's own);
	// MaxConnsPerAddr caps one client address's connections (0: no cap;
	// TrustedProxies are not counted). HeaderTimeout bounds reading a
	// request's headers (default 10 s) and BodyTimeout its body (default
	// 60 s): a client that trickles either is cut off.
	Gate                       *gate.Gate
	MaxConnsPerAddr            int
	HeaderTimeout, BodyTimeout time.Duration

	// CrisisContacts and Plans store the crisis page's contacts and the
	// safety and coping plans.
	CrisisContacts lifeline.CrisisContactService
	Plans          lifeline.PlanService
	// Chat answers the support chat (chat.New: a provider behind the
	// safety layer); nil answers that the chat is not configured.
	Chat lifeline.ChatAssistant
	// ChatLimit is how many chat messages one user may send per minute
	// (default 20).
	ChatLimit int
	// Symptoms stores the Symptom Tracker's logs; Content serves the
	// published articles, blog posts and statistics.
	Symptoms lifeline.SymptomService
	Content  lifeline.ContentService
	// Care stores the care circle; Channels each person's channels and
	// quiet hours (the delivery worker sends what they queue).
	Care     lifeline.CareService
	Channels lifeline.ChannelService
	// Notes stores care notes (care_notes.go); Digests who gets a weekly
	// digest (digests.go).
	Notes   lifeline.CareNoteService
	Digests lifeline.DigestService
	// Signals loads what the early-warning signals read and keeps their
	// "Not now" (signals.go).
	Signals signals.Store
	// Destinations says which channels are paused (channel_pauses.go).
	Destinations lifeline.Destinations
	// PasswordResets keeps password reset links (password_reset.go);
	// EmailEnabled says the delivery worker can send email (--smtp-server),
	// without which nobody can be sent one.
	PasswordResets lifeline.PasswordResetService
	EmailEnabled   bool
	// Shares stores the wearer's share links (share.go).
	Shares lifeline.ShareService
	// Push holds the VAPID keys (push.go).
	Push lifeline.PushKeys
	// AllowPrivateWebhooks lets a webhook or push endpoint name a loopback
	// or private IP address (the server's --private-webhooks; the delivery
	// worker follows the same switch).
	AllowPrivateWebhooks bool
	// SOS raises and closes SOSes and announces them on Events
	// (live.SOS); the ingest writer shares it for the bracelet's button.
	SOS lifeline.SOSService
	// Claims takes supporters' steps on alerts ("I'm on it", hand back,
	// resolve) and announces them on Events (live.Claims).
	Claims lifeline.ClaimService
	// Escalation stores when each wearer's supporters are told.
	Escalation lifeline.EscalationService
	// Asks stores the gentle asks ("I could use a call") and queues their
	// messages.
	Asks lifeline.AskService
	// Measures stores the validated questionnaires' responses and
	// schedules (measures.go).
	Measures lifeline.MeasureService

	// MQTTAuthSecret, when set, enables POST /internal/mqtt/auth: an
	// outside broker's HTTP authenticator for bracelets, which must send
	// it as a bearer token.
	MQTTAuthSecret string

	// DeviceRate limits each phone's ingest requests, as --device-rate and
	// --device-burst limit each bracelet's publishes.
	DeviceRate ratelimit.Limit

	// OpsOnly serves only /healthz, /readyz and /metrics: an ingest worker
	// (lifeline serve --role ingest) answers its probes and scrapes, while
	// people reach the API on other nodes.
	OpsOnly bool
}

// Server serves the API and the web app.
type Server struct {
	cfg      Config
	oidc     *oidcClient
	devKey   deviceKeyCache // signs known-device cookies
	hub      *hub
	handler  http.Handler
	server   *http.Server
	listener net.Listener
	// deviceRate is the phones' per-device request budget.
	deviceRate *ratelimit.Keyed
}

// NewServer builds the router. With OIDC configured it discovers the
// provider first, so a wrong issuer fails at start, not at sign-in.
func NewServer(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = prometheus.NewRegistry()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.SessionIdle == 0 {
		cfg.SessionIdle = 7 * 24 * time.Hour
	}
	if cfg.SignupLimit == 0 {
		cfg.SignupLimit = 20
	}
	if cfg.SessionMax == 0 {
		cfg.SessionMax = 30 * 24 * time.Hour
	}
	if cfg.StreamWriteTimeout == 0 {
		cfg.StreamWriteTimeout = 30 * time.Second
	}
	if cfg.StreamsPerSession == 0 {
		cfg.StreamsPerSession = 8
	}
	if cfg.StreamsPerUser == 0 {
		cfg.StreamsPerUser = 24
	}
	if cfg.HeaderTimeout == 0 {
		cfg.HeaderTimeout = 10 * time.Second
	}
	if cfg.BodyTimeout == 0 {
		cfg.BodyTimeout = time.Minute
	}
	if cfg.Gate == nil {
		cfg.Gate = gate.New(gate.Config{Logger: cfg.Logger})
	}
	web, err := newWebApp(cfg.WebApp)
	if err != nil {
		return nil, err
	}
	if cfg.Events == nil {
		return nil, errors.New("api: no live event bus (Config.Events)")
	}
	s := &Server{cfg: cfg, hub: newHub(cfg.StreamsPerSession, cfg.StreamsPerUser), deviceRate: ratelimit.NewKeyed(cfg.DeviceRate)}
	cfg.Events.OnUserEvent(s.hub.deliver)
	if cfg.OIDC != nil {
		if s.oidc, err = newOIDCClient(ctx, *cfg.OIDC); err != nil {
			return nil, err
		}
	}
	crossOrigin, err := crossOriginProtection(cfg.PublicURL)
	if err != nil {
		return nil, err
	}
	metrics := newHTTPMetrics(cfg.Metrics)
	cfg.Metrics.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "lifeline_sse_clients", Help: "Live event streams open on this node.",
	}, func() float64 { return float64(s.hub.count()) }), prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "lifeline_sse_replaced_total", Help: "Live event streams ended because their session or person opened a newer one past the cap.",
	}, func() float64 { return float64(s.hub.replacedTotal.Load()) }))

	r := chi.NewRouter()
	r.Use(bodyDeadline(cfg.BodyTimeout), middleware.Recoverer, metrics.middleware, s.logRequests, securityHeaders(cfg.MapTileURL, cfg.GeocoderURL), crossOrigin)

	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Handle("/metrics", promhttp.HandlerFor(cfg.Metrics, promhttp.HandlerOpts{Registry: cfg.Metrics}))
	if cfg.MQTTAuthSecret != "" {
		r.Post("/internal/mqtt/auth", s.mqttAuth)
	}
	if cfg.OpsOnly {
		r.NotFound(opsOnlyNotFound)
		s.handler = r
		return s, nil
	}

	r.Route("/api", func(r chi.Router) {
		// JSON answers are gzipped for clients that accept it: a caseload
		// of 200 people is 86 KiB as text and a tenth of that gzipped, which
		// a phone on a slow network feels. The live stream's event-stream
		// and the downloads' other types pass through as they are.
		r.Use(middleware.Compress(5, "application/json", "application/fhir+json"))
		r.Use(refuseNUL, s.loadSession)
		r.NotFound(apiNotFound)
		r.MethodNotAllowed(apiMethodNotAllowed)

		r.Get("/openapi.json", s.openAPI)

		// Phone tracking apps: machine to machine, authenticated by the
		// device's token (see phones.go), outside sessions and CSRF.
		r.Post("/ingest/owntracks", s.ingestOwnTracks)
		r.Post("/ingest/overland", s.ingestOverland)
		r.Get("/ingest/osmand", s.ingestOsmAnd)
		r.Post("/ingest/osmand", s.ingestOsmAnd)

		// Browser navigations and sign-in.
		r.Get("/login", s.loginRedirect)
		r.Get("/logout", s.logout)
		r.Get("/auth/config", s.authConfig)
		r.Get("/auth/session", s.getSession)
		r.Get("/app-config", s.appConfig)
		r.Get("/auth/oidc/start", s.oidcStart)
		r.Get("/auth/oidc/callback", s.oidcCallback)
		// A share link's public view: the token is the credential.
		r.Post("/share/view", s.viewShare)
		// An invitation's preview for the accept page: the token is the credential.
		r.Post("/care/invitation", s.previewInvitation)
		// An email channel's confirmation link: the token is the credential.
		r.Post("/channels/confirm", s.confirmChannel)
		// A one-tap link's "I'm on it" (claims.go): the token is the proof.
		r.Post("/claim-links/claim", s.claimByLink)
		// The weekly digest's one-click unsubscribe (digests.go).
		r.Post("/digest/unsubscribe", s.unsubscribe)
		if !cfg.DisableLocalAccounts {
			r.Post("/auth/register", s.register)
			r.Post("/auth/login", s.login)
			// A forgotten password: the link by email, then the new password.
			r.Post("/auth/password-reset", s.requestPasswordReset)
			r.Post("/auth/password-reset/confirm", s.confirmPasswordReset)
		}

		// Everything below needs a signed-in user.
		r.Group(func(r chi.Router) {
			r.Use(requireUser)
			r.Get("/auth/user", s.getUser)
			r.Patch("/auth/user", s.updateUser)
			r.Post("/auth/password", s.changePassword)
			r.Get("/account/export", s.exportAccount)
			r.Get("/export/fhir", s.exportFHIR) // export_fhir.go: the questionnaires for a clinician
			r.Delete("/account", s.deleteAccount)

			r.Get("/checkins", s.listCheckIns)
			r.Post("/checkins", s.createCheckIn)
			r.Get("/checkins/today", s.todayCheckIn)
			r.Get("/checkins/export", s.exportCheckIns)
			r.Patch("/checkins/{id}", s.updateCheckIn)
			r.Delete("/checkins/{id}", s.deleteCheckIn)
			r.Get("/stats", s.stats)
			r.Get("/signals", s.getSignals) // signals.go: early-warning signals
			r.Post("/signals/not-now", s.notNowSignal)
			r.Put("/sober-date", s.setSoberDate)
			r.Get("/alerts", s.listAlerts)
			r.Get("/alerts/{id}", s.getAlert)
			r.Patch("/alerts/{id}/read", s.markAlertRead)
			r.Post("/alerts/{id}/ok", s.answerOkay)
			r.Get("/sos", s.getOpenSOS)
			r.Post("/sos", s.raiseSOS)
			r.Get("/sos/audience", s.sosAudience)
			r.Post("/sos/{id}/safe", s.resolveSOS)

			// The care circle (care.go), each person's channels (channels.go) and
			// their pauses (channel_pauses.go).
			r.Get("/supporters", s.listSupporters)
			r.Post("/supporters", s.inviteSupporter)
			r.Get("/supporters/views", s.listCareViews)
			r.Put("/supporters/{id}/grant", s.setGrant)
			r.Put("/supporters/{id}/tier", s.setTier)
			r.Delete("/supporters/{id}", s.revokeSupporter)
			r.Post("/care/accept", s.acceptInvitation)
			r.Get("/supporting", s.listSupported)
			r.Get("/supporting/{id}", s.getSupported)
			r.Get("/asks/open", s.getOpenAsk)
			r.Post("/asks", s.createAsk)
			r.Post("/asks/{id}/close", s.closeAsk)
			r.Get("/supporting/asks", s.listSupportedAsks)
			r.Post("/supporting/asks/{id}/answer", s.answerAsk)
			r.Post("/supporting/alerts/{id}/claim", s.claimAlert)
			r.Post("/supporting/alerts/{id}/hand-back", s.handBackAlert)
			r.Post("/supporting/alerts/{id}/resolve", s.resolveClaimedAlert)
			r.Get("/caseload", s.listCaseload) // caseload.go: everyone I support, by need
			// Care notes (care_notes.go).
			r.Get("/supporting/{id}/notes", s.listSentNotes)
			r.Post("/supporting/{id}/notes", s.sendNote)
			r.Get("/notes", s.listNotes)
			r.Get("/notes/presets", s.notePresets)
			r.Patch("/notes/{id}/read", s.markNoteRead)
			r.Put("/supporters/{id}/notes-muted", s.muteNotes)
			r.Put("/supporting/{id}/digest", s.setDigest)
			r.Get("/channels", s.listChannels)
			r.Post("/channels", s.createChannel)
			r.Patch("/channels/{id}", s.updateChannel)
			r.Delete("/channels/{id}", s.deleteChannel)
			r.Post("/channels/{id}/test", s.testChannel)
			r.Post("/channels/{id}/confirmation", s.resendConfirmation)
			r.Get("/channels/pauses", s.listChannelPauses)
			r.Post("/channels/{id}/resume", s.resumeChannel)
			r.Get("/share-links", s.listShares)
			r.Post("/share-links", s.createShare)
			r.Delete("/share-links/{id}", s.revokeShare)
			r.Get("/quiet-hours", s.getQuietHours)
			r.Put("/quiet-hours", s.putQuietHours)
			r.Get("/push/key", s.pushKey)
			r.Get("/escalation", s.getEscalation)
			r.Put("/escalation", s.putEscalation)

			r.Get("/devices", s.listDevices)
			r.Post("/devices", s.createDevice)
			r.Patch("/devices/{id}", s.renameDevice)
			r.Delete("/devices/{id}", s.revokeDevice)
			r.Get("/devices/{id}/packets", s.devicePackets)
			r.Post("/devices/{id}/watch", s.watchDevice)
			r.Post("/gps/location", s.shareLocation)
			r.Get("/gps/locations", s.listLocations)
			r.Get("/gps/latest", s.latestLocation)
			r.Get("/events", s.events)

			r.Get("/safe-zones", s.listZones)
			r.Post("/safe-zones", s.createZone)
			r.Patch("/safe-zones/{id}", s.updateZone)
			r.Delete("/safe-zones/{id}", s.deleteZone)

			r.Get("/crisis-contacts", s.listCrisisContacts)
			r.Post("/crisis-contacts", s.createCrisisContact)
			r.Patch("/crisis-contacts/{id}", s.updateCrisisContact)
			r.Delete("/crisis-contacts/{id}", s.deleteCrisisContact)
			r.Get("/sponsor", s.getSponsor)
			r.Get("/safety-plan", s.getSafetyPlan)
			r.Put("/safety-plan", s.putSafetyPlan)
			r.Get("/coping-plan", s.getCopingPlan)
			r.Put("/coping-plan", s.putCopingPlan)
			r.Post("/chatbot", s.chatbot)

			r.Get("/measures", s.listMeasures) // measures.go: the validated questionnaires
			r.Get("/measures/instruments", s.listInstruments)
			r.Get("/measures/responses", s.listMeasureResponses)
			r.Post("/measures/responses", s.createMeasureResponse)
			r.Patch("/measures/responses/{id}", s.updateMeasureResponse)
			r.Delete("/measures/responses/{id}", s.deleteMeasureResponse)
			r.Get("/measures/schedule", s.getMeasureSchedule)
			r.Put("/measures/schedule", s.putMeasureSchedule)
			r.Get("/symptoms", s.listSymptoms)
			r.Post("/symptoms", s.createSymptom)
			r.Get("/symptoms/export", s.exportSymptoms)
			r.Get("/symptoms/trend", s.symptomTrend)
			r.Get("/symptoms/{id}", s.getSymptom)
			r.Patch("/symptoms/{id}", s.updateSymptom)
			r.Delete("/symptoms/{id}", s.deleteSymptom)
			r.Get("/articles", s.listArticles)
			r.Get("/articles/{id}", s.getArticle)
			r.Get("/blog", s.listBlogPosts)
			r.Get("/blog/{id}", s.getBlogPost)
			r.Get("/statistics", s.listStatistics)
		})
	})

	r.NotFound(web.ServeHTTP)
	r.MethodNotAllowed(web.ServeHTTP)
	s.handler = r
	return s, nil
}

// Handler returns the root handler, for tests and embedding.
func (s *Server) Handler() http.Handler { return s.handler }

// Open starts listening on addr (port 0 picks a free port) and serving in the
// background, through the gate: the listener outlives accept errors and is
// bound again if it stops.
func (s *Server) Open(addr string) error {
	l, err := s.cfg.Gate.Listen("http", addr, gate.NewCaps(s.cfg.MaxConnsPerAddr, s.cfg.TrustedProxies))
	if err != nil {
		return fmt.Errorf("api: listen on %s: %w", addr, err)
	}
	s.listener = l
	s.server = &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: s.cfg.HeaderTimeout,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(s.cfg.Logger.Handler(), slog.LevelWarn),
	}
	go s.cfg.Gate.Serve(l, s.server.Serve)
	return nil
}

// Addr is the bound address, once Open has succeeded.
func (s *Server) Addr() net.Addr { return s.listener.Addr() }

// Close stops accepting connections and waits for requests in flight until
// ctx ends.
func (s *Server) Close(ctx context.Context) error {
	s.hub.closeAll() // live streams never end by themselves
	if s.server == nil {
		return nil
	}
	return s.server.Shutdown(ctx)
}

// opsOnlyNotFound answers every other path of an ingest-only node.
func opsOnlyNotFound(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusNotFound, errorBody{Error: "not_found", Message: "This node only ingests bracelet packets (lifeline serve --role ingest); the web app and API are served by the API nodes."})
}

func apiNotFound(w http.ResponseWriter, r *http.Request) {
	writeError(w, r, lifeline.Errorf(lifeline.ENOTFOUND, "No API endpoint at %s %s.", r.Method, r.URL.Path))
}

func apiMethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: "method_not_allowed", Message: fmt.Sprintf("%s is not allowed on %s.", r.Method, r.URL.Path)})
}

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		s.cfg.Logger.Debug("http request", "method", r.Method, "path", r.URL.Path, "status", ww.Status(), "bytes", ww.BytesWritten(), "took", time.Since(start))
	})
}

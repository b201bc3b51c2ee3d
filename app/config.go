package app

import (
	"log/slog"
	"net/netip"
	"time"

	"lifeline/api"
	"lifeline/ingest"
	"lifeline/store"
)

// Config is the whole configuration of `lifeline serve`, which cmd/lifeline
// reads once from flags and LIFELINE_* environment variables (a flag wins
// over its variable). A zero session length or limit takes the API's
// default; a test's Config comes from apptest.Config.
type Config struct {
	HTTPAddr    string
	MQTTAddr    string
	MQTTWSAddr  string
	DataDir     string
	ContentDir  string
	DatabaseURL string
	// Timescale chooses the storage engine of the time series: TimescaleDB
	// hypertables (auto: when the server offers the extension) or plain
	// PostgreSQL tables.
	Timescale  store.Timescale
	LogLevel   slog.Level
	PublicURL  string
	MapTileURL string
	MapCredit  string
	// GeocoderURL is a Nominatim-compatible search URL for the zone
	// editor's address search; "" (the default) means none.
	GeocoderURL string

	ReminderHour int
	SignupLimit  int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names
	// the client (--trusted-proxies).
	TrustedProxies []netip.Prefix

	// Chat: an OpenAI-compatible API; an empty URL means the built-in
	// supportive assistant.
	ChatURL, ChatModel, ChatAPIKey string
	ChatTimeout                    time.Duration
	ChatLimit                      int

	// Role splits the program for scale-out: RoleAll runs everything,
	// RoleAPI the web app and API without ingest, RoleIngest ingest with
	// only /healthz, /readyz and /metrics on HTTP.
	Role string

	MQTTTLSCert, MQTTTLSKey string
	// MQTTExternal, when set, makes this node an ingest worker on an
	// existing broker instead of embedding one.
	MQTTExternal                                       string
	MQTTExternalUser, MQTTExternalPass, MQTTExternalID string
	// NATSAuthIssuerSeed, when set on a worker of a NATS cluster, makes it
	// answer the cluster's auth callout for devices (ingest/natsauth),
	// signing with this account nkey seed.
	NATSAuthIssuerSeed string
	// NATSSystemUser and NATSSystemPassword, when set on such a worker,
	// are a user of the nodes' system account: with it the worker closes
	// a revoked device's connections on every node (ingest/natskick).
	NATSSystemUser, NATSSystemPassword string
	// NATSShards is how many accounts a NATS cluster's devices are spread
	// over (ingest/natsshard); 1 (or 0): all in one.
	NATSShards int
	// MQTTAuthSecret enables the outside broker's HTTP authenticator
	// endpoint for bracelets.
	MQTTAuthSecret string
	DeviceRate     ingest.RateLimit
	MQTTMaxClients int
	SessionIdle    time.Duration
	SessionMax     time.Duration
	LocalAccounts  bool
	OIDC           *api.OIDCConfig

	// The gate (internal/gate): connections one client address may hold
	// open (0: no cap), the file descriptors connections leave to the
	// database and the broker, and how long a request's headers and body
	// may take to arrive.
	HTTPMaxConnsPerAddr, MQTTMaxConnsPerAddr int
	FDReserve                                int
	HTTPHeaderTimeout, HTTPBodyTimeout       time.Duration

	// Delivery outside the app (the care circle): the SMTP server for
	// email channels, how long an avoid-zone alert waits for the wearer's
	// "I'm okay" before it reaches supporters, and whether webhooks may
	// reach private addresses.
	SMTPAddr, SMTPFrom, SMTPUser, SMTPPassword string
	EscalateAfter                              time.Duration
	PrivateWebhooks                            bool

	// JobsEvery is how often the periodic jobs run (reminders, device
	// alerts, the geofence engine's time rules); OfflineAfter, when
	// positive, is the silence after which a bracelet is offline instead
	// of lifeline.OfflineAfter's rule. Short values are for tests.
	JobsEvery    time.Duration
	OfflineAfter time.Duration
}

// The roles of a node (--role).
const (
	RoleAll    = "all"
	RoleAPI    = "api"
	RoleIngest = "ingest"
)

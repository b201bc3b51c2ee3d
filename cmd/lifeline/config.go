package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"lifeline/api"
	"lifeline/app"
	"lifeline/ingest/natsshard"
	"lifeline/store"
)

// raw holds settings as text until they are parsed into Config.
type raw struct {
	logLevel, sessionIdle, sessionMax, localAccounts, reminderHour string
	timescale                                                      string
	deviceRate, deviceBurst, maxClients, signupLimit               string
	chatTimeout, chatLimit, trustedProxies                         string
	oidcIssuer, oidcClientID, oidcClientSecret, oidcName           string
	escalateAfter, privateWebhooks                                 string
	httpPerAddr, mqttPerAddr, fdReserve, natsShards                string
	headerTimeout, bodyTimeout                                     string
	jobsEvery, offlineAfter                                        string
}

// setting is one configuration value: its flag, its variable, its default.
type setting struct {
	flag, env, def, usage string
	target                *string
}

func settings(c *app.Config, r *raw) []setting {
	return []setting{
		{"http-addr", "LIFELINE_HTTP_ADDR", ":8080", "HTTP listen address for the web app and API (port 0: a free port)", &c.HTTPAddr},
		{"mqtt-addr", "LIFELINE_MQTT_ADDR", ":1883", "MQTT TCP listen address for bracelets (port 0: a free port)", &c.MQTTAddr},
		{"mqtt-ws-addr", "LIFELINE_MQTT_WS_ADDR", ":8083", "MQTT-over-WebSocket listen address (port 0: a free port)", &c.MQTTWSAddr},
		{"data-dir", "LIFELINE_DATA_DIR", "./data", "folder for Lifeline's own data, including the private PostgreSQL cluster under pg/", &c.DataDir},
		{"content-dir", "LIFELINE_CONTENT_DIR", "", "folder of articles, blog posts and statistics loaded at start; empty: the content built into the binary", &c.ContentDir},
		{"database-url", "DATABASE_URL", "", "PostgreSQL/TimescaleDB connection URL; unset: a private cluster under the data dir", &c.DatabaseURL},
		{"timescale", "LIFELINE_TIMESCALE", "auto", "store locations and battery readings in TimescaleDB hypertables (compression, retention): auto (when installed; the private cluster then preloads it), off, or require", &r.timescale},
		{"log-level", "LIFELINE_LOG_LEVEL", "info", "log level: debug, info, warn or error", &r.logLevel},
		{"public-url", "LIFELINE_PUBLIC_URL", "", "the URL people open, e.g. https://lifeline.example.org (links, secure cookies)", &c.PublicURL},
		{"map-tile-url", "LIFELINE_MAP_TILE_URL", "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "map tile URL template ({z}/{x}/{y}); empty: no base map", &c.MapTileURL},
		{"map-attribution", "LIFELINE_MAP_ATTRIBUTION", "© OpenStreetMap contributors", "credit shown on the map, as the tile provider requires", &c.MapCredit},
		{"geocoder-url", "LIFELINE_GEOCODER_URL", "", "Nominatim-compatible search URL for the zone editor's address search, e.g. https://nominatim.openstreetmap.org/search (people's browsers send it what they type; empty: no address search)", &c.GeocoderURL},
		{"session-idle", "LIFELINE_SESSION_IDLE", "168h", "sign out a session unused for this long", &r.sessionIdle},
		{"session-max", "LIFELINE_SESSION_MAX", "720h", "sign out every session this long after sign-in", &r.sessionMax},
		{"role", "LIFELINE_ROLE", app.RoleAll, "what this node runs: all (web app, API and ingest), api (web app and API, no MQTT) or ingest (MQTT ingest; HTTP serves only /healthz, /readyz and /metrics)", &c.Role},
		{"mqtt-external", "LIFELINE_MQTT_EXTERNAL", "", "ingest from an existing MQTT broker (tcp://host:1883, shared subscriptions) or a NATS cluster's MQTT stream (nats://host:4222,…) instead of embedding one", &c.MQTTExternal},
		{"mqtt-external-username", "LIFELINE_MQTT_EXTERNAL_USERNAME", defaultWorkerID(), "this ingest worker's username on the external broker, one per worker", &c.MQTTExternalUser},
		{"mqtt-external-password", "LIFELINE_MQTT_EXTERNAL_PASSWORD", "", "password on the external broker (prefer the variable: flags show in ps)", &c.MQTTExternalPass},
		{"mqtt-external-client-id", "LIFELINE_MQTT_EXTERNAL_CLIENT_ID", "", "client ID of this worker (default: its username), stable across restarts", &c.MQTTExternalID},
		{"nats-auth-issuer-seed", "LIFELINE_NATS_AUTH_ISSUER_SEED", "", "on a worker of a NATS cluster (--mqtt-external nats://…): answer the cluster's auth callout for devices, signing with this account nkey seed (SA…) whose public key the nodes' auth_callout names as issuer (empty: off; prefer the variable)", &c.NATSAuthIssuerSeed},
		{"nats-system-user", "LIFELINE_NATS_SYSTEM_USER", "", "on a worker answering the auth callout (--nats-auth-issuer-seed): a user of the NATS nodes' system account, with which it closes a revoked device's connections on every node at once (empty: off, and a revoked device stays connected until its next CONNECT)", &c.NATSSystemUser},
		{"nats-shards", "LIFELINE_NATS_SHARDS", "1", "on a worker of a NATS cluster: how many accounts the devices are spread over (LIFELINE, LIFELINE_1, …), each with a message stream and a leader of its own, so one leader's death reaches one shard; every worker and the nodes' accounts must agree (docs/scaling.md)", &r.natsShards},
		{"nats-system-password", "LIFELINE_NATS_SYSTEM_PASSWORD", "", "password of --nats-system-user (prefer the variable: flags show in ps)", &c.NATSSystemPassword},
		{"mqtt-auth-secret", "LIFELINE_MQTT_AUTH_SECRET", "", "shared secret of the outside broker's HTTP authentication of bracelets (POST /internal/mqtt/auth; empty: off; prefer the variable)", &c.MQTTAuthSecret},
		{"mqtt-tls-cert", "LIFELINE_MQTT_TLS_CERT", "", "PEM certificate file: serve MQTT (TCP and WebSocket) over TLS", &c.MQTTTLSCert},
		{"mqtt-tls-key", "LIFELINE_MQTT_TLS_KEY", "", "PEM private key file for --mqtt-tls-cert", &c.MQTTTLSKey},
		{"device-rate", "LIFELINE_DEVICE_RATE", "5", "publishes per second each bracelet may sustain (0: no limit)", &r.deviceRate},
		{"device-burst", "LIFELINE_DEVICE_BURST", "100", "publishes a bracelet may send at once, e.g. after being offline", &r.deviceBurst},
		{"mqtt-max-clients", "LIFELINE_MQTT_MAX_CLIENTS", "0", "most concurrent MQTT connections (0: no cap)", &r.maxClients},
		{"mqtt-conns-per-address", "LIFELINE_MQTT_CONNS_PER_ADDRESS", "1000", "most MQTT connections (TCP and WebSocket) one client address may hold open; bracelets behind one NAT share it (0: no cap)", &r.mqttPerAddr},
		{"http-conns-per-address", "LIFELINE_HTTP_CONNS_PER_ADDRESS", "256", "most HTTP connections one client address may hold open; --trusted-proxies are not counted (0: no cap)", &r.httpPerAddr},
		{"http-header-timeout", "LIFELINE_HTTP_HEADER_TIMEOUT", "10s", "time a request's headers may take to arrive", &r.headerTimeout},
		{"http-body-timeout", "LIFELINE_HTTP_BODY_TIMEOUT", "60s", "time a request's body may take to arrive once its headers have (a body that trickles is cut off)", &r.bodyTimeout},
		{"fd-reserve", "LIFELINE_FD_RESERVE", "256", "file descriptors connections leave free for the database and the broker's own needs", &r.fdReserve},
		{"reminder-hour", "LIFELINE_REMINDER_HOUR", "20", "local hour (0-23) after which a missing check-in gets a gentle reminder", &r.reminderHour},
		{"signup-limit", "LIFELINE_SIGNUP_LIMIT", "20", "accounts one client address may create per 15 minutes", &r.signupLimit},
		{"trusted-proxies", "LIFELINE_TRUSTED_PROXIES", "", "comma-separated IPs and CIDR prefixes of reverse proxies whose X-Forwarded-For names the client (empty: the header is ignored)", &r.trustedProxies},
		{"chat-url", "LIFELINE_CHAT_URL", "", "OpenAI-compatible API for the support chat (https://api.openai.com/v1, http://localhost:11434/v1); empty: the built-in assistant", &c.ChatURL},
		{"chat-model", "LIFELINE_CHAT_MODEL", "", "model name at --chat-url", &c.ChatModel},
		{"chat-api-key", "LIFELINE_CHAT_API_KEY", "", "API key for --chat-url (prefer the variable: flags show in ps)", &c.ChatAPIKey},
		{"chat-timeout", "LIFELINE_CHAT_TIMEOUT", "30s", "time limit of one chat request to the API", &r.chatTimeout},
		{"chat-limit", "LIFELINE_CHAT_LIMIT", "20", "chat messages a person may send per minute", &r.chatLimit},
		{"local-accounts", "LIFELINE_LOCAL_ACCOUNTS", "true", "allow email and password accounts (false: OpenID Connect only)", &r.localAccounts},
		{"oidc-issuer", "LIFELINE_OIDC_ISSUER", "", "OpenID Connect issuer URL; enables single sign-on", &r.oidcIssuer},
		{"oidc-client-id", "LIFELINE_OIDC_CLIENT_ID", "", "OpenID Connect client ID", &r.oidcClientID},
		{"oidc-client-secret", "LIFELINE_OIDC_CLIENT_SECRET", "", "OpenID Connect client secret (prefer the variable: flags show in ps)", &r.oidcClientSecret},
		{"oidc-name", "LIFELINE_OIDC_NAME", "single sign-on", "provider name on the sign-in button", &r.oidcName},
		{"smtp-server", "LIFELINE_SMTP_SERVER", "", "SMTP server (host:port) for email alerts; STARTTLS when offered; empty: email channels fail with a message saying so", &c.SMTPAddr},
		{"smtp-from", "LIFELINE_SMTP_FROM", "lifeline@localhost", "sender address of email alerts", &c.SMTPFrom},
		{"smtp-username", "LIFELINE_SMTP_USERNAME", "", "SMTP user name (PLAIN authentication, over TLS only)", &c.SMTPUser},
		{"smtp-password", "LIFELINE_SMTP_PASSWORD", "", "SMTP password (prefer the variable: flags show in ps)", &c.SMTPPassword},
		{"escalate-after", "LIFELINE_ESCALATE_AFTER", "10m", "how long an avoid-zone alert waits for the wearer's \"I'm okay\" before it reaches their supporters", &r.escalateAfter},
		{"private-webhooks", "LIFELINE_PRIVATE_WEBHOOKS", "false", "let webhooks reach loopback and private addresses (a self-hosted ntfy on the same network)", &r.privateWebhooks},
		{"jobs-every", "LIFELINE_JOBS_EVERY", "1m", "how often each node runs the periodic jobs: check-in reminders, bracelet alerts raised and resolved, the geofence engine's dwell and schedule rules, weekly digests", &r.jobsEvery},
		{"offline-after", "LIFELINE_OFFLINE_AFTER", "", "silence after which a bracelet counts as offline; empty: 4 of its reporting intervals, at least 2 minutes", &r.offlineAfter},
	}
}

// ParseConfig reads args and the environment through getenv.
func ParseConfig(name string, args []string, getenv func(string) string, usageOut io.Writer) (app.Config, error) {
	var c app.Config
	var r raw
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(usageOut)
	settings := settings(&c, &r)
	for _, s := range settings {
		def := s.def
		if v := getenv(s.env); v != "" {
			def = v
		}
		fs.StringVar(s.target, s.flag, def, fmt.Sprintf("%s (env %s)", s.usage, s.env))
	}
	fs.Usage = func() {
		fmt.Fprintf(usageOut, "Usage: lifeline %s [flags]\n\nFlags (each also read from its environment variable):\n", name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q (see lifeline %s --help)", fs.Arg(0), name)
	}
	if err := c.LogLevel.UnmarshalText([]byte(r.logLevel)); err != nil {
		return c, fmt.Errorf("invalid log level %q: want debug, info, warn or error", r.logLevel)
	}
	var err error
	if c.Timescale, err = store.ParseTimescale(r.timescale); err != nil {
		return c, err
	}
	if c.SessionIdle, err = positiveDuration("session-idle", r.sessionIdle); err != nil {
		return c, err
	}
	if c.SessionMax, err = positiveDuration("session-max", r.sessionMax); err != nil {
		return c, err
	}
	if c.ReminderHour, err = strconv.Atoi(r.reminderHour); err != nil || c.ReminderHour < 0 || c.ReminderHour > 23 {
		return c, fmt.Errorf("invalid --reminder-hour %q: want a whole hour from 0 to 23", r.reminderHour)
	}
	if c.DeviceRate.PerSecond, err = strconv.ParseFloat(r.deviceRate, 64); err != nil || c.DeviceRate.PerSecond < 0 {
		return c, fmt.Errorf("invalid --device-rate %q: want a number of publishes per second, 0 for no limit", r.deviceRate)
	}
	if c.DeviceRate.Burst, err = strconv.Atoi(r.deviceBurst); err != nil || c.DeviceRate.Burst < 1 {
		return c, fmt.Errorf("invalid --device-burst %q: want a whole number of 1 or more", r.deviceBurst)
	}
	if c.ChatTimeout, err = positiveDuration("chat-timeout", r.chatTimeout); err != nil {
		return c, err
	}
	if c.ChatLimit, err = strconv.Atoi(r.chatLimit); err != nil || c.ChatLimit < 1 {
		return c, fmt.Errorf("invalid --chat-limit %q: want a whole number of 1 or more", r.chatLimit)
	}
	if c.ChatURL != "" && c.ChatModel == "" {
		return c, fmt.Errorf("--chat-url needs --chat-model (the model name that API serves)")
	}
	if c.SignupLimit, err = strconv.Atoi(r.signupLimit); err != nil || c.SignupLimit < 1 {
		return c, fmt.Errorf("invalid --signup-limit %q: want a whole number of 1 or more", r.signupLimit)
	}
	if c.TrustedProxies, err = api.ParseTrustedProxies(r.trustedProxies); err != nil {
		return c, fmt.Errorf("invalid --trusted-proxies: %w", err)
	}
	if c.EscalateAfter, err = positiveDuration("escalate-after", r.escalateAfter); err != nil {
		return c, err
	}
	if c.JobsEvery, err = positiveDuration("jobs-every", r.jobsEvery); err != nil {
		return c, err
	}
	if r.offlineAfter != "" {
		if c.OfflineAfter, err = positiveDuration("offline-after", r.offlineAfter); err != nil {
			return c, err
		}
	}
	if c.PrivateWebhooks, err = strconv.ParseBool(r.privateWebhooks); err != nil {
		return c, fmt.Errorf("invalid --private-webhooks %q: want true or false", r.privateWebhooks)
	}
	if c.MQTTMaxClients, err = strconv.Atoi(r.maxClients); err != nil || c.MQTTMaxClients < 0 {
		return c, fmt.Errorf("invalid --mqtt-max-clients %q: want a whole number, 0 for no cap", r.maxClients)
	}
	if c.MQTTMaxConnsPerAddr, err = strconv.Atoi(r.mqttPerAddr); err != nil || c.MQTTMaxConnsPerAddr < 0 {
		return c, fmt.Errorf("invalid --mqtt-conns-per-address %q: want a whole number, 0 for no cap", r.mqttPerAddr)
	}
	if c.HTTPMaxConnsPerAddr, err = strconv.Atoi(r.httpPerAddr); err != nil || c.HTTPMaxConnsPerAddr < 0 {
		return c, fmt.Errorf("invalid --http-conns-per-address %q: want a whole number, 0 for no cap", r.httpPerAddr)
	}
	if c.NATSShards, err = strconv.Atoi(r.natsShards); err != nil || c.NATSShards < 1 || c.NATSShards > natsshard.Max {
		return c, fmt.Errorf("invalid --nats-shards %q: want a whole number from 1 to %d", r.natsShards, natsshard.Max)
	}
	if c.NATSShards > 1 && !strings.HasPrefix(c.MQTTExternal, "nats://") {
		return c, fmt.Errorf("--nats-shards spreads the devices of a NATS cluster over accounts: it needs --mqtt-external nats://…")
	}
	if c.FDReserve, err = strconv.Atoi(r.fdReserve); err != nil || c.FDReserve < 1 {
		return c, fmt.Errorf("invalid --fd-reserve %q: want a whole number of 1 or more", r.fdReserve)
	}
	if c.HTTPHeaderTimeout, err = positiveDuration("http-header-timeout", r.headerTimeout); err != nil {
		return c, err
	}
	if c.HTTPBodyTimeout, err = positiveDuration("http-body-timeout", r.bodyTimeout); err != nil {
		return c, err
	}
	switch c.Role {
	case app.RoleAll, app.RoleIngest:
	case app.RoleAPI:
		if c.MQTTExternal != "" {
			return c, fmt.Errorf("--role=api does not ingest: drop --mqtt-external, or run this node as --role=ingest or all")
		}
	default:
		return c, fmt.Errorf("invalid --role %q: want all, api or ingest", c.Role)
	}
	if c.NATSAuthIssuerSeed != "" && !strings.HasPrefix(c.MQTTExternal, "nats://") {
		return c, fmt.Errorf("--nats-auth-issuer-seed answers a NATS cluster's auth callout: it needs --mqtt-external nats://…")
	}
	if c.NATSSystemUser != "" && c.NATSAuthIssuerSeed == "" {
		return c, fmt.Errorf("--nats-system-user closes revoked devices' connections, which the auth callout then refuses: it needs --nats-auth-issuer-seed")
	}
	if c.NATSSystemUser != "" && c.NATSSystemPassword == "" {
		return c, fmt.Errorf("--nats-system-user needs --nats-system-password (better LIFELINE_NATS_SYSTEM_PASSWORD)")
	}
	if c.MQTTExternalID == "" {
		c.MQTTExternalID = c.MQTTExternalUser
	}
	if (c.MQTTTLSCert == "") != (c.MQTTTLSKey == "") {
		return c, fmt.Errorf("MQTT over TLS needs both --mqtt-tls-cert and --mqtt-tls-key")
	}
	if c.LocalAccounts, err = strconv.ParseBool(r.localAccounts); err != nil {
		return c, fmt.Errorf("invalid --local-accounts %q: want true or false", r.localAccounts)
	}
	if r.oidcIssuer != "" || r.oidcClientID != "" {
		if r.oidcIssuer == "" || r.oidcClientID == "" {
			return c, fmt.Errorf("OpenID Connect needs both --oidc-issuer and --oidc-client-id")
		}
		c.OIDC = &api.OIDCConfig{Issuer: r.oidcIssuer, ClientID: r.oidcClientID, ClientSecret: r.oidcClientSecret, Name: r.oidcName}
	}
	if !c.LocalAccounts && c.OIDC == nil {
		return c, fmt.Errorf("--local-accounts=false needs an OpenID Connect provider (--oidc-issuer), or nobody could sign in")
	}
	for _, s := range settings {
		if strings.HasSuffix(s.flag, "-addr") {
			if _, _, err := net.SplitHostPort(*s.target); err != nil {
				return c, fmt.Errorf("invalid --%s %q: want HOST:PORT or :PORT", s.flag, *s.target)
			}
		}
	}
	if c.PublicURL != "" {
		u, err := url.Parse(c.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return c, fmt.Errorf("invalid --public-url %q: want an absolute http:// or https:// URL", c.PublicURL)
		}
		c.PublicURL = strings.TrimSuffix(c.PublicURL, "/")
	}
	if c.GeocoderURL != "" {
		u, err := url.Parse(c.GeocoderURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Fragment != "" || u.User != nil {
			return c, fmt.Errorf("invalid --geocoder-url %q: want an absolute http:// or https:// URL such as https://nominatim.openstreetmap.org/search", c.GeocoderURL)
		}
	}
	if strings.TrimSpace(c.DataDir) == "" {
		return c, fmt.Errorf("--data-dir must not be empty")
	}
	return c, nil
}

// defaultWorkerID names an ingest worker after its host, so a restarted
// worker resumes its broker session.
func defaultWorkerID() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "node"
	}
	return "lifeline-ingest-" + host
}

func positiveDuration(name, value string) (time.Duration, error) {
	d, err := time.ParseDuration(value)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("invalid --%s %q: want a positive duration such as 30m or 168h", name, value)
	}
	return d, nil
}

package main

import (
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"lifeline/store"

	"lifeline/app"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		check   func(t *testing.T, c app.Config)
		wantErr string
	}{
		{name: "defaults", check: func(t *testing.T, c app.Config) {
			if c.HTTPAddr != ":8080" || c.MQTTAddr != ":1883" || c.MQTTWSAddr != ":8083" || c.DataDir != "./data" || c.DatabaseURL != "" || c.LogLevel != slog.LevelInfo {
				t.Errorf("defaults = %+v", c)
			}
		}},
		{name: "environment sets values", env: map[string]string{"LIFELINE_HTTP_ADDR": "127.0.0.1:9000", "DATABASE_URL": "postgres://db/x", "LIFELINE_LOG_LEVEL": "debug", "LIFELINE_PUBLIC_URL": "https://lifeline.example.org/"},
			check: func(t *testing.T, c app.Config) {
				if c.HTTPAddr != "127.0.0.1:9000" || c.DatabaseURL != "postgres://db/x" || c.LogLevel != slog.LevelDebug || c.PublicURL != "https://lifeline.example.org" {
					t.Errorf("config = %+v", c)
				}
			}},
		{name: "a flag wins over its variable", args: []string{"--mqtt-addr", ":0"}, env: map[string]string{"LIFELINE_MQTT_ADDR": ":1999"},
			check: func(t *testing.T, c app.Config) {
				if c.MQTTAddr != ":0" {
					t.Errorf("MQTTAddr = %q, want :0", c.MQTTAddr)
				}
			}},
		{name: "session lifetimes and OIDC", env: map[string]string{"LIFELINE_SESSION_IDLE": "30m", "LIFELINE_OIDC_ISSUER": "https://idp.example", "LIFELINE_OIDC_CLIENT_ID": "lifeline", "LIFELINE_LOCAL_ACCOUNTS": "false"},
			check: func(t *testing.T, c app.Config) {
				if c.SessionIdle != 30*time.Minute || c.SessionMax != 720*time.Hour || c.LocalAccounts || c.OIDC == nil || c.OIDC.Issuer != "https://idp.example" {
					t.Errorf("config = %+v", c)
				}
			}},
		{name: "roles", env: map[string]string{"LIFELINE_ROLE": "ingest", "LIFELINE_MQTT_EXTERNAL": "tcp://emqx:1883"},
			check: func(t *testing.T, c app.Config) {
				if c.Role != app.RoleIngest || c.MQTTExternal != "tcp://emqx:1883" {
					t.Errorf("config = %+v", c)
				}
			}},
		{name: "the default role runs everything", check: func(t *testing.T, c app.Config) {
			if c.Role != app.RoleAll {
				t.Errorf("Role = %q, want all", c.Role)
			}
		}},
		{name: "TimescaleDB when installed, by default", check: func(t *testing.T, c app.Config) {
			if c.Timescale != store.TimescaleAuto {
				t.Errorf("Timescale = %v, want auto", c.Timescale)
			}
		}},
		{name: "TimescaleDB switched off", env: map[string]string{"LIFELINE_TIMESCALE": "off"}, check: func(t *testing.T, c app.Config) {
			if c.Timescale != store.TimescaleOff {
				t.Errorf("Timescale = %v, want off", c.Timescale)
			}
		}},
		{name: "TimescaleDB required", args: []string{"--timescale", "require"}, check: func(t *testing.T, c app.Config) {
			if c.Timescale != store.TimescaleRequire {
				t.Errorf("Timescale = %v, want require", c.Timescale)
			}
		}},
		{name: "unknown TimescaleDB choice", args: []string{"--timescale", "yes"}, wantErr: `invalid --timescale "yes": want auto, off or require`},
		{name: "unknown role", args: []string{"--role", "worker"}, wantErr: `invalid --role "worker": want all, api or ingest`},
		{name: "an API node does not ingest", args: []string{"--role", "api", "--mqtt-external", "tcp://emqx:1883"}, wantErr: "--role=api does not ingest"},
		{name: "the NATS auth callout needs a NATS cluster", args: []string{"--role", "ingest", "--mqtt-external", "tcp://emqx:1883", "--nats-auth-issuer-seed", "SAxxx"}, wantErr: "needs --mqtt-external nats://"},
		{name: "a NATS cluster's devices spread over shards", args: []string{"--role", "ingest", "--mqtt-external", "nats://n1:4222", "--nats-shards", "3"}, check: func(t *testing.T, c app.Config) {
			if c.NATSShards != 3 {
				t.Errorf("NATSShards = %d, want 3", c.NATSShards)
			}
		}},
		{name: "one shard by default", check: func(t *testing.T, c app.Config) {
			if c.NATSShards != 1 {
				t.Errorf("NATSShards = %d, want 1", c.NATSShards)
			}
		}},
		{name: "shards are a NATS cluster's", args: []string{"--role", "ingest", "--mqtt-external", "tcp://emqx:1883", "--nats-shards", "2"}, wantErr: "--nats-shards spreads the devices of a NATS cluster over accounts: it needs --mqtt-external nats://"},
		{name: "no shard", args: []string{"--mqtt-external", "nats://n1:4222", "--nats-shards", "0"}, wantErr: `invalid --nats-shards "0": want a whole number from 1 to 64`},
		{name: "too many shards", env: map[string]string{"LIFELINE_NATS_SHARDS": "65"}, wantErr: `invalid --nats-shards "65"`},
		{name: "closing revoked devices' connections needs the callout", args: []string{"--role", "ingest", "--mqtt-external", "nats://n1:4222", "--nats-system-user", "lifeline-system"},
			env: map[string]string{"LIFELINE_NATS_SYSTEM_PASSWORD": "secret"}, wantErr: "--nats-system-user closes revoked devices' connections, which the auth callout then refuses: it needs --nats-auth-issuer-seed"},
		{name: "the system account's user needs its password", args: []string{"--role", "ingest", "--mqtt-external", "nats://n1:4222", "--nats-system-user", "lifeline-system"},
			env: map[string]string{"LIFELINE_NATS_AUTH_ISSUER_SEED": "SAxxx"}, wantErr: "--nats-system-user needs --nats-system-password"},
		{name: "a worker closing revoked devices' connections", args: []string{"--role", "ingest", "--mqtt-external", "nats://n1:4222"},
			env: map[string]string{"LIFELINE_NATS_AUTH_ISSUER_SEED": "SAxxx", "LIFELINE_NATS_SYSTEM_USER": "lifeline-system", "LIFELINE_NATS_SYSTEM_PASSWORD": "secret"},
			check: func(t *testing.T, c app.Config) {
				if c.NATSSystemUser != "lifeline-system" || c.NATSSystemPassword != "secret" {
					t.Errorf("system user = %q, password %q", c.NATSSystemUser, c.NATSSystemPassword)
				}
			}},
		{name: "chat URL without a model", env: map[string]string{"LIFELINE_CHAT_URL": "http://localhost:11434/v1"}, wantErr: "--chat-url needs --chat-model"},
		{name: "bad reminder hour", args: []string{"--reminder-hour", "24"}, wantErr: `invalid --reminder-hour "24"`},
		{name: "trusted proxies", env: map[string]string{"LIFELINE_TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.7"},
			check: func(t *testing.T, c app.Config) {
				if fmt.Sprint(c.TrustedProxies) != "[10.0.0.0/8 192.0.2.7/32]" {
					t.Errorf("TrustedProxies = %v", c.TrustedProxies)
				}
			}},
		{name: "the gate's defaults", check: func(t *testing.T, c app.Config) {
			if c.HTTPMaxConnsPerAddr != 256 || c.MQTTMaxConnsPerAddr != 1000 || c.FDReserve != 256 || c.HTTPHeaderTimeout != 10*time.Second || c.HTTPBodyTimeout != time.Minute {
				t.Errorf("gate = %d %d %d %s %s", c.HTTPMaxConnsPerAddr, c.MQTTMaxConnsPerAddr, c.FDReserve, c.HTTPHeaderTimeout, c.HTTPBodyTimeout)
			}
		}},
		{name: "per-address caps off", env: map[string]string{"LIFELINE_HTTP_CONNS_PER_ADDRESS": "0"}, args: []string{"--mqtt-conns-per-address", "0", "--http-body-timeout", "5s"},
			check: func(t *testing.T, c app.Config) {
				if c.HTTPMaxConnsPerAddr != 0 || c.MQTTMaxConnsPerAddr != 0 || c.HTTPBodyTimeout != 5*time.Second {
					t.Errorf("config = %+v", c)
				}
			}},
		{name: "no reserve of descriptors", args: []string{"--fd-reserve", "0"}, wantErr: `invalid --fd-reserve "0"`},
		{name: "a negative cap", args: []string{"--http-conns-per-address", "-1"}, wantErr: `invalid --http-conns-per-address "-1"`},
		{name: "a trusted proxy that is no address", args: []string{"--trusted-proxies", "proxy.internal"}, wantErr: `invalid --trusted-proxies: "proxy.internal" is not an IP address or CIDR prefix`},
		{name: "bad session lifetime", args: []string{"--session-max", "-1h"}, wantErr: `invalid --session-max "-1h"`},
		{name: "OIDC issuer without client", env: map[string]string{"LIFELINE_OIDC_ISSUER": "https://idp.example"}, wantErr: "needs both --oidc-issuer and --oidc-client-id"},
		{name: "no way to sign in", args: []string{"--local-accounts=false"}, wantErr: "nobody could sign in"},
		{name: "bad log level", args: []string{"--log-level", "loud"}, wantErr: `invalid log level "loud"`},
		{name: "bad address", env: map[string]string{"LIFELINE_HTTP_ADDR": "8080"}, wantErr: `invalid --http-addr "8080"`},
		{name: "no address search by default", check: func(t *testing.T, c app.Config) {
			if c.GeocoderURL != "" {
				t.Errorf("GeocoderURL = %q, want none", c.GeocoderURL)
			}
		}},
		{name: "a geocoder", env: map[string]string{"LIFELINE_GEOCODER_URL": "https://nominatim.example.org/search?countrycodes=us"},
			check: func(t *testing.T, c app.Config) {
				if c.GeocoderURL != "https://nominatim.example.org/search?countrycodes=us" {
					t.Errorf("GeocoderURL = %q", c.GeocoderURL)
				}
			}},
		{name: "a relative geocoder URL", args: []string{"--geocoder-url", "nominatim.example.org/search"}, wantErr: `invalid --geocoder-url "nominatim.example.org/search"`},
		{name: "a geocoder URL with credentials", args: []string{"--geocoder-url", "https://me:secret@geo.example/search"}, wantErr: "invalid --geocoder-url"},
		{name: "a geocoder that is not HTTP", args: []string{"--geocoder-url", "ftp://geo.example/search"}, wantErr: "invalid --geocoder-url"},
		{name: "relative public URL", args: []string{"--public-url", "lifeline.example.org"}, wantErr: "want an absolute http:// or https:// URL"},
		{name: "stray argument", args: []string{"now"}, wantErr: `unexpected argument "now"`},
		{name: "unknown flag", args: []string{"--colour"}, wantErr: "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseConfig("serve", tt.args, envOf(tt.env), io.Discard)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want it to contain %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, c)
		})
	}
}

func TestUnknownCommand(t *testing.T) {
	var out strings.Builder
	err := run(t.Context(), []string{"serv"}, envOf(nil), &out, &out)
	if err == nil || !strings.Contains(err.Error(), `unknown command "serv"`) || !strings.Contains(out.String(), "Usage:") {
		t.Fatalf("error = %v, output %q; want the unknown command named and the usage", err, out.String())
	}
}

package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strings"
)

// Config is the whole configuration of `lifeline serve`, read once from
// flags and LIFELINE_* environment variables (a flag wins over its variable).
type Config struct {
	HTTPAddr    string
	MQTTAddr    string
	MQTTWSAddr  string
	DataDir     string
	DatabaseURL string
	LogLevel    slog.Level
	PublicURL   string
}

// setting is one configuration value: its flag, its variable, its default.
type setting struct {
	flag, env, def, usage string
	target            *string
}

func (c *Config) settings(logLevel *string) []setting {
	return []setting{
		{"http-addr", "LIFELINE_HTTP_ADDR", ":8080", "HTTP listen address for the web app and API (port 0: a free port)", &c.HTTPAddr},
		{"mqtt-addr", "LIFELINE_MQTT_ADDR", ":1883", "MQTT TCP listen address for bracelets (port 0: a free port)", &c.MQTTAddr},
		{"mqtt-ws-addr", "LIFELINE_MQTT_WS_ADDR", ":8083", "MQTT-over-WebSocket listen address (port 0: a free port)", &c.MQTTWSAddr},
		{"data-dir", "LIFELINE_DATA_DIR", "./data", "folder for Lifeline's own data, including the private PostgreSQL cluster under pg/", &c.DataDir},
		{"database-url", "DATABASE_URL", "", "PostgreSQL/TimescaleDB connection URL; unset: a private cluster under the data dir", &c.DatabaseURL},
		{"log-level", "LIFELINE_LOG_LEVEL", "info", "log level: debug, info, warn or error", logLevel},
		{"public-url", "LIFELINE_PUBLIC_URL", "", "the URL people open, e.g. https://lifeline.example.org (links, secure cookies)", &c.PublicURL},
	}
}

// ParseConfig reads args and the environment through getenv.
func ParseConfig(name string, args []string, getenv func(string) string, usageOut io.Writer) (Config, error) {
	var c Config
	var logLevel string
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(usageOut)
	settings := c.settings(&logLevel)
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
	if err := c.LogLevel.UnmarshalText([]byte(logLevel)); err != nil {
		return c, fmt.Errorf("invalid log level %q: want debug, info, warn or error", logLevel)
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
	if strings.TrimSpace(c.DataDir) == "" {
		return c, fmt.Errorf("--data-dir must not be empty")
	}
	return c, nil
}

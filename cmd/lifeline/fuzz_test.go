package main

import (
	"io"
	"strings"
	"testing"
)

// FuzzParseConfig: any flags and environment values give a Config or an
// error, never a panic (the operator's input is outside input too).
func FuzzParseConfig(f *testing.F) {
	f.Add("--http-addr :8080", "")
	f.Add("--session-idle -5m", "0")
	f.Add("--public-url ://x --reminder-hour 25", "not a number")
	f.Add("--unknown-flag", "https://[::1")
	f.Add("--geocoder-url https://u:p@geo.example/search#x", "http://")
	f.Fuzz(func(t *testing.T, args, env string) {
		getenv := func(string) string { return env }
		_, _ = ParseConfig("serve", strings.Fields(args), getenv, io.Discard)
	})
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Config is one run of the simulator: the command-line flags, or what a
// test sets directly.
type Config struct {
	// The protocol, and the broker (or, for the HTTP protocols, the API).
	Protocol           protocol
	Broker             string
	CAFile             string
	Insecure           bool
	QoS                int
	ConfigQoS          int
	Inflight           int
	KeepAlive          time.Duration
	ConnectTimeout     time.Duration
	ConnectConcurrency int
	// Lean: raw-socket devices for idle hordes (lean.go); LocalAddrs: the
	// source addresses connections are dialled from, in turn.
	Lean       bool
	LocalAddrs []string
	LatencyFor time.Duration
	// LatencyWindows: latency also per consecutive window of this length
	// after every device connected (0: off).
	LatencyWindows time.Duration

	// The devices: from a CSV file, paired through the API, or (tests) given.
	DevicesFile string
	Count       int
	Provision   bool
	API         string
	Email       string
	Password    string
	Name        string
	Save        string
	Credentials []credential

	// What the devices do.
	Scenario     string
	Interval     time.Duration
	Rate         float64 // total fixes per second; 0: use Interval
	MaxRate      bool    // as fast as --inflight allows
	Jitter       float64
	FollowConfig bool
	Lat, Lon     float64
	Spread       float64
	Radius       float64
	Speed        float64
	RouteFile    string
	Target       *target // approach: an explicit point
	Zone         string  // approach: a zone of the user's, by name
	ApproachFrom float64
	Dwell        time.Duration
	OfflineAfter time.Duration
	OfflineFor   time.Duration
	Flash        int
	Batch        int
	Skew         time.Duration
	FuzzRate     float64
	BatteryEvery time.Duration
	Drain        float64
	ChargeRate   float64
	Seed         uint64

	// The run.
	Duration     time.Duration
	DrainTimeout time.Duration
	Verify       bool
	SummaryJSON  string
	Quiet        bool
}

// defaultConfig is what the flags default to.
func defaultConfig() Config {
	return Config{
		Protocol: protoBracelet, Broker: "tcp://localhost:1883", QoS: 1, Inflight: 1, KeepAlive: 60 * time.Second,
		ConnectTimeout: 15 * time.Second, ConnectConcurrency: 50,
		API: "http://localhost:8080", Name: "Simulated bracelet",
		Scenario: scenarioWander, Interval: 30 * time.Second, Jitter: 0.2, FollowConfig: true,
		Lat: 37.7749, Lon: -122.4194, Spread: 2000, Radius: 1000, Speed: 1.4,
		ApproachFrom: 1000, Dwell: time.Minute, OfflineAfter: 2 * time.Minute, OfflineFor: time.Minute,
		Flash: 5000, Batch: 500, FuzzRate: 0.5, BatteryEvery: 5 * time.Minute, Drain: 0.05, ChargeRate: 1.5,
		DrainTimeout: 15 * time.Second,
	}
}

// usageError is bad input: the command exits with status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

const usageHead = `firmware-sim: simulated Lifeline bracelets, for testers and for load.

Each device is its own MQTT connection (client ID = username = device ID,
password = its token, persistent session) speaking the bracelet wire
contract v1: fixes on bracelets/{id}/position, battery readings on
bracelets/{id}/battery, and it follows interval_s from its retained
bracelets/{id}/config. With --protocol the devices are phones speaking an
app's protocol instead: OwnTracks over MQTT, or OwnTracks, Overland or
OsmAnd over HTTP to --api (devices paired with --kind phone).

Usage:
  go run ./firmware-sim --devices devices.csv [flags]
  go run ./firmware-sim --provision --api URL --email EMAIL --password PW --count N [flags]

Examples:
  lifeline devices add --user me@example.com --count 3 --out devices.csv
  go run ./firmware-sim --devices devices.csv --interval 5s
  go run ./firmware-sim --devices devices.csv --scenario offline --offline-after 30s --offline-for 1m
  go run ./firmware-sim --devices devices.csv --rate 5000 --inflight 4 --duration 60s --summary-json run.json

While running it prints a progress line on stderr every second; at the end a
summary on stdout. Exit status: 0 done, 1 --verify found an acknowledged fix
missing (or the run failed), 2 bad input (flags, files, URLs, an unreachable
broker or API, refused credentials).
`

// flagGroups orders --help; every flag appears in exactly one group.
var flagGroups = []struct {
	title string
	names []string
}{
	{"Broker", []string{"protocol", "broker", "ca", "insecure", "qos", "config-qos", "inflight", "keepalive", "connect-timeout", "connect-concurrency", "lean", "local-addrs"}},
	{"Devices", []string{"devices", "count", "provision", "api", "email", "password", "name", "save"}},
	{"Reporting", []string{"interval", "rate", "jitter", "follow-config", "battery-every", "drain", "charge-rate", "seed"}},
	{"Scenario", []string{"scenario", "lat", "lon", "spread", "radius", "speed", "route", "target-lat", "target-lon", "zone", "approach-from", "dwell", "offline-after", "offline-for", "flash", "batch", "skew", "fuzz-rate"}},
	{"Run", []string{"duration", "drain-timeout", "verify", "summary-json", "quiet", "latency-for", "latency-windows"}},
}

// parseFlags turns the command line into a Config. --help returns
// flag.ErrHelp after printing the usage to stdout.
func parseFlags(args []string, getenv func(string) string, stdout io.Writer) (Config, error) {
	c := defaultConfig()
	fs, rate, targetLat, targetLon := defineFlags(&c)
	fs.Usage = func() {} // a bad flag is a one-line error; --help prints the usage below
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(stdout, fs)
			return c, err
		}
		return c, usagef("%v (see --help)", err)
	}
	if fs.NArg() > 0 {
		return c, usagef("unexpected argument %q (see --help)", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return c, c.applyFlags(set, *rate, *targetLat, *targetLon, getenv)
}

// defineFlags binds the flags to c; the strings are the flags parsed later.
func defineFlags(c *Config) (fs *flag.FlagSet, rate, targetLat, targetLon *string) {
	fs = flag.NewFlagSet("firmware-sim", flag.ContinueOnError)
	fs.SetOutput(io.Discard)

	fs.Var(&c.Protocol, "protocol", "the `protocol` the devices speak: bracelet (the wire contract), owntracks-mqtt (OwnTracks on the broker), or owntracks-http, overland, osmand (the phone apps' HTTP protocols, sent to --api over kept-alive connections); phone protocols need devices paired with --kind phone")
	fs.StringVar(&c.Broker, "broker", c.Broker, "MQTT broker `URL`: tcp://HOST:PORT, ws://HOST:PORT (MQTT over WebSocket), or ssl://, wss:// for TLS; a comma-separated list for a cluster's nodes (one scheme): each device starts at its own node in turn and fails over to the next when its node dies")
	fs.StringVar(&c.CAFile, "ca", "", "PEM `file` of the CA that signed the broker's TLS certificate (default: the system's)")
	fs.BoolVar(&c.Insecure, "insecure", false, "do not verify the broker's TLS certificate (test set-ups only)")
	fs.IntVar(&c.QoS, "qos", c.QoS, "MQTT QoS of fixes and battery packets, 0 or 1; with 0 nothing is acknowledged, so \"acked\" counts packets written")
	fs.IntVar(&c.ConfigQoS, "config-qos", c.ConfigQoS, "QoS of the subscription to bracelets/{id}/config, 0 or 1: the retained config arrives at every subscribe either way, and on a NATS cluster a QoS 1 subscription is a replicated JetStream consumer per device (docs/wire-contract.md)")
	fs.IntVar(&c.Inflight, "inflight", c.Inflight, "publishes each device keeps waiting for their PUBACK at once (a real bracelet: 1; raise it for load)")
	fs.DurationVar(&c.KeepAlive, "keepalive", c.KeepAlive, "MQTT keep-alive interval")
	fs.DurationVar(&c.ConnectTimeout, "connect-timeout", c.ConnectTimeout, "how long one connection attempt may take")
	fs.IntVar(&c.ConnectConcurrency, "connect-concurrency", c.ConnectConcurrency, "connection attempts under way at once, so thousands of devices ramp up instead of stampeding")

	fs.BoolVar(&c.Lean, "lean", false, "lean devices for idle hordes: a raw socket and one goroutine each, MQTT 3.1.1, one fix in flight, no flash buffer, battery, scenarios or TLS (about a fifth of paho's memory per device)")
	fs.DurationVar(&c.LatencyFor, "latency-for", 0, "--lean: record publish-to-PUBACK latency only for this long after every device has connected (0: the whole run), so a benchmark can restart the server later in the run without counting the storm")
	fs.DurationVar(&c.LatencyWindows, "latency-windows", 0, "also record publish-to-PUBACK latency per consecutive window of this `length` after every device has connected (window 0 from 0 to it, window 1 from it to twice it, …; until --latency-for ends or the run does; at most 1000 windows), each with its p50 and p99 in the summary (0: off)")
	fs.Func("local-addrs", "comma-separated source `addresses` to dial from in turn (127.0.0.2,127.0.0.3,…: each loopback address has its own ephemeral ports, about 28,000)", func(v string) error {
		for _, a := range strings.Split(v, ",") {
			if net.ParseIP(strings.TrimSpace(a)) == nil {
				return fmt.Errorf("not an IP address: %q", a)
			}
			c.LocalAddrs = append(c.LocalAddrs, strings.TrimSpace(a))
		}
		return nil
	})
	fs.StringVar(&c.DevicesFile, "devices", "", "CSV `file` of device_id,token,user,name rows, as `lifeline devices add --count N --out FILE` writes")
	fs.IntVar(&c.Count, "count", 0, "how many devices: with --devices the first N rows (0: all); with --provision how many to pair (0: 1)")
	fs.BoolVar(&c.Provision, "provision", false, "pair --count new devices to the --email account through the API instead of reading --devices")
	fs.StringVar(&c.API, "api", c.API, "Lifeline HTTP API `URL`, for --provision, --zone and --verify")
	fs.StringVar(&c.Email, "email", "", "account to sign in to the API as (--provision, --zone, --verify)")
	fs.StringVar(&c.Password, "password", "", "its password (default: $LIFELINE_PASSWORD)")
	fs.StringVar(&c.Name, "name", c.Name, "with --provision, the devices' name; a number is appended")
	fs.StringVar(&c.Save, "save", "", "with --provision, also write the new devices' credentials to this CSV `file`, to reuse with --devices")

	fs.DurationVar(&c.Interval, "interval", c.Interval, "each device's time between fixes (0: as fast as --inflight allows)")
	rate = fs.String("rate", "", "total fixes per second across all devices, instead of --interval; \"max\": as fast as --inflight allows")
	fs.Float64Var(&c.Jitter, "jitter", c.Jitter, "randomise each interval by up to this fraction, 0 to 1")
	fs.BoolVar(&c.FollowConfig, "follow-config", c.FollowConfig, "follow interval_s from the server's retained config, as a bracelet does; off when --interval or --rate is given, unless set too")
	fs.DurationVar(&c.BatteryEvery, "battery-every", c.BatteryEvery, "time between battery packets on bracelets/{id}/battery (0: none)")
	fs.Float64Var(&c.Drain, "drain", c.Drain, "battery percent used per fix; at 10-25% the wearer charges it")
	fs.Float64Var(&c.ChargeRate, "charge-rate", c.ChargeRate, "battery percent gained per minute on the charger")
	fs.Uint64Var(&c.Seed, "seed", 0, "random seed, for a repeatable run (0: a new one each run)")

	fs.StringVar(&c.Scenario, "scenario", c.Scenario, "what the devices do: "+strings.Join(scenarios, ", ")+"; see below")
	fs.Float64Var(&c.Lat, "lat", c.Lat, "latitude of the area the devices start in")
	fs.Float64Var(&c.Lon, "lon", c.Lon, "longitude of the area the devices start in")
	fs.Float64Var(&c.Spread, "spread", c.Spread, "metres: devices start at random points within this distance of --lat,--lon")
	fs.Float64Var(&c.Radius, "radius", c.Radius, "metres: a wandering device turns back once this far from its start")
	fs.Float64Var(&c.Speed, "speed", c.Speed, "walking speed in metres per second (each device varies it by ±20%)")
	fs.StringVar(&c.RouteFile, "route", "", "route: GeoJSON `file` with a LineString to walk back and forth")
	targetLat = fs.String("target-lat", "", "approach: latitude of the point to walk to")
	targetLon = fs.String("target-lon", "", "approach: longitude of the point to walk to")
	fs.StringVar(&c.Zone, "zone", "", "approach: walk into the account's zone of this `name` (GET /api/safe-zones; needs --email)")
	fs.Float64Var(&c.ApproachFrom, "approach-from", c.ApproachFrom, "approach: metres from the target where each walk starts and ends")
	fs.DurationVar(&c.Dwell, "dwell", c.Dwell, "approach: how long a device stays at the target, and outside, each time")
	fs.DurationVar(&c.OfflineAfter, "offline-after", c.OfflineAfter, "offline: time connected before each drop")
	fs.DurationVar(&c.OfflineFor, "offline-for", c.OfflineFor, "offline: time without a connection, fixes buffered on flash")
	fs.IntVar(&c.Flash, "flash", c.Flash, "fixes a device can buffer while it cannot send; beyond that the oldest are overwritten")
	fs.IntVar(&c.Batch, "batch", c.Batch, "buffered fixes sent per packet after reconnecting, 1 to 500 (a JSON array)")
	fs.DurationVar(&c.Skew, "skew", 0, "skew: the device clocks run this far ahead (negative: behind); over 5m ahead the server rejects every fix")
	fs.Float64Var(&c.FuzzRate, "fuzz-rate", c.FuzzRate, "fuzz: bad packets per fix (0.5: one for every two fixes; 3: three per fix)")

	fs.DurationVar(&c.Duration, "duration", 0, "how long to send before stopping (0: until Ctrl-C); counted from when every device has connected")
	fs.DurationVar(&c.DrainTimeout, "drain-timeout", c.DrainTimeout, "at the end, how long to wait for buffered fixes and outstanding PUBACKs")
	fs.BoolVar(&c.Verify, "verify", false, "afterwards, check through the API (--api, --email) that every acknowledged fix is stored once")
	fs.StringVar(&c.SummaryJSON, "summary-json", "", "also write the summary as JSON to this `file` (for benchmark scripts)")
	fs.BoolVar(&c.Quiet, "quiet", false, "no progress line")

	return fs, rate, targetLat, targetLon
}

// applyFlags reads the flags that need more than the flag package gives.
func (c *Config) applyFlags(set map[string]bool, rate, targetLat, targetLon string, getenv func(string) string) error {
	if c.Password == "" && getenv != nil {
		c.Password = getenv("LIFELINE_PASSWORD")
	}
	if rate != "" {
		if set["interval"] {
			return usagef("give --rate or --interval, not both")
		}
		if strings.EqualFold(rate, "max") {
			c.MaxRate = true
		} else {
			r, err := strconv.ParseFloat(rate, 64)
			if err != nil || !(r > 0) || math.IsInf(r, 0) {
				return usagef("--rate %q: want fixes per second across all devices, such as 5000, or max", rate)
			}
			c.Rate = r
		}
	}
	if (set["interval"] || set["rate"]) && !set["follow-config"] {
		c.FollowConfig = false
	}
	if set["target-lat"] || set["target-lon"] {
		if !set["target-lat"] || !set["target-lon"] {
			return usagef("give both --target-lat and --target-lon")
		}
		lat, err1 := strconv.ParseFloat(targetLat, 64)
		lon, err2 := strconv.ParseFloat(targetLon, 64)
		if err1 != nil || err2 != nil || !(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 180) {
			return usagef("--target-lat %q --target-lon %q: want a latitude from -90 to 90 and a longitude from -180 to 180", targetLat, targetLon)
		}
		c.Target = &target{name: fmt.Sprintf("%.6f,%.6f", lat, lon), lat: lat, lon: lon}
	}
	return c.validate()
}

func printUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, usageHead)
	for _, g := range flagGroups {
		fmt.Fprintf(w, "\n%s:\n", g.title)
		for _, name := range g.names {
			f := fs.Lookup(name)
			if f == nil {
				continue
			}
			arg, help := flag.UnquoteUsage(f)
			line := "  --" + f.Name
			if arg != "" {
				line += " " + arg
			}
			fmt.Fprintf(w, "%s\n      %s", line, help)
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
				fmt.Fprintf(w, " (default %s)", f.DefValue)
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprint(w, `
Scenarios:
  wander    random walk at walking speed near a start point (the default)
  route     walks the --route GeoJSON LineString back and forth at --speed
  approach  walks from --approach-from metres out into --target-lat/--target-lon
            or the --zone named, stays --dwell, walks back out; again and again
  offline   wanders; every --offline-after drops the connection for --offline-for,
            keeping fixes on a bounded --flash buffer, then sends them oldest
            first as arrays of up to --batch after reconnecting
  skew      wanders with the device clock --skew off
  fuzz      wanders, and also sends --fuzz-rate malformed, oversize and out-of-range
            packets per fix (from the contract's fixtures and generated); the
            server must acknowledge and drop them; they never count as lost
  sos       wanders; once the first fix is acknowledged, presses the SOS button
            (bracelets/{id}/sos, with that fix's position). With --verify, checks
            that the account has an SOS alert from the run

Summary: sent, acknowledged and lost count fixes (lost: sent, never
acknowledged); latency is publish to PUBACK of position packets; fixes/s is
the acknowledged rate over --duration, after the ramp-up and before the drain.
`)
}

// validate checks what the flags cannot: values in range and combinations.
func (c *Config) validate() error {
	if c.Protocol == "" {
		c.Protocol = protoBracelet
	}
	switch {
	case !slices.Contains(scenarios, c.Scenario):
		return usagef("--scenario %q: want one of %s", c.Scenario, strings.Join(scenarios, ", "))
	case c.Protocol != protoBracelet && c.Scenario == scenarioSOS:
		return usagef("the sos scenario presses the bracelet's SOS button: it needs --protocol bracelet")
	case c.Protocol != protoBracelet && c.Scenario == scenarioFuzz:
		return usagef("the fuzz scenario sends the bracelet contract's bad packets: it needs --protocol bracelet")
	case c.QoS != 0 && c.QoS != 1:
		return usagef("--qos %d: the wire contract uses QoS 1 (0 for experiments)", c.QoS)
	case c.ConfigQoS != 0 && c.ConfigQoS != 1:
		return usagef("--config-qos %d: the config subscription is QoS 0 (the contract's) or 1", c.ConfigQoS)
	case c.Inflight < 1 || c.Inflight > 10000:
		return usagef("--inflight %d: want 1 to 10000", c.Inflight)
	case c.ConnectConcurrency < 1:
		return usagef("--connect-concurrency %d: want 1 or more", c.ConnectConcurrency)
	case c.KeepAlive < time.Second || c.ConnectTimeout <= 0:
		return usagef("--keepalive must be at least 1s and --connect-timeout above 0")
	case c.Count < 0:
		return usagef("--count %d: want 0 or more", c.Count)
	case c.Interval < 0 || c.Duration < 0 || c.DrainTimeout < 0 || c.BatteryEvery < 0 || c.Dwell < 0 || c.LatencyFor < 0:
		return usagef("durations must not be negative")
	case c.LatencyWindows < 0:
		return usagef("--latency-windows %v: want the length of a window, such as 30s (0: off)", c.LatencyWindows)
	case c.LatencyWindows > 0 && c.Duration > 0 && c.Duration/c.LatencyWindows > maxLatencyWindows:
		return usagef("--latency-windows %v: --duration %v would make more than %d windows", c.LatencyWindows, c.Duration, maxLatencyWindows)
	case !(c.Jitter >= 0 && c.Jitter <= 1):
		return usagef("--jitter %g: want 0 to 1", c.Jitter)
	case !(c.Lat >= -90 && c.Lat <= 90) || !(c.Lon >= -180 && c.Lon <= 180):
		return usagef("--lat %g --lon %g: want a latitude from -90 to 90 and a longitude from -180 to 180", c.Lat, c.Lon)
	case !(c.Spread >= 0) || !(c.Radius >= 0) || !(c.ApproachFrom >= 0):
		return usagef("--spread, --radius and --approach-from are metres, 0 or more")
	case !(c.Speed > 0 && c.Speed < 1000):
		return usagef("--speed %g: want metres per second above 0", c.Speed)
	case c.Lean && (c.Protocol != protoBracelet || c.Interval <= 0 || c.QoS != 1 || !allTCP(c.Broker)):
		return usagef("--lean is for idle hordes of bracelets: --protocol bracelet, QoS 1, an --interval above 0 and tcp:// brokers")
	case c.Flash < 1:
		return usagef("--flash %d: want 1 or more", c.Flash)
	case c.Batch < 1 || c.Batch > 500:
		return usagef("--batch %d: want 1 to 500 (the wire contract's most fixes per packet)", c.Batch)
	case !(c.FuzzRate >= 0 && c.FuzzRate <= 100):
		return usagef("--fuzz-rate %g: want 0 to 100 bad packets per fix", c.FuzzRate)
	case !(c.Drain >= 0 && c.Drain <= 100) || !(c.ChargeRate >= 0 && c.ChargeRate <= 100):
		return usagef("--drain and --charge-rate are percent, 0 to 100")
	case c.Scenario == scenarioOffline && (c.OfflineAfter <= 0 || c.OfflineFor <= 0):
		return usagef("the offline scenario needs --offline-after and --offline-for above 0")
	case c.Scenario == scenarioSkew && c.Skew == 0:
		return usagef("the skew scenario needs --skew, such as --skew 2m (ahead) or --skew -1h (behind)")
	case c.Scenario == scenarioRoute && c.RouteFile == "":
		return usagef("the route scenario needs --route FILE (a GeoJSON LineString)")
	case c.Scenario == scenarioApproach && c.Target == nil && c.Zone == "":
		return usagef("the approach scenario needs --target-lat and --target-lon, or --zone NAME")
	case c.Target != nil && c.Zone != "":
		return usagef("give --target-lat/--target-lon or --zone, not both")
	case c.Provision && c.DevicesFile != "":
		return usagef("give --devices FILE or --provision, not both")
	case !c.Provision && c.DevicesFile == "" && len(c.Credentials) == 0:
		return usagef("which devices? Give --devices FILE (from `lifeline devices add --count N --out FILE`) or --provision --email EMAIL --password PW --count N")
	case c.Save != "" && !c.Provision:
		return usagef("--save writes the devices --provision pairs; it needs --provision")
	}
	if c.Provision || c.Verify || c.Zone != "" || c.Protocol.overHTTP() {
		if (c.Provision || c.Verify || c.Zone != "") && (c.Email == "" || c.Password == "") {
			what := map[bool]string{true: "--provision", false: "--verify"}[c.Provision]
			if c.Zone != "" && !c.Provision {
				what = "--zone"
			}
			return usagef("%s signs in to the API: give --email and --password (or $LIFELINE_PASSWORD)", what)
		}
		if _, err := newAPIClient(c.API); err != nil {
			return &usageError{err.Error()}
		}
	}
	if _, err := brokerURLs(c.Broker); err != nil {
		return err
	}
	return nil
}

// brokerURLs checks --broker, one URL or a comma-separated list of a
// cluster's nodes, each as brokerURL does. The nodes share one scheme: a
// device fails over from one to the next with the same TLS settings.
func brokerURLs(raw string) ([]*url.URL, error) {
	var urls []*url.URL
	for _, part := range strings.Split(raw, ",") {
		u, err := brokerURL(strings.TrimSpace(part))
		if err != nil {
			return nil, err
		}
		if len(urls) > 0 && u.Scheme != urls[0].Scheme {
			return nil, usagef("--broker %q: every node of the list needs the same scheme (%s:// and %s://)", raw, urls[0].Scheme, u.Scheme)
		}
		urls = append(urls, u)
	}
	return urls, nil
}

func allTCP(raw string) bool {
	urls, err := brokerURLs(raw)
	return err == nil && (urls[0].Scheme == "tcp" || urls[0].Scheme == "mqtt")
}

// brokerURL checks the broker URL and fills in the scheme's default port.
func brokerURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return nil, usagef("--broker %q is not a URL such as tcp://localhost:1883, ws://localhost:8083 or ssl://host:8883", raw)
	}
	ports := map[string]string{"tcp": "1883", "mqtt": "1883", "ssl": "8883", "tls": "8883", "mqtts": "8883", "ws": "80", "wss": "443"}
	port, ok := ports[u.Scheme]
	if !ok {
		return nil, usagef("--broker %q: the scheme must be tcp://, ssl://, ws:// or wss://", raw)
	}
	if u.Port() == "" {
		u.Host = net.JoinHostPort(u.Hostname(), port)
	} else if p, err := strconv.Atoi(u.Port()); err != nil || p < 1 || p > 65535 {
		return nil, usagef("--broker %q: bad port", raw)
	}
	return u, nil
}

func (c *Config) tlsScheme() bool {
	urls, err := brokerURLs(c.Broker)
	if err != nil {
		return false
	}
	s := urls[0].Scheme
	return s == "ssl" || s == "tls" || s == "mqtts" || s == "wss"
}

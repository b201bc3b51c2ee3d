package main

import (
	"bytes"
	"context"
	"flag"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestHelpExplainsEveryFlag: --help lists every flag once, with an
// explanation, grouped, and names the URL forms and the scenarios.
func TestHelpExplainsEveryFlag(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"--help"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("--help exited %d: %s", code, errOut.String())
	}
	help := out.String()
	listed := map[string]int{}
	for _, line := range strings.Split(help, "\n") {
		if strings.HasPrefix(line, "  --") {
			listed[strings.Fields(strings.TrimPrefix(line, "  --"))[0]]++
		}
	}
	c := defaultConfig()
	fs, _, _, _ := defineFlags(&c)
	fs.VisitAll(func(f *flag.Flag) {
		if listed[f.Name] != 1 {
			t.Errorf("--help lists --%s %d times, want once (add it to flagGroups)", f.Name, listed[f.Name])
		}
		if len(f.Usage) < 15 {
			t.Errorf("--%s has no real explanation: %q", f.Name, f.Usage)
		}
		delete(listed, f.Name)
	})
	for name := range listed {
		t.Errorf("--help lists --%s, which is not a flag", name)
	}
	for _, want := range []string{"comma-separated list", "fails over to the next", "tcp://", "ws://", "ssl://", "--provision", "wander", "route", "approach", "offline", "skew", "fuzz", "Exit status"} {
		if !strings.Contains(help, want) {
			t.Errorf("help does not mention %q", want)
		}
	}
}

// TestBadInput: every kind of bad input is one line on stderr and exit
// status 2, never a panic or a hang.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.csv")
	os.WriteFile(good, []byte("device_id,token,user,name\nbrc_aaaa1111,tok,me@example.com,B\n"), 0o600)
	malformed := filepath.Join(dir, "malformed.csv")
	os.WriteFile(malformed, []byte("device_id,token,user,name\nbrc_aaaa1111,tok\nnot a device,tok\n"), 0o600)
	closed := closedPort(t)

	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing CSV", []string{"--devices", filepath.Join(dir, "nope.csv")}, "does not exist"},
		{"malformed CSV row", []string{"--devices", malformed}, "line 3"},
		{"no devices at all", []string{}, "which devices?"},
		{"bad broker URL", []string{"--devices", good, "--broker", "localhost:1883"}, "is not a URL"},
		{"wrong broker scheme", []string{"--devices", good, "--broker", "http://localhost:1883"}, "scheme must be"},
		{"bad broker port", []string{"--devices", good, "--broker", "tcp://localhost:99999"}, "bad port"},
		{"bad node in a broker list", []string{"--devices", good, "--broker", "tcp://a:4001,b:4002"}, `"b:4002" is not a URL`},
		{"empty node in a broker list", []string{"--devices", good, "--broker", "tcp://a:4001,,tcp://c:4003"}, `"" is not a URL`},
		{"bad port in a broker list", []string{"--devices", good, "--broker", "tcp://a:4001,tcp://b:0"}, `"tcp://b:0": bad port`},
		{"mixed schemes in a broker list", []string{"--devices", good, "--broker", "tcp://a:4001,ssl://b:8883"}, "the same scheme"},
		{"lean with a websocket node", []string{"--devices", good, "--lean", "--interval", "30s", "--broker", "ws://a:8083,ws://b:8083"}, "tcp:// brokers"},
		{"every node of a list unreachable", []string{"--devices", good, "--broker", "tcp://" + closed + ",tcp://" + closed}, "cannot reach the broker"},
		{"unreachable broker", []string{"--devices", good, "--broker", "tcp://" + closed}, "cannot reach the broker"},
		{"unreachable API", []string{"--provision", "--email", "a@example.com", "--password", "pw", "--api", "http://" + closed}, "cannot reach the API"},
		{"bad API URL", []string{"--provision", "--email", "a@example.com", "--password", "pw", "--api", "localhost"}, "not an http:// or https:// URL"},
		{"unknown flag", []string{"--devices", good, "--frobnicate"}, "flag provided but not defined"},
		{"stray argument", []string{"--devices", good, "extra"}, `unexpected argument "extra"`},
		{"unknown scenario", []string{"--devices", good, "--scenario", "teleport"}, "want one of wander"},
		{"rate and interval", []string{"--devices", good, "--rate", "100", "--interval", "1s"}, "not both"},
		{"bad rate", []string{"--devices", good, "--rate", "fast"}, "--rate"},
		{"batch over the contract", []string{"--devices", good, "--batch", "501"}, "1 to 500"},
		{"route without a file", []string{"--devices", good, "--scenario", "route"}, "needs --route"},
		{"missing route file", []string{"--devices", good, "--scenario", "route", "--route", filepath.Join(dir, "r.json"), "--broker", "tcp://" + closed}, "no such file"},
		{"approach without a target", []string{"--devices", good, "--scenario", "approach"}, "needs --target-lat"},
		{"half a target", []string{"--devices", good, "--scenario", "approach", "--target-lat", "1"}, "both --target-lat and --target-lon"},
		{"target out of range", []string{"--devices", good, "--scenario", "approach", "--target-lat", "91", "--target-lon", "0"}, "latitude from -90 to 90"},
		{"skew without --skew", []string{"--devices", good, "--scenario", "skew"}, "needs --skew"},
		{"verify without an account", []string{"--devices", good, "--verify"}, "give --email and --password"},
		{"both sources", []string{"--devices", good, "--provision"}, "not both"},
		{"count beyond the file", []string{"--devices", good, "--count", "5", "--broker", "tcp://" + closed}, "holds only 1 device"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			code := run(ctx, tt.args, func(string) string { return "" }, &out, &errOut)
			msg := errOut.String()
			if code != 2 {
				t.Fatalf("exit %d, want 2; stderr: %s", code, msg)
			}
			if !strings.Contains(msg, tt.want) {
				t.Errorf("stderr %q, want it to contain %q", msg, tt.want)
			}
			if lines := strings.Count(strings.TrimRight(msg, "\n"), "\n"); lines != 0 || !strings.HasPrefix(msg, "firmware-sim: ") {
				t.Errorf("want one line starting firmware-sim:, got %q", msg)
			}
		})
	}
}

func TestFlagsFollowConfig(t *testing.T) {
	tests := []struct {
		args   []string
		follow bool
	}{
		{[]string{"--devices", "x.csv"}, true},
		{[]string{"--devices", "x.csv", "--interval", "5s"}, false},
		{[]string{"--devices", "x.csv", "--rate", "100"}, false},
		{[]string{"--devices", "x.csv", "--interval", "5s", "--follow-config"}, true},
	}
	for _, tt := range tests {
		c, err := parseFlags(tt.args, nil, &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		if c.FollowConfig != tt.follow {
			t.Errorf("%v: follow-config %v, want %v", tt.args, c.FollowConfig, tt.follow)
		}
	}
	c, err := parseFlags([]string{"--devices", "x.csv", "--rate", "max"}, nil, &bytes.Buffer{})
	if err != nil || !c.MaxRate {
		t.Errorf("--rate max: %+v %v", c.MaxRate, err)
	}
	c, err = parseFlags([]string{"--provision", "--email", "a@example.com"}, func(k string) string {
		return map[string]string{"LIFELINE_PASSWORD": "from-env"}[k]
	}, &bytes.Buffer{})
	if err != nil || c.Password != "from-env" {
		t.Errorf("password from $LIFELINE_PASSWORD: %q %v", c.Password, err)
	}
}

// closedPort is an address where nothing listens.
func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// TestBrokerList: --broker takes one URL or a cluster's nodes; each device
// starts at its own node in turn and fails over through the others.
func TestBrokerList(t *testing.T) {
	tests := []struct {
		name   string
		broker string
		want   []string // device 0's order, then device 1's
		want1  []string
	}{
		{"one broker", "tcp://localhost:1883", []string{"tcp://localhost:1883"}, []string{"tcp://localhost:1883"}},
		{"default port filled in", "tcp://a", []string{"tcp://a:1883"}, []string{"tcp://a:1883"}},
		{"three nodes", "tcp://a:4001, tcp://b:4002,tcp://c:4003",
			[]string{"tcp://a:4001", "tcp://b:4002", "tcp://c:4003"}, []string{"tcp://b:4002", "tcp://c:4003", "tcp://a:4001"}},
		{"websocket nodes", "ws://a:8083,ws://b:8083", []string{"ws://a:8083", "ws://b:8083"}, []string{"ws://b:8083", "ws://a:8083"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			urls, err := brokerURLs(tt.broker)
			if err != nil {
				t.Fatal(err)
			}
			s := &sim{}
			for _, u := range urls {
				s.brokerURLs = append(s.brokerURLs, u.String())
			}
			if got := s.brokersFrom(0); !slices.Equal(got, tt.want) {
				t.Errorf("device 0 tries %v, want %v", got, tt.want)
			}
			if got := s.brokersFrom(1); !slices.Equal(got, tt.want1) {
				t.Errorf("device 1 tries %v, want %v", got, tt.want1)
			}
		})
	}
}

// TestNodeOrder: every device tries every node once, its own (i mod n)
// first; the devices of one node fail over to every other node in equal
// numbers, so a dead node's share does not double the next node's.
func TestNodeOrder(t *testing.T) {
	for _, n := range []int{1, 2, 3, 6} {
		secondChoices := make([]map[int]int, n) // node -> its devices' second choices, counted
		for i := range 6 * n * max(n-1, 1) {
			order := nodeOrder(i, n)
			if len(order) != n || order[0] != i%n {
				t.Fatalf("%d nodes, device %d tries %v: want every node once, %d first", n, i, order, i%n)
			}
			seen := map[int]bool{}
			for _, k := range order {
				if k < 0 || k >= n || seen[k] {
					t.Fatalf("%d nodes, device %d tries %v: want every node once", n, i, order)
				}
				seen[k] = true
			}
			if n > 1 {
				if secondChoices[order[0]] == nil {
					secondChoices[order[0]] = map[int]int{}
				}
				secondChoices[order[0]][order[1]]++
			}
		}
		for home, counts := range secondChoices {
			if n > 1 && len(counts) != n-1 {
				t.Errorf("%d nodes: node %d's devices fail over to %v, want every other node", n, home, counts)
			}
			for other, c := range counts {
				if c != 6*max(n-1, 1)/(n-1) {
					t.Errorf("%d nodes: %d of node %d's devices fail over to node %d first, want %d", n, c, home, other, 6*max(n-1, 1)/(n-1))
				}
			}
		}
	}
	if nodeOrder(4, 0) != nil {
		t.Error("no nodes: want no order")
	}
}

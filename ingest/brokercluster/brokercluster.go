// Package brokercluster runs a real NATS cluster (three nodes, or more) for tests of the
// scale-out path: JetStream with three replicas and the MQTT listener on
// every node, each node a child process on loopback that a test can SIGKILL
// and start again. The server is built from the module go.mod pins as a tool
// (github.com/nats-io/nats-server/v2), so nothing needs installing.
//
// Why NATS and not RabbitMQ, and what was measured: docs/scaling.md.
package brokercluster

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"lifeline/ingest/natsauth"
	"lifeline/ingest/natsshard"
	"lifeline/internal/child"
)

// Size is the number of nodes unless Options.Nodes says more: the smallest
// cluster in which a replicated stream keeps its quorum when one node dies.
// Streams keep Size replicas however many nodes there are.
const Size = 3

// Account is the NATS account every user of the cluster belongs to, the
// one the auth callout places devices in. MQTT needs JetStream in the
// user's account: sessions, retained messages and QoS 1 messages live in
// streams there ($MQTT_sess, $MQTT_rmsgs, $MQTT_msgs).
const Account = natsauth.Account

// MessagesStream is the stream the MQTT listener stores every QoS 1 PUBLISH
// in, replicated to every node, before it sends the PUBACK.
const MessagesStream = "$MQTT_msgs"

// User is an account of the cluster. Empty Publish and Subscribe lists mean
// no restriction; otherwise they are NATS subjects (an MQTT topic
// bracelets/d1/position is the subject bracelets.d1.position).
type User struct {
	Name, Password     string
	Publish, Subscribe []string
	// System places the user in the nodes' system account (SYS) instead
	// of Account: it may ask every node about its connections and close
	// one ($SYS.REQ.SERVER.…), as the workers do with a revoked device
	// (ingest/natskick). Name it in Callout.AuthUsers too.
	System bool
}

// Callout makes the nodes ask an auth callout service (ingest/natsauth)
// about every CONNECT of a user not in AuthUsers.
type Callout struct {
	Issuer string // the public account key (A...) whose signature the nodes trust
	// AuthUsers are users (given to Start) the nodes admit themselves:
	// Lifeline's workers and the callout service.
	AuthUsers []string
}

// Options are the less common settings of a cluster.
type Options struct {
	Callout *Callout
	// MQTT is more settings inside every node's mqtt block, e.g.
	// "consumer_memory_storage: true" (what each costs: docs/scaling.md).
	MQTT string
	// Env is added to every node process's environment (GOGC=50,
	// GOMEMLIMIT=1GiB).
	Env []string
	// Profile makes every node serve Go's pprof on a free port
	// (Node.ProfileURL): the benchmarks read the heap there.
	Profile bool
	// Nodes is the number of nodes, Size or more (0: Size). More nodes hold
	// more connections; the MQTT streams keep Size replicas.
	Nodes int
	// Shards spreads the devices over this many accounts (ingest/natsshard;
	// 0 or 1: Account alone): each is defined with JetStream and the
	// shard's twin of every user not in the system account, and the twins
	// of Callout.AuthUsers are admitted too.
	Shards int
}

// Cluster is the running NATS nodes, three unless Options.Nodes says more.
type Cluster struct {
	Nodes []*Node
	// Accounts are the devices' accounts: Account, and each shard's.
	Accounts []string
	tb       testing.TB
	bin      string
	env      []string
}

// Node is one NATS server of the cluster.
type Node struct {
	Name    string
	MQTTURL string // tcp://127.0.0.1:PORT, for paho
	NATSURL string // nats://127.0.0.1:PORT

	monitor  string // http://127.0.0.1:PORT
	profile  string // http://127.0.0.1:PORT with Options.Profile, else ""
	accounts []string
	conf     string
	logPath  string
	cmd      *exec.Cmd
	exited   chan struct{}
}

// Start runs three clustered nodes with the given users (none: one user
// "lifeline" with password "lifeline" and no restriction), each in its own
// temporary folder on free loopback ports, and returns once every node
// serves MQTT and JetStream has a leader. The nodes are stopped when the
// test ends, and their logs printed if it failed.
func Start(tb testing.TB, users ...User) *Cluster {
	tb.Helper()
	return start(tb, Options{}, users)
}

// StartWithCallout is Start with the nodes asking the auth callout about
// every user not in callout.AuthUsers. The service must be running before
// a device connects: the nodes refuse the CONNECT of a device when no
// answer comes.
func StartWithCallout(tb testing.TB, callout Callout, users ...User) *Cluster {
	tb.Helper()
	return start(tb, Options{Callout: &callout}, users)
}

// StartOptions is Start with opts.
func StartOptions(tb testing.TB, opts Options, users ...User) *Cluster {
	tb.Helper()
	return start(tb, opts, users)
}

func start(tb testing.TB, opts Options, users []User) *Cluster {
	tb.Helper()
	if len(users) == 0 {
		users = []User{{Name: "lifeline", Password: "lifeline"}}
	}
	nodes := max(opts.Nodes, Size)
	dir := tb.TempDir()
	c := &Cluster{tb: tb, bin: serverBinary(tb), env: opts.Env, Accounts: natsshard.Accounts(opts.Shards)}
	const perNode = 5
	ports := freePorts(tb, perNode*nodes)
	routes := make([]string, nodes)
	for i := range nodes {
		routes[i] = fmt.Sprintf("nats://127.0.0.1:%d", ports[perNode*i+1])
	}
	for i := range nodes {
		n := &Node{
			Name:     fmt.Sprintf("n%d", i+1),
			NATSURL:  fmt.Sprintf("nats://127.0.0.1:%d", ports[perNode*i]),
			MQTTURL:  fmt.Sprintf("tcp://127.0.0.1:%d", ports[perNode*i+2]),
			monitor:  fmt.Sprintf("http://127.0.0.1:%d", ports[perNode*i+3]),
			accounts: c.Accounts,
		}
		if opts.Profile {
			n.profile = fmt.Sprintf("http://127.0.0.1:%d", ports[perNode*i+4])
		}
		nodeDir := filepath.Join(dir, n.Name)
		if err := os.MkdirAll(nodeDir, 0o755); err != nil {
			tb.Fatal(err)
		}
		n.conf = filepath.Join(nodeDir, "nats.conf")
		n.logPath = filepath.Join(nodeDir, "nats.log")
		conf := nodeConfig(n.Name, nodeDir, ports[perNode*i:perNode*i+perNode], routes, users, opts)
		if err := os.WriteFile(n.conf, []byte(conf), 0o644); err != nil {
			tb.Fatal(err)
		}
		c.Nodes = append(c.Nodes, n)
	}
	tb.Cleanup(func() {
		for _, n := range c.Nodes {
			n.stop()
		}
		if tb.Failed() {
			for _, n := range c.Nodes {
				out, _ := os.ReadFile(n.logPath)
				tb.Logf("nats node %s log (last 4 KB):\n%s", n.Name, tail(out, 4096))
			}
		}
	})
	for _, n := range c.Nodes {
		c.start(n)
	}
	for _, n := range c.Nodes {
		c.waitReady(n, 90*time.Second)
	}
	return c
}

// nodeConfig is one node's configuration file. JetStream keeps its files
// in the node's folder; MQTT's streams get three replicas, so a PUBACK
// means a majority of the nodes hold the message.
func nodeConfig(name, dir string, ports []int, routes []string, users []User, opts Options) string {
	var b strings.Builder
	fmt.Fprintf(&b, "server_name: %s\nlisten: 127.0.0.1:%d\nhttp: 127.0.0.1:%d\n", name, ports[0], ports[3])
	if opts.Profile {
		fmt.Fprintf(&b, "prof_port: %d\n", ports[4])
	}
	// Every QoS 1 MQTT subscription is a consumer of $MQTT_msgs, and
	// nats-server 2.15 allows 1,000 consumers a stream unless told
	// otherwise: the 1,001st bracelet's SUBACK would be a failure.
	fmt.Fprintf(&b, "jetstream { store_dir: %q, limits { default_max_consumers: -1 } }\n", dir)
	fmt.Fprintf(&b, "cluster { name: lifeline, listen: 127.0.0.1:%d, routes: [%s] }\n", ports[1], strings.Join(routes, ", "))
	mqtt := fmt.Sprintf("listen: 127.0.0.1:%d, stream_replicas: %d", ports[2], Size)
	if opts.MQTT != "" {
		mqtt += ", " + opts.MQTT
	}
	fmt.Fprintf(&b, "mqtt { %s }\n", mqtt)
	b.WriteString("accounts {\n")
	for k, account := range natsshard.Accounts(opts.Shards) {
		fmt.Fprintf(&b, "  %s: { jetstream: enabled, users: [\n", account)
		writeUsers(&b, shardUsers(users, k), false)
		b.WriteString("  ] }\n")
	}
	b.WriteString("  SYS: { users: [\n")
	writeUsers(&b, users, true)
	b.WriteString("  ] }\n}\nsystem_account: SYS\n")
	if callout := opts.Callout; callout != nil {
		fmt.Fprintf(&b, "authorization { auth_callout { issuer: %q, account: %s, auth_users: %s } }\n",
			callout.Issuer, Account, subjects(authUsers(callout.AuthUsers, users, opts.Shards)))
	}
	return b.String()
}

// shardUsers are shard k's twins of users (natsshard.User).
func shardUsers(users []User, k int) []User {
	twins := make([]User, 0, len(users))
	for _, u := range users {
		if !u.System {
			u.Name = natsshard.User(u.Name, k)
		}
		twins = append(twins, u)
	}
	return twins
}

// authUsers are the names the nodes admit themselves: names, and every
// shard's twin of those not in the system account.
func authUsers(names []string, users []User, shards int) []string {
	all := append([]string(nil), names...)
	for k := 1; k < shards; k++ {
		for _, u := range users {
			if !u.System && slices.Contains(names, u.Name) {
				all = append(all, natsshard.User(u.Name, k))
			}
		}
	}
	return all
}

// writeUsers writes the users of one account: the system account's, or
// the others.
func writeUsers(b *strings.Builder, users []User, system bool) {
	for _, u := range users {
		if u.System != system {
			continue
		}
		fmt.Fprintf(b, "    { user: %q, password: %q", u.Name, u.Password)
		if len(u.Publish) > 0 || len(u.Subscribe) > 0 {
			fmt.Fprintf(b, ", permissions: { publish: %s, subscribe: %s }", subjects(u.Publish), subjects(u.Subscribe))
		}
		b.WriteString(" }\n")
	}
}

func subjects(list []string) string {
	if len(list) == 0 {
		return `">"`
	}
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}

// Kill ends node i (0-based) with SIGKILL: no goodbye to its peers or its
// clients, nothing flushed.
func (c *Cluster) Kill(i int) {
	c.tb.Helper()
	n := c.Nodes[i]
	if err := n.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		c.tb.Fatalf("kill nats node %s: %v", n.Name, err)
	}
	<-n.exited
}

// Restart starts node i again on its ports and its JetStream files, and
// returns once it serves MQTT and is caught up with the cluster. Catching
// up is copying what the streams took while it was down: at 80,000
// bracelets reporting every 30 s that took longer than 90 s here, so a
// restart may take five minutes.
func (c *Cluster) Restart(i int) {
	c.tb.Helper()
	n := c.Nodes[i]
	c.start(n)
	c.waitReady(n, 5*time.Minute)
}

// Leader is the index of the running node leading stream's replicas in
// Account (the stream must exist: MQTT creates its streams at the
// account's first MQTT connection). Right after a node's death the others
// still name it for a while: Leader waits until they name a running node.
func (c *Cluster) Leader(stream string) int {
	c.tb.Helper()
	return c.LeaderIn(Account, stream)
}

// LeaderIn is Leader of account's stream.
func (c *Cluster) LeaderIn(account, stream string) int {
	c.tb.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		for _, n := range c.Nodes {
			if n.running() {
				if leader := n.streamLeader(account, stream); leader != "" {
					for i, m := range c.Nodes {
						if m.Name == leader && m.running() {
							return i
						}
					}
				}
			}
		}
	}
	c.tb.Fatalf("no node leads stream %s of account %s", stream, account)
	return -1
}

func (c *Cluster) start(n *Node) {
	c.tb.Helper()
	logFile, err := os.OpenFile(n.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		c.tb.Fatal(err)
	}
	n.cmd = exec.Command(c.bin, "-c", n.conf)
	if len(c.env) > 0 {
		n.cmd.Env = append(os.Environ(), c.env...)
	}
	n.cmd.Stdout, n.cmd.Stderr = logFile, logFile
	// SIGKILL when the test process dies first (a timeout, a kill): the
	// node would otherwise hold its ports and its folder.
	p, err := child.Start(n.cmd, syscall.SIGKILL)
	if err != nil {
		logFile.Close()
		c.tb.Fatalf("start nats node %s: %v", n.Name, err)
	}
	n.exited = make(chan struct{})
	go func(exited chan struct{}) {
		<-p.Done
		logFile.Close()
		close(exited)
	}(n.exited)
}

// waitReady waits until the node answers /healthz (JetStream has a meta
// leader and the node's replicas are current) and accepts MQTT connections.
// A loaded two-core machine can take a while: the limit is generous, and
// what is waited on is the node's own answer.
func (c *Cluster) waitReady(n *Node, within time.Duration) {
	c.tb.Helper()
	mqttAddr := strings.TrimPrefix(n.MQTTURL, "tcp://")
	for deadline := time.Now().Add(within); ; time.Sleep(100 * time.Millisecond) {
		if !n.running() {
			c.tb.Fatalf("nats node %s exited while starting (its log is printed below)", n.Name)
		}
		if n.healthy() {
			if conn, err := net.Dial("tcp", mqttAddr); err == nil {
				conn.Close()
				return
			}
		}
		if time.Now().After(deadline) {
			c.tb.Fatalf("nats node %s did not become ready within %v: %s", n.Name, within, n.unhealthy())
		}
	}
}

// PID is the node's process ID while it runs.
func (n *Node) PID() int { return n.cmd.Process.Pid }

// MonitorURL is the node's monitoring endpoint (/varz, /jsz, /healthz).
func (n *Node) MonitorURL() string { return n.monitor }

// ProfileURL is the node's pprof endpoint, "" without Options.Profile.
func (n *Node) ProfileURL() string { return n.profile }

func (n *Node) running() bool {
	select {
	case <-n.exited:
		return false
	default:
		return n.cmd != nil
	}
}

func (n *Node) stop() {
	if n.running() {
		n.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-n.exited:
		case <-time.After(10 * time.Second):
			n.cmd.Process.Kill()
			<-n.exited
		}
	}
}

var monitorClient = &http.Client{Timeout: 5 * time.Second}

// Conn is one of a node's client connections, as its monitoring lists it.
type Conn struct {
	CID        uint64    `json:"cid"`
	MQTTClient string    `json:"mqtt_client"`
	Account    string    `json:"-"`      // the account it was listed in
	Stop       time.Time `json:"stop"`   // a closed connection's end
	Reason     string    `json:"reason"` // why it closed: "Kicked", "Client Closed", …
}

// MQTTConns lists the node's connections in the devices' accounts under
// MQTT client ID clientID: the open ones, or with closed those it has
// closed (the node remembers its last 10,000).
func (n *Node) MQTTConns(clientID string, closed bool) ([]Conn, error) {
	q := url.Values{"mqtt_client": {clientID}}
	if closed {
		q.Set("state", "closed")
	}
	return n.accountConnz(q)
}

// accountConnz is connz of each of the devices' accounts in turn.
func (n *Node) accountConnz(q url.Values) ([]Conn, error) {
	var all []Conn
	for _, account := range n.accounts {
		q.Set("acc", account)
		conns, err := n.connz(q)
		if err != nil {
			return nil, err
		}
		for _, c := range conns {
			c.Account = account
			all = append(all, c)
		}
	}
	return all, nil
}

// connz asks the node's monitoring for connections (/connz with q).
func (n *Node) connz(q url.Values) ([]Conn, error) {
	resp, err := monitorClient.Get(n.monitor + "/connz?" + q.Encode())
	if err != nil {
		return nil, fmt.Errorf("brokercluster: %s's connections: %w", n.Name, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("brokercluster: %s's connections: %s", n.Name, resp.Status)
	}
	var connz struct {
		Conns []Conn `json:"connections"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&connz); err != nil {
		return nil, fmt.Errorf("brokercluster: %s's connections: %w", n.Name, err)
	}
	return connz.Conns, nil
}

// ClosedSince counts the node's client connections in the devices'
// accounts that closed after since, by the reason it gives ("Client
// Closed", "Kicked", "Stale Connection", …), of the last 10,000 it
// remembers of each.
func (n *Node) ClosedSince(since time.Time) (map[string]int, error) {
	conns, err := n.accountConnz(url.Values{"state": {"closed"}, "limit": {"10000"}})
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, c := range conns {
		if c.Stop.After(since) {
			out[c.Reason]++
		}
	}
	return out, nil
}

// Connections is how many client connections the node holds now, of every
// account (its monitoring's /varz).
func (n *Node) Connections() (int, error) {
	resp, err := monitorClient.Get(n.monitor + "/varz")
	if err != nil {
		return 0, fmt.Errorf("brokercluster: %s's connections: %w", n.Name, err)
	}
	defer resp.Body.Close()
	var varz struct {
		Connections int `json:"connections"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&varz); err != nil {
		return 0, fmt.Errorf("brokercluster: %s's connections: %w", n.Name, err)
	}
	return varz.Connections, nil
}

func (n *Node) healthy() bool {
	ok, _ := n.health()
	return ok
}

// unhealthy says why the node is not healthy, in its own words.
func (n *Node) unhealthy() string {
	if ok, why := n.health(); !ok {
		return why
	}
	return "healthy now"
}

func (n *Node) health() (bool, string) {
	resp, err := monitorClient.Get(n.monitor + "/healthz")
	if err != nil {
		return false, err.Error()
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
	return resp.StatusCode == http.StatusOK, strings.TrimSpace(string(body))
}

// streamLeader asks the node which server leads the replicas of account's
// stream ("" when it does not know).
func (n *Node) streamLeader(account, stream string) string {
	resp, err := monitorClient.Get(n.monitor + "/jsz?accounts=true&streams=true")
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	var jsz struct {
		Accounts []struct {
			Name    string `json:"name"`
			Streams []struct {
				Name    string `json:"name"`
				Cluster struct {
					Leader string `json:"leader"`
				} `json:"cluster"`
			} `json:"stream_detail"`
		} `json:"account_details"`
	}
	if json.NewDecoder(resp.Body).Decode(&jsz) != nil {
		return ""
	}
	for _, a := range jsz.Accounts {
		for _, s := range a.Streams {
			if a.Name == account && s.Name == stream {
				return s.Cluster.Leader
			}
		}
	}
	return ""
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// serverBinary builds nats-server from the version go.mod pins (`tool
// github.com/nats-io/nats-server/v2`) once per version, into the user's
// cache folder; test processes after the first reuse it.
func serverBinary(tb testing.TB) string {
	tb.Helper()
	buildOnce.Do(func() { builtBin, buildErr = buildServer() })
	if buildErr != nil {
		tb.Fatalf("cannot build nats-server from the module go.mod pins (go mod download fetches it; make test does): %v", buildErr)
	}
	return builtBin
}

func buildServer() (string, error) {
	const module = "github.com/nats-io/nats-server/v2"
	version, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", module).Output()
	if err != nil {
		return "", fmt.Errorf("go list -m %s: %w", module, err)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, "lifeline")
	bin := filepath.Join(dir, "nats-server-"+strings.TrimSpace(string(version)))
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Built beside its final name and renamed: another test process may be
	// building the same version at the same moment.
	tmp := fmt.Sprintf("%s.%d", bin, os.Getpid())
	if out, err := exec.Command("go", "build", "-o", tmp, module).CombinedOutput(); err != nil {
		return "", fmt.Errorf("%v\n%s", err, out)
	}
	return bin, os.Rename(tmp, bin)
}

// freePorts returns n free loopback ports below the kernel's range of
// ephemeral ports where it can: a node's ports must still be free when it
// is restarted, and while it is down a port of that range may become the
// source port of one of the thousands of connections a test opens (a
// restart at 100,000 bracelets once failed so: "bind: address already in
// use").
func freePorts(tb testing.TB, n int) []int {
	tb.Helper()
	low := ephemeralLow()
	var ports []int
	var listeners []net.Listener
	defer func() {
		for _, l := range listeners {
			l.Close()
		}
	}()
	for tries := 0; len(ports) < n; tries++ {
		addr := "127.0.0.1:0"
		if low > 11000 && tries < 100*n {
			addr = fmt.Sprintf("127.0.0.1:%d", 10000+rand.IntN(low-10000))
		}
		l, err := net.Listen("tcp", addr)
		if err != nil {
			if addr != "127.0.0.1:0" {
				continue // taken: another
			}
			tb.Fatal(err)
		}
		listeners, ports = append(listeners, l), append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// ephemeralLow is the first port of the kernel's ephemeral range (Linux),
// or 0 where it cannot be read.
func ephemeralLow() int {
	raw, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return 0
	}
	var low, high int
	if _, err := fmt.Sscan(string(raw), &low, &high); err != nil {
		return 0
	}
	return low
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

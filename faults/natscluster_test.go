package faults

import (
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/nats-io/nkeys"

	"lifeline/app/apptest"
	"lifeline/ingest/brokercluster"
	"lifeline/store/storetest"
)

// TestNATSBrokerNodeKilledMidStream is the scale-out topology on real
// processes: one API node, two `--role ingest` workers sharing the
// JetStream work queue of a three-node NATS cluster, one database, and the
// firmware simulator's bracelets speaking MQTT to the node that leads the
// cluster's message stream. That node is SIGKILLed mid-stream and started
// again once another node leads; the bracelets reconnect to it and resend
// what was not acknowledged, and every fix the cluster acknowledged is
// stored once (firmware-sim --verify and the database).
//
// The nodes know only the workers' user: every bracelet's CONNECT goes to
// the auth callout the workers answer (--nats-auth-issuer-seed,
// ingest/natsauth), which checks its token in the database and grants it
// its own topics, through the kill and the reconnections after it.
func TestNATSBrokerNodeKilledMidStream(t *testing.T) {
	t.Parallel()
	dbURL := storetest.NewURL(t)
	api := startServer(t, dbURL, "--role", "api")
	owner := api.newAccount(t, "nats", 10)

	issuer, err := nkeys.CreateAccount()
	if err != nil {
		t.Fatal(err)
	}
	issuerSeed, _ := issuer.Seed()
	issuerKey, _ := issuer.PublicKey()
	cluster := brokercluster.StartWithCallout(t,
		brokercluster.Callout{Issuer: issuerKey, AuthUsers: []string{"lifeline-ingest"}},
		brokercluster.User{Name: "lifeline-ingest", Password: "worker-secret"})
	// The account's first MQTT connection makes NATS create its MQTT
	// streams, which the workers' consumer reads: one before the workers,
	// as the workers' user (no callout answers yet).
	c := paho.NewClient(paho.NewClientOptions().AddBroker(cluster.Nodes[0].MQTTURL).
		SetClientID("lifeline-setup").SetUsername("lifeline-ingest").SetPassword("worker-secret").SetProtocolVersion(4))
	if tok := c.Connect(); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
		t.Fatalf("the workers' user cannot connect to NATS over MQTT: %v", tok.Error())
	}
	c.Disconnect(100)

	var natsURLs []string
	for _, n := range cluster.Nodes {
		natsURLs = append(natsURLs, n.NATSURL)
	}
	var workers []*server
	for _, name := range []string{"lifeline-ingest-1", "lifeline-ingest-2"} {
		p := apptest.NewProcess(apptest.Binary(t), apptest.Dir(t, "faults-worker-"), "--log-level", "warn", "--role", "ingest",
			"--database-url", dbURL, "--mqtt-external", strings.Join(natsURLs, ","),
			"--mqtt-external-username", "lifeline-ingest", "--mqtt-external-client-id", name)
		p.Env = []string{"LIFELINE_MQTT_EXTERNAL_PASSWORD=worker-secret", "LIFELINE_NATS_AUTH_ISSUER_SEED=" + string(issuerSeed)}
		apptest.Run(t, p)
		workers = append(workers, &server{Process: p, t: t, url: p.URL()})
	}
	committed := func() (total float64, each []float64) {
		for _, w := range workers {
			n := w.metric("lifeline_ingest_fixes_total")
			total, each = total+n, append(each, n)
		}
		return total, each
	}

	leader := cluster.Leader(brokercluster.MessagesStream)
	through := *api
	through.mqttAddr = strings.TrimPrefix(cluster.Nodes[leader].MQTTURL, "tcp://")
	run := through.runSim(t, owner, "--rate", "60", "--inflight", "4", "--duration", "25s", "--drain-timeout", "120s",
		"--battery-every", "0", "--quiet")

	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(100 * time.Millisecond) {
		if n, _ := committed(); n >= 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("fewer than 200 fixes committed by the workers after two minutes:\n%s", tail(run.progress()))
		}
	}
	cluster.Kill(leader)
	killed := time.Now()
	next := cluster.Leader(brokercluster.MessagesStream) // asks the nodes still running
	t.Logf("killed node %s (the stream's leader) mid-stream; %s leads after %v",
		cluster.Nodes[leader].Name, cluster.Nodes[next].Name, time.Since(killed).Round(time.Millisecond))
	cluster.Restart(leader)
	t.Logf("node %s serves again %v after its SIGKILL", cluster.Nodes[leader].Name, time.Since(killed).Round(time.Millisecond))

	sum := run.wait(t, 4*time.Minute)
	if sum.Reconnects < int64(len(owner.devices)) || sum.Lost != 0 || sum.Unsent != 0 || sum.Dropped != 0 {
		t.Errorf("%d reconnects (want every bracelet's), %d lost, %d unsent, %d dropped: want every fix delivered after the restart",
			sum.Reconnects, sum.Lost, sum.Unsent, sum.Dropped)
	}
	if _, each := committed(); each[0] == 0 || each[1] == 0 {
		t.Errorf("the workers committed %v fixes: want both to share the work", each)
	}
	t.Logf("%d fixes acknowledged by the cluster, %d re-sent after the kill", sum.Acked, sum.Resent)
	checkNothingLost(t, api, map[*account]*summary{owner: sum})
}

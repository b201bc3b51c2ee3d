package faults

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/jackc/pgx/v5"
)

// probe is one bracelet the test drives itself (paho, MQTT 3.1.1, QoS 1),
// to see exactly when a PUBACK comes.
type probe struct {
	t      *testing.T
	client paho.Client
	cred   credential
	seq    int64
}

// sentFix is what a probe published.
type sentFix struct {
	seq int64
	ts  time.Time
	tok paho.Token
}

func (s *server) connectProbe(t *testing.T, cred credential) *probe {
	t.Helper()
	opts := paho.NewClientOptions().AddBroker("tcp://" + s.mqttAddr).
		SetClientID(cred.ID).SetUsername(cred.ID).SetPassword(cred.Token).
		SetProtocolVersion(4).SetCleanSession(true).SetAutoReconnect(false).
		SetConnectTimeout(10 * time.Second).SetKeepAlive(30 * time.Second)
	c := paho.NewClient(opts)
	if tok := c.Connect(); !tok.WaitTimeout(15*time.Second) || tok.Error() != nil {
		t.Fatalf("probe %s: connect: %v", cred.ID, tok.Error())
	}
	t.Cleanup(func() { c.Disconnect(100) })
	return &probe{t: t, client: c, cred: cred}
}

// publish sends one fix, now, at QoS 1; the token completes on its PUBACK.
func (p *probe) publish() sentFix {
	p.seq++
	ts := time.Now().UTC().Truncate(time.Millisecond)
	payload := fmt.Sprintf(`{"seq":%d,"ts":%d,"lat":37.7749,"lon":-122.4194,"acc":5}`, p.seq, ts.UnixMilli())
	return sentFix{seq: p.seq, ts: ts, tok: p.client.Publish("bracelets/"+p.cred.ID+"/position", 1, false, payload)}
}

// storedTimes counts how often the probe's fix is in PostgreSQL.
func (p *probe) storedTimes(dbURL string, f sentFix) int {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		p.t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM locations WHERE device_id = $1 AND seq = $2 AND ts = $3`,
		p.cred.ID, f.seq, f.ts).Scan(&n); err != nil {
		p.t.Fatal(err)
	}
	return n
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

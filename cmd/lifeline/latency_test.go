package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"sort"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline/ingest/wire"
)

// BenchmarkFixToAlertEvent measures, on the real program, the time from
// the PUBACK of the fix that confirms an entry into an avoid zone to the
// alert event on the owner's Server-Sent Events stream: decode, commit,
// engine, alert row, NOTIFY, stream. Each iteration uses a new zone.
//
//	go test ./cmd/lifeline -run '^$' -bench FixToAlertEvent -benchtime 20x
func BenchmarkFixToAlertEvent(b *testing.B) {
	dir, err := os.MkdirTemp("", "lifeline-latency-")
	if err != nil {
		b.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755)
	p, stop := startProgramFull(b, dir)
	defer stop()
	owner := signUp(b, p.url, "Lat")
	var device struct{ ID, Token string }
	owner.call("POST", "/api/devices", `{"name":"Latency"}`, http.StatusCreated, &device)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	alerts := owner.alerts(ctx)
	c := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + p.mqtt).SetClientID(device.ID).
		SetUsername(device.ID).SetPassword(device.Token).SetProtocolVersion(4))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		b.Fatalf("connect: %v", tok.Error())
	}
	defer c.Disconnect(100)

	acc, seq := 4.0, uint64(0)
	ts := time.Now().Add(-4 * time.Minute)
	var took []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lat := 10 + float64(i)*0.01 // a new place each time: the device is outside it
		owner.call("POST", "/api/safe-zones", fmt.Sprintf(`{"name":"Zone %d","type":"avoid","latitude":%f,"longitude":20,"radius":100}`, i, lat), http.StatusCreated, nil)
		var last time.Time
		for j := 0; j < 3; j++ {
			seq++
			ts = ts.Add(time.Second)
			tok := c.Publish(wire.PositionTopic(device.ID), 1, false, wire.EncodePosition(wire.Fix{Seq: seq, TS: ts, Lat: lat, Lon: 20, Acc: &acc}))
			if !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
				b.Fatalf("publish: %v", tok.Error())
			}
			last = time.Now()
		}
		select {
		case <-alerts:
			took = append(took, time.Since(last))
		case <-time.After(10 * time.Second):
			b.Fatal("no alert event")
		}
	}
	b.StopTimer()
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(took[len(took)-1].Microseconds())/1000, "max-ms")
}

package main

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"lifeline/ingest/wire"
)

// sosState is where a device of the sos scenario is with its one press.
type sosState uint8

const (
	sosNone  sosState = iota // no fix acknowledged yet
	sosDue                   // to be sent when the window has room
	sosSent                  // waiting for its PUBACK
	sosAcked                 // acknowledged: the server raised it (or it repeated one within the minute)
)

// sendSOS presses the button: the packet carries the first acknowledged
// fix's position, a seq of its own after the fixes' and the time now.
func (d *device) sendSOS(now time.Time) {
	d.sos = sosSent
	d.seq++
	f := d.sosFix
	acc := f.acc
	p := wire.EncodeSOS(wire.SOS{Seq: d.seq, TS: now.Add(d.skew), Fix: &wire.Fix{Lat: f.lat, Lon: f.lon, Acc: &acc}})
	d.s.c.sosSent.Add(1)
	d.publish(kindSOS, wire.SOSTopic(d.cred.ID), p, nil, now)
}

// alert is what --verify reads of GET /api/alerts.
type alert struct {
	ID        int64     `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"createdAt"`
}

func (c *apiClient) alerts(ctx context.Context) ([]alert, error) {
	var list []alert
	err := c.do(ctx, http.MethodGet, "/api/alerts", nil, &list)
	return list, err
}

// verifySOS checks that an acknowledged press left an SOS alert on the
// account, raised since the run began.
func (s *sim) verifySOS(ctx context.Context, v *VerifyResult, since time.Time) error {
	if s.cfg.Scenario != scenarioSOS {
		return nil
	}
	list, err := s.api.alerts(ctx)
	if err != nil {
		return err
	}
	acked := s.c.sosAcked.Load()
	v.SOSChecked = acked > 0
	for _, a := range list {
		if a.Type == "sos" && !a.CreatedAt.Before(since.Truncate(time.Minute)) {
			v.SOSAlert = a.ID
			return nil
		}
	}
	v.sosMissing = true
	if acked > 0 {
		v.example("no SOS alert on the account although %d press(es) were acknowledged", acked)
	} else {
		v.example("no SOS press was acknowledged (no fix was acknowledged first?)")
	}
	return nil
}

func printVerifySOS(w interface{ Write([]byte) (int, error) }, v *VerifyResult, scenario string) {
	if scenario != scenarioSOS {
		return
	}
	if v.SOSAlert != 0 {
		fmt.Fprintf(w, "  verify      the SOS press raised alert %d\n", v.SOSAlert)
	} else {
		fmt.Fprintln(w, "  verify      FAILED: the SOS press raised no alert")
	}
}

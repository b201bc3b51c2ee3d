package main

import (
	"context"
	"fmt"
	"io"
	"time"
)

// VerifyResult is what --verify found on the server.
type VerifyResult struct {
	Checked    int `json:"checked"`    // acknowledged fixes looked for
	Missing    int `json:"missing"`    // acknowledged, not stored
	Duplicates int `json:"duplicates"` // stored more than once
	// StoredInvalid counts fixes the server should have rejected (the device
	// clock outside its time window) that it stored anyway.
	StoredInvalid int `json:"stored_invalid"`
	// Unacknowledged counts stored fixes of these devices, in the run's time
	// range, that were never acknowledged (sent, but the PUBACK was lost).
	Unacknowledged int `json:"unacknowledged"`
	// The sos scenario: whether a press was acknowledged, and the SOS
	// alert found on the account (0: none).
	SOSChecked bool     `json:"sos_checked,omitempty"`
	SOSAlert   int64    `json:"sos_alert,omitempty"`
	Examples   []string `json:"examples,omitempty"`

	sosMissing bool
}

func (v *VerifyResult) failed() bool {
	return v.Missing > 0 || v.Duplicates > 0 || v.StoredInvalid > 0 || v.sosMissing
}

// verifyError is a --verify that found acknowledged fixes missing or
// stored twice, or rejected ones stored.
type verifyError struct{ v *VerifyResult }

func (e *verifyError) Error() string {
	if e.v.sosMissing {
		return "verify: the SOS press raised no SOS alert"
	}
	return fmt.Sprintf("verify: of %d acknowledged fixes %d are missing and %d stored more than once; %d that should have been rejected are stored",
		e.v.Checked, e.v.Missing, e.v.Duplicates, e.v.StoredInvalid)
}

type fixKey struct {
	dev      int32
	ts       int64
	lat, lon float64
}

// verifySettle is how long verify waits for acknowledged fixes that are not
// stored yet. Lifeline's own broker acknowledges a fix once it is committed,
// but an external broker (a NATS or Mosquitto cluster) acknowledges once it
// holds the fix, and the ingest workers store it after: on a busy machine
// the last fixes of a run arrive a moment after the run ends.
const verifySettle = 30 * time.Second

// verify checks each acknowledged fix is stored exactly once and none that
// the server should have rejected, reading again while some are missing,
// for up to verifySettle.
func (s *sim) verify(ctx context.Context) (*VerifyResult, error) {
	deadline := time.Now().Add(verifySettle)
	for {
		v, err := s.verifyOnce(ctx)
		if err != nil || v.Missing == 0 || time.Now().After(deadline) {
			return v, err
		}
		select {
		case <-ctx.Done():
			return v, nil
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// verifyOnce pages through the user's stored fixes over the time range of
// the acknowledged ones and counts each acknowledged fix found.
func (s *sim) verifyOnce(ctx context.Context) (*VerifyResult, error) {
	v := &VerifyResult{}
	found := map[fixKey]int{}
	invalid := map[fixKey]bool{}
	byID := map[string]int32{}
	minTS, maxTS := int64(1<<62), int64(-1<<62)
	for i, d := range s.devices {
		byID[d.cred.ID] = int32(i)
		for _, a := range d.acked {
			found[fixKey{int32(i), a.ts, a.lat, a.lon}] = 0
			minTS, maxTS = min(minTS, a.ts), max(maxTS, a.ts)
		}
		for _, a := range d.rejected {
			invalid[fixKey{int32(i), a.ts, a.lat, a.lon}] = true
			minTS, maxTS = min(minTS, a.ts), max(maxTS, a.ts)
		}
	}
	if minTS > maxTS {
		return v, nil
	}
	if err := s.api.awaitReady(ctx, time.Minute); err != nil {
		return nil, err
	}
	err := s.api.eachLocation(ctx, time.UnixMilli(minTS), time.UnixMilli(maxTS), func(l location) {
		i, ok := byID[l.DeviceID]
		if !ok {
			return
		}
		k := fixKey{i, l.Timestamp.UnixMilli(), l.Latitude, l.Longitude}
		if n, ok := found[k]; ok {
			found[k] = n + 1
		} else if invalid[k] {
			v.StoredInvalid++
			v.example("stored although outside the time window: %s at %s", l.DeviceID, l.Timestamp.Format(time.RFC3339Nano))
		} else {
			v.Unacknowledged++
		}
	})
	if err != nil {
		return nil, err
	}
	for i, d := range s.devices {
		for _, a := range d.acked {
			v.Checked++
			at := time.UnixMilli(a.ts).UTC().Format(time.RFC3339Nano)
			switch n := found[fixKey{int32(i), a.ts, a.lat, a.lon}]; {
			case n == 0:
				v.Missing++
				v.example("missing: %s seq %d at %s (%.7f, %.7f)", d.cred.ID, a.seq, at, a.lat, a.lon)
			case n > 1:
				v.Duplicates++
				v.example("stored %d times: %s seq %d at %s", n, d.cred.ID, a.seq, at)
			}
		}
	}
	return v, nil
}

func (v *VerifyResult) example(format string, args ...any) {
	if len(v.Examples) < 5 {
		v.Examples = append(v.Examples, fmt.Sprintf(format, args...))
	}
}

func printVerify(w io.Writer, v *VerifyResult) {
	switch {
	case v.failed():
		fmt.Fprintf(w, "  verify      FAILED: of %d acknowledged fixes %d are missing, %d stored more than once; %d stored that should have been rejected\n",
			v.Checked, v.Missing, v.Duplicates, v.StoredInvalid)
		for _, e := range v.Examples {
			fmt.Fprintf(w, "              %s\n", e)
		}
	case v.Checked == 0:
		fmt.Fprintln(w, "  verify      no acknowledged fix to look for, and nothing stored that should have been rejected")
	default:
		fmt.Fprintf(w, "  verify      all %d acknowledged fixes are stored, each once\n", v.Checked)
	}
	if v.Unacknowledged > 0 {
		fmt.Fprintf(w, "  verify      %d stored fix(es) were never acknowledged (sent, PUBACK lost): not an error\n", v.Unacknowledged)
	}
}

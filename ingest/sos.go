package ingest

import (
	"context"
	"time"

	"lifeline"
	"lifeline/ingest/wire"
)

// SOSPress is a press of a bracelet's SOS button: whose, and when (the
// packet's ts, so a resent packet is the same SOS).
type SOSPress struct {
	UserID int64
	At     time.Time
}

// decodeSOS turns an SOS packet into the press and, when it holds one, the
// position to store with it.
func decodeSOS(payload []byte, from sender, now time.Time, limits wire.Limits) (decoded, error) {
	p, err := wire.DecodeSOS(payload, now, limits)
	if err != nil {
		return decoded{}, err
	}
	d := decoded{kind: wire.KindSOS, sos: &SOSPress{UserID: from.userID, At: p.TS}}
	if f := p.Fix; f != nil {
		d.fixes = []lifeline.Fix{{UserID: from.userID, DeviceID: from.deviceID, Source: lifeline.SourceBracelet,
			Seq: int64(f.Seq), TS: f.TS, Lat: f.Lat, Lon: f.Lon, Accuracy: f.Acc, ReceivedAt: now}}
	}
	return d, nil
}

// SubmitSOS queues an SOS press behind the rows before it, with its
// position (if any): once the position is committed, the SOS is raised
// through WriterConfig.SOS, and then done is called, in submission order
// like Submit's. A repeat within the minute (ECONFLICT) counts as done:
// the press is acknowledged and nobody is told twice.
func (w *Writer) SubmitSOS(fixes []lifeline.Fix, press SOSPress, done func(error)) error {
	return w.submit(&writeJob{fixes: fixes, sos: &press, received: time.Now(), done: done})
}

// WriteSOS submits an SOS press and waits until it is raised.
func (w *Writer) WriteSOS(ctx context.Context, fixes []lifeline.Fix, press SOSPress) error {
	return awaitDone(ctx, func(done func(error)) error { return w.SubmitSOS(fixes, press, done) })
}

// raiseSOS raises a committed job's SOS, retrying while the database is
// unavailable, like the rows' commit: the PUBACK waits until it stands.
func (w *Writer) raiseSOS(press *SOSPress) error {
	if w.cfg.SOS == nil {
		w.cfg.Logger.Error("an SOS arrived but this writer raises none (no WriterConfig.SOS)", "user", press.UserID)
		return nil
	}
	backoff := 50 * time.Millisecond
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		alert, reached, err := w.cfg.SOS.RaiseSOS(ctx, press.UserID, press.At)
		cancel()
		switch lifeline.ErrorCode(err) {
		case "":
			w.cfg.Logger.Info("sos raised from a bracelet", "user", press.UserID, "alert", alert.ID, "supporters", reached)
			return nil
		case lifeline.ECONFLICT:
			w.cfg.Logger.Info("sos repeated within the minute; nobody is told twice", "user", press.UserID)
			return nil
		case lifeline.EINVALID, lifeline.ENOTFOUND:
			return lifeline.Errorf(lifeline.EINVALID, "sos refused: %v", err)
		}
		if attempt == 1 || attempt%20 == 0 {
			w.cfg.Logger.Warn("cannot raise sos; holding the acknowledgement and retrying", "user", press.UserID, "attempt", attempt, "err", err)
		}
		time.Sleep(backoff)
		backoff = min(backoff*2, 2*time.Second)
	}
}

package ingest

import (
	"context"
	"errors"
	"log/slog"

	"github.com/mochi-mqtt/server/v2/packets"
)

// withoutCountedRefusals is the logger handed to mochi. mochi's listeners
// log a warning with an empty message for every connection that ends in an
// error, refused CONNECTs included: a flood of wrong tokens (1,000 a
// second) would write 1,000 lines a second. Those refusals are counted in
// lifeline_mqtt_refused_total and logged by the hook itself while the
// address is not throttled, so mochi's line about them is dropped; every
// other record passes.
func withoutCountedRefusals(l *slog.Logger) *slog.Logger {
	return slog.New(refusalFilter{l.Handler()})
}

type refusalFilter struct{ next slog.Handler }

func (f refusalFilter) Enabled(ctx context.Context, level slog.Level) bool {
	return f.next.Enabled(ctx, level)
}

func (f refusalFilter) Handle(ctx context.Context, r slog.Record) error {
	if r.Level == slog.LevelWarn && r.Message == "" && isCountedRefusal(r) {
		return nil
	}
	return f.next.Handle(ctx, r)
}

func (f refusalFilter) WithAttrs(attrs []slog.Attr) slog.Handler {
	return refusalFilter{f.next.WithAttrs(attrs)}
}

func (f refusalFilter) WithGroup(name string) slog.Handler {
	return refusalFilter{f.next.WithGroup(name)}
}

// countedRefusals are the CONNACK codes the device hook answers with (and
// counts): a bad token or unknown device, a refused client, a full broker.
var countedRefusals = []packets.Code{packets.ErrBadUsernameOrPassword, packets.ErrNotAuthorized, packets.ErrServerBusy}

func isCountedRefusal(r slog.Record) bool {
	counted := false
	r.Attrs(func(a slog.Attr) bool {
		err, ok := a.Value.Any().(error)
		if a.Key != "error" || !ok {
			return true
		}
		var code packets.Code
		if errors.As(err, &code) {
			for _, c := range countedRefusals {
				counted = counted || code.Code == c.Code
			}
		}
		return false
	})
	return counted
}

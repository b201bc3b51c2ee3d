package wire_test

import (
	"errors"
	"slices"
	"testing"

	"lifeline/ingest/wire"
)

// decodeFixture decodes f's payload with the decoder of its kind, the way
// the fixture says to: at FixtureNow with the default limits.
func decodeFixture(f wire.Fixture) (fixes []wire.Fix, b wire.Battery, c wire.Config, err error) {
	switch f.Kind {
	case wire.KindPosition:
		fixes, err = wire.DecodePositions(f.Payload, wire.FixtureNow, wire.Limits{})
	case wire.KindBattery:
		b, err = wire.DecodeBattery(f.Payload, wire.FixtureNow, wire.Limits{})
	case wire.KindConfig:
		c, err = wire.DecodeConfig(f.Payload)
	}
	return fixes, b, c, err
}

func TestFixtures(t *testing.T) {
	names := map[string]bool{}
	for _, f := range wire.Fixtures {
		if names[f.Name] {
			t.Errorf("two fixtures are named %q", f.Name)
		}
		names[f.Name] = true
		t.Run(f.Name, func(t *testing.T) {
			fixes, b, c, err := decodeFixture(f)
			if f.Reason != "" {
				var e *wire.Error
				if !errors.As(err, &e) {
					t.Fatalf("got %v, %+v, %+v, %v; want an *Error with reason %s", fixes, b, c, err, f.Reason)
				}
				if e.Reason != f.Reason {
					t.Fatalf("got reason %s (%v), want %s", e.Reason, err, f.Reason)
				}
				if fixes != nil {
					t.Errorf("a rejected packet gave fixes %v", fixes)
				}
				return
			}
			if err != nil {
				t.Fatalf("got %v, want the payload accepted", err)
			}
			switch f.Kind {
			case wire.KindPosition:
				assertFixes(t, fixes, f.Fixes)
			case wire.KindBattery:
				assertBattery(t, b, f.Battery)
			case wire.KindConfig:
				if c != f.Config {
					t.Errorf("got %+v, want %+v", c, f.Config)
				}
			}
		})
	}
}

// Every reason a decoder gives has a fixture, so the other packages' tests
// that reuse them see each one.
func TestFixturesCoverEveryReason(t *testing.T) {
	covered := map[string]bool{}
	for _, f := range wire.Fixtures {
		covered[f.Reason] = true
	}
	for _, r := range wire.Reasons() {
		if r != wire.ReasonBadTopic && !covered[r] {
			t.Errorf("no fixture is rejected with reason %s", r)
		}
	}
	for _, kind := range []wire.Kind{wire.KindPosition, wire.KindBattery, wire.KindConfig} {
		if !slices.ContainsFunc(wire.Fixtures, func(f wire.Fixture) bool { return f.Kind == kind && f.Reason == "" }) {
			t.Errorf("no valid %s fixture", kind)
		}
	}
}

func assertFixes(t *testing.T, got, want []wire.Fix) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d fixes, want %d", len(got), len(want))
	}
	for i := range got {
		if !got[i].Equal(want[i]) {
			t.Errorf("fix %d: got %s, want %s", i, showFix(got[i]), showFix(want[i]))
		}
		if got[i].TS.Location() != want[i].TS.Location() {
			t.Errorf("fix %d: ts in %s, want UTC", i, got[i].TS.Location())
		}
	}
}

func assertBattery(t *testing.T, got, want wire.Battery) {
	t.Helper()
	if got.Seq != want.Seq || !got.TS.Equal(want.TS) || got.Bat != want.Bat || got.Charging != want.Charging {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

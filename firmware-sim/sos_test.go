package main

import (
	"bytes"
	"io"
	"testing"
)

// TestSOSScenarioRaisesAnAlert: each device presses the SOS button once,
// after its first acknowledged fix; both presses are acknowledged, the
// account has the SOS alert (--verify), and presses within one minute
// raise it once.
func TestSOSScenarioRaisesAnAlert(t *testing.T) {
	srv := startServer(t)
	a := newAccount(t, srv)
	cfg := a.config(srv, a.pair(t, 2))
	cfg.Scenario = scenarioSOS
	var out bytes.Buffer
	sum, err := Run(t.Context(), cfg, &out, io.Discard)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	t.Logf("\n%s", out.String())
	if sum.SOSSent != 2 || sum.SOSAcked != 2 {
		t.Errorf("SOS presses: sent %d, acknowledged %d; want one per device", sum.SOSSent, sum.SOSAcked)
	}
	if v := sum.Verify; v == nil || v.SOSAlert == 0 || v.failed() {
		t.Errorf("verify: %+v", sum.Verify)
	}
	list, err := a.api.alerts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var sos int
	for _, al := range list {
		if al.Type == "sos" {
			sos++
		}
	}
	if sos < 1 || sos > 2 { // two presses in one minute raise one; a minute boundary between them, two
		t.Errorf("%d SOS alerts for 2 presses a moment apart", sos)
	}
}

func TestSOSScenarioNeedsTheBraceletProtocol(t *testing.T) {
	for _, p := range []protocol{protoOwnTracksMQTT, protoBracelet} {
		cfg := defaultConfig()
		cfg.Scenario, cfg.Protocol = scenarioSOS, p
		err := cfg.validate()
		if isUsage := err != nil && bytes.Contains([]byte(err.Error()), []byte("sos scenario")); isUsage != (p != protoBracelet) {
			t.Errorf("protocol %s: validate = %v", p, err)
		}
	}
}

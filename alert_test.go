package lifeline_test

import (
	"testing"
	"time"

	"lifeline"
)

// TestAlertWording pins the texts people read (docs/spec.md's wording): the
// same builders word the stored alert, its live event and any channel.
func TestAlertWording(t *testing.T) {
	london, _ := time.LoadLocation("Europe/London")
	at := time.Date(2026, 7, 1, 21, 5, 0, 0, time.UTC) // 22:05 in London
	for _, tc := range []struct {
		name      string
		got, want string
	}{
		{"low battery", lifeline.LowBatteryMessage(`Left "wrist"`, 15),
			`Your bracelet "Left "wrist"" is at 15% battery. Charge it soon so it can keep looking out for you.`},
		{"offline, in the owner's time", lifeline.DeviceOfflineAlert("brc_1", "Left wrist", at, london).Message,
			`Your bracelet "Left wrist" has not reported since 10:05 PM. It may be out of range, switched off or out of battery.`},
		{"entered an avoid zone", lifeline.ZoneEnteredMessage("Old bar", at),
			`You entered "Old bar", a place you chose to avoid, at 9:05 PM. Take a slow breath — your coping tools and people are one tap away.`},
		{"left a safe zone", lifeline.ZoneLeftMessage("Home", at),
			`You left "Home", one of your safe places, at 9:05 PM. If this wasn't planned, a quick check-in with someone you trust can help.`},
		{"stayed in an avoid zone", lifeline.ZoneDwellMessage("Old bar", at),
			`You've been at "Old bar", a place you chose to avoid, since 9:05 PM. It's okay to step away now — you can reach out any time.`},
		{"away during planned hours", lifeline.ZoneScheduleMessage("Home", at),
			`You're away from "Home" during the hours you planned to be there (since 9:05 PM). If you need support, it's one tap away.`},
		{"back in an avoid zone after I'm okay", lifeline.ZoneReenteredMessage("Murphy's Bar", at),
			`You're back at "Murphy's Bar". You said you were okay at 9:05 PM — how are you doing now? Your coping tools and people are one tap away.`},
		{"staying again after I'm okay", lifeline.ZoneDwellAgainMessage("Old bar", at.Add(10*time.Minute), at),
			`You've been back at "Old bar" since 9:15 PM. You said you were okay at 9:05 PM — how are you doing now? It's okay to step away; your people are one tap away.`},
		{"a bracelet back", lifeline.DeviceBackResolution(at), `Back since 9:05 PM.`},
		{"a bracelet charging", lifeline.BatteryResolution(12, true, at), `Charging since 9:05 PM.`},
		{"a battery back up", lifeline.BatteryResolution(40, false, at), `Back to 40% at 9:05 PM.`},
		{"a week of check-ins", lifeline.MilestoneMessage(7),
			`One full week of check-ins. Seven days of showing up for yourself — that's worth celebrating.`},
	} {
		if tc.got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, tc.got, tc.want)
		}
	}
}

// TestDeviceAlertKeys: one alert per discharge (keyed by when it was
// claimed) and per silence (keyed by when it began), to the second.
func TestDeviceAlertKeys(t *testing.T) {
	at := time.Date(2026, 7, 1, 21, 5, 9, 999_000_000, time.FixedZone("x", 3600))
	for _, tc := range []struct {
		name string
		a    lifeline.NewAlert
		want lifeline.NewAlert
	}{
		{"low battery", lifeline.LowBatteryAlert("brc_1", "L", 9, at),
			lifeline.NewAlert{Type: lifeline.AlertLowBattery, Link: "/gps", DedupKey: "brc_1:2026-07-01T20:05:09Z", DeviceID: "brc_1"}},
		{"offline", lifeline.DeviceOfflineAlert("brc_1", "L", at, time.UTC),
			lifeline.NewAlert{Type: lifeline.AlertDeviceOffline, Link: "/gps", DedupKey: "brc_1:2026-07-01T20:05:09Z", DeviceID: "brc_1"}},
	} {
		tc.a.Message = ""
		if tc.a.Type != tc.want.Type || tc.a.Link != tc.want.Link || tc.a.DedupKey != tc.want.DedupKey || tc.a.DeviceID != tc.want.DeviceID {
			t.Errorf("%s = %+v, want %+v", tc.name, tc.a, tc.want)
		}
	}
}

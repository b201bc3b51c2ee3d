package api_test

import (
	"net/http"
	"reflect"
	"testing"
)

// TestEscalationSettings: the defaults until changed, a round trip, and a
// clear message for each field that is out of range.
func TestEscalationSettings(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Wren")

	var got map[string]any
	resp := c.do("GET", "/api/escalation", nil)
	resp.json(t, &got)
	want := map[string]any{"avoidZone": "default", "avoidZoneMinutes": nil, "missedCheckinDays": 2.0, "device": "at_once", "tierWindowMinutes": 10.0, "claimRemindMinutes": 30.0, "defaultAvoidZoneMinutes": 10.0}
	if resp.status != http.StatusOK || !reflect.DeepEqual(got, want) {
		t.Fatalf("GET defaults = %d %v, want %v", resp.status, got, want)
	}

	cases := []struct {
		name   string
		body   any
		status int
		fields []string // fields named in the 400
		want   map[string]any
	}{
		{"after 30 minutes, 3 days, devices never", map[string]any{"avoidZone": "after", "avoidZoneMinutes": 30, "missedCheckinDays": 3, "device": "never"},
			http.StatusOK, nil, map[string]any{"avoidZone": "after", "avoidZoneMinutes": 30.0, "missedCheckinDays": 3.0, "device": "never", "tierWindowMinutes": 10.0, "claimRemindMinutes": 30.0, "defaultAvoidZoneMinutes": 10.0}},
		{"don't tell them drops the minutes", map[string]any{"avoidZone": "never", "avoidZoneMinutes": 30, "missedCheckinDays": 1, "device": "at_once"},
			http.StatusOK, nil, map[string]any{"avoidZone": "never", "avoidZoneMinutes": nil, "missedCheckinDays": 1.0, "device": "at_once", "tierWindowMinutes": 10.0, "claimRemindMinutes": 30.0, "defaultAvoidZoneMinutes": 10.0}},
		{"the next tier after 15 minutes, a reminder after 45", map[string]any{"avoidZone": "default", "missedCheckinDays": 2, "device": "at_once", "tierWindowMinutes": 15, "claimRemindMinutes": 45},
			http.StatusOK, nil, map[string]any{"avoidZone": "default", "avoidZoneMinutes": nil, "missedCheckinDays": 2.0, "device": "at_once", "tierWindowMinutes": 15.0, "claimRemindMinutes": 45.0, "defaultAvoidZoneMinutes": 10.0}},
		{"the bounds", map[string]any{"avoidZone": "default", "missedCheckinDays": 2, "device": "at_once", "tierWindowMinutes": 1, "claimRemindMinutes": 240},
			http.StatusOK, nil, map[string]any{"avoidZone": "default", "avoidZoneMinutes": nil, "missedCheckinDays": 2.0, "device": "at_once", "tierWindowMinutes": 1.0, "claimRemindMinutes": 240.0, "defaultAvoidZoneMinutes": 10.0}},
		{"left out: back to the defaults", map[string]any{"avoidZone": "default", "missedCheckinDays": 2, "device": "at_once"},
			http.StatusOK, nil, map[string]any{"avoidZone": "default", "avoidZoneMinutes": nil, "missedCheckinDays": 2.0, "device": "at_once", "tierWindowMinutes": 10.0, "claimRemindMinutes": 30.0, "defaultAvoidZoneMinutes": 10.0}},
		{"a window of 0 and of 121 minutes", map[string]any{"avoidZone": "default", "missedCheckinDays": 2, "device": "at_once", "tierWindowMinutes": 0, "claimRemindMinutes": 4}, http.StatusBadRequest, []string{"tierWindowMinutes", "claimRemindMinutes"}, nil},
		{"too long", map[string]any{"avoidZone": "default", "missedCheckinDays": 2, "device": "at_once", "tierWindowMinutes": 121, "claimRemindMinutes": 241}, http.StatusBadRequest, []string{"tierWindowMinutes", "claimRemindMinutes"}, nil},
		{"after without minutes", map[string]any{"avoidZone": "after", "missedCheckinDays": 2, "device": "at_once"}, http.StatusBadRequest, []string{"avoidZoneMinutes"}, nil},
		{"121 minutes", map[string]any{"avoidZone": "after", "avoidZoneMinutes": 121, "missedCheckinDays": 2, "device": "at_once"}, http.StatusBadRequest, []string{"avoidZoneMinutes"}, nil},
		{"0 minutes", map[string]any{"avoidZone": "after", "avoidZoneMinutes": 0, "missedCheckinDays": 2, "device": "at_once"}, http.StatusBadRequest, []string{"avoidZoneMinutes"}, nil},
		{"8 days and 0 days", map[string]any{"avoidZone": "default", "missedCheckinDays": 8, "device": "at_once"}, http.StatusBadRequest, []string{"missedCheckinDays"}, nil},
		{"unknown choices", map[string]any{"avoidZone": "later", "missedCheckinDays": 0, "device": "sometimes"}, http.StatusBadRequest, []string{"avoidZone", "missedCheckinDays", "device"}, nil},
		{"unknown field", `{"avoidZone": "default", "missedCheckinDays": 2, "device": "at_once", "sos": "never"}`, http.StatusBadRequest, nil, nil},
		{"the server's default is not the wearer's to send", `{"avoidZone": "default", "missedCheckinDays": 2, "device": "at_once", "defaultAvoidZoneMinutes": 5}`, http.StatusBadRequest, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp := c.do("PUT", "/api/escalation", tc.body)
			if resp.status != tc.status {
				t.Fatalf("PUT = %d %s, want %d", resp.status, resp.body, tc.status)
			}
			if tc.status != http.StatusOK {
				_, _, fields := resp.errorBody(t)
				for _, f := range tc.fields {
					if fields[f] == "" {
						t.Errorf("no message for %s: %s", f, resp.body)
					}
				}
				return
			}
			var saved, read map[string]any
			resp.json(t, &saved)
			c.do("GET", "/api/escalation", nil).json(t, &read)
			if !reflect.DeepEqual(saved, tc.want) || !reflect.DeepEqual(read, tc.want) {
				t.Errorf("saved %v, read back %v, want %v", saved, read, tc.want)
			}
		})
	}
}

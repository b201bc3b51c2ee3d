package wire_test

import (
	"encoding/json"
	"testing"
)

// BenchmarkEncodingJSONBaseline decodes the same single fix with
// encoding/json into a struct (no validation, no duplicate check), the
// yardstick for the hand-written decoder.
func BenchmarkEncodingJSONBaseline(b *testing.B) {
	payload := []byte(`{"seq":1042,"ts":1763793664000,"lat":37.7749,"lon":-122.4194,"acc":6.5,"bat":81}`)
	type fix struct {
		Seq json.Number `json:"seq"`
		TS  json.Number `json:"ts"`
		Lat *float64    `json:"lat"`
		Lon *float64    `json:"lon"`
		Acc *float64    `json:"acc"`
		Bat *int        `json:"bat"`
	}
	b.ReportAllocs()
	for b.Loop() {
		var f fix
		if err := json.Unmarshal(payload, &f); err != nil {
			b.Fatal(err)
		}
	}
}

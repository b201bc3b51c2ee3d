package phone

import (
	"encoding/json"
	"slices"

	"lifeline"
)

// owntracksWaypoint is one OwnTracks region, as the booklet's _type
// waypoint lists it (https://owntracks.org/booklet/tech/json/).
type owntracksWaypoint struct {
	Type string  `json:"_type"`
	Desc string  `json:"desc"`
	Lat  float64 `json:"lat"`
	Lon  float64 `json:"lon"`
	Rad  int     `json:"rad"`
	TST  int64   `json:"tst"`
}

type owntracksWaypoints struct {
	Type      string              `json:"_type"`
	Waypoints []owntracksWaypoint `json:"waypoints"`
}

type owntracksCmd struct {
	Type      string             `json:"_type"`
	Action    string             `json:"action"`
	Waypoints owntracksWaypoints `json:"waypoints"`
}

// OwnTracksSetWaypoints is the OwnTracks remote command that gives the app
// the user's active circular zones as regions, so it shows them and reports
// entering and leaving them (https://owntracks.org/booklet/features/remoteconfig/).
// The apps merge the list into their own: Android keys a region by tst,
// iOS by desc, so each zone keeps its creation time as tst (made unique
// within the list) and its name as desc. OwnTracks regions are circles,
// so polygon zones are left out; Lifeline checks every zone itself anyway.
func OwnTracksSetWaypoints(zones []*lifeline.Zone) []byte {
	list := []owntracksWaypoint{}
	used := map[int64]bool{}
	zones = slices.Clone(zones)
	slices.SortFunc(zones, func(a, b *lifeline.Zone) int { return int(a.ID - b.ID) })
	for _, z := range zones {
		if !z.IsActive || z.Shape != lifeline.ShapeCircle || z.Radius == nil {
			continue
		}
		tst := z.CreatedAt.Unix()
		for used[tst] {
			tst++
		}
		used[tst] = true
		list = append(list, owntracksWaypoint{Type: "waypoint", Desc: z.Name, Lat: z.Latitude, Lon: z.Longitude, Rad: max(1, int(*z.Radius+0.5)), TST: tst})
	}
	cmd := owntracksCmd{Type: "cmd", Action: "setWaypoints", Waypoints: owntracksWaypoints{Type: "waypoints", Waypoints: list}}
	out, _ := json.Marshal(cmd) // plain values from validated zones: never fails
	return out
}

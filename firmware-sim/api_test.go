package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeLocations answers GET /api/gps/locations the way the API does:
// newest first (ts, then id), from ≤ ts ≤ to, at most limit.
func fakeLocations(t *testing.T, rows []location) *httptest.Server {
	sort.Slice(rows, func(i, j int) bool {
		if !rows[i].Timestamp.Equal(rows[j].Timestamp) {
			return rows[i].Timestamp.After(rows[j].Timestamp)
		}
		return rows[i].ID > rows[j].ID
	})
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		from, err1 := time.Parse(time.RFC3339, q.Get("from"))
		to, err2 := time.Parse(time.RFC3339, q.Get("to"))
		limit, err3 := strconv.Atoi(q.Get("limit"))
		if err1 != nil || err2 != nil || err3 != nil || limit > maxPage {
			t.Errorf("bad query %s", r.URL.RawQuery)
			http.Error(w, "bad query", http.StatusBadRequest)
			return
		}
		out := []location{}
		for _, l := range rows {
			if !l.Timestamp.Before(from) && !l.Timestamp.After(to) && len(out) < limit {
				out = append(out, l)
			}
		}
		json.NewEncoder(w).Encode(out)
	}))
}

func TestEachLocationPages(t *testing.T) {
	base := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		rows    int
		sameTS  int // rows sharing each millisecond
		wantErr string
	}{
		{"fewer than a page", 10, 1, ""},
		{"exactly a page", 1000, 1, ""},
		{"several pages", 3456, 1, ""},
		{"many fixes per millisecond, across page boundaries", 4000, 37, ""},
		{"999 share a millisecond", 2997, 999, ""},
		{"more than a page share a millisecond", 3000, 1500, "more than 1000 fixes share the time"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rows []location
			for i := range tt.rows {
				rows = append(rows, location{ID: int64(i + 1), DeviceID: "brc_test1234", Timestamp: base.Add(time.Duration(i/tt.sameTS) * time.Millisecond)})
			}
			srv := fakeLocations(t, rows)
			defer srv.Close()
			api, _ := newAPIClient(srv.URL)
			seen := map[int64]int{}
			err := api.eachLocation(t.Context(), base, base.Add(time.Hour), func(l location) { seen[l.ID]++ })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(seen) != tt.rows {
				t.Errorf("saw %d of %d rows", len(seen), tt.rows)
			}
			for id, n := range seen {
				if n != 1 {
					t.Fatalf("row %d seen %d times", id, n)
				}
			}
		})
	}
}

func TestFindZone(t *testing.T) {
	zones := `[{"id":1,"name":"Home","type":"safe","latitude":37.78,"longitude":-122.41,"radius":150,"isActive":true},
		{"id":"z2","name":"The Bar","type":"avoid","latitude":37.79,"longitude":-122.40,"radius":80,"isActive":true},
		{"id":3,"name":"Park","type":"safe","radius":0,"isActive":true}]`
	withZones := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/safe-zones" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(zones))
	}))
	defer withZones.Close()
	without := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"error":"not_found","message":"No API endpoint at GET /api/safe-zones."}`))
	}))
	defer without.Close()

	tests := []struct {
		name, url, zone string
		want            target
		wantErr         string
	}{
		{"by name", withZones.URL, "Home", target{name: "Home", lat: 37.78, lon: -122.41, radius: 150}, ""},
		{"any case, string id", withZones.URL, " the bar ", target{name: "The Bar", lat: 37.79, lon: -122.40, radius: 80}, ""},
		{"unknown name lists the zones", withZones.URL, "Work", target{}, `no zone named "Work"; the account's zones are "Home", "The Bar", "Park"`},
		{"a zone without a centre", withZones.URL, "park", target{}, "has no centre point"},
		{"no zones API yet", without.URL, "Home", target{}, "has no zones API (GET /api/safe-zones answered 404): give the point with --target-lat and --target-lon"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api, _ := newAPIClient(tt.url)
			got, err := api.findZone(t.Context(), tt.zone)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("got %+v %v, want %+v", got, err, tt.want)
			}
		})
	}
}

// TestAPISendsOrigin: state-changing requests carry the Origin the server's
// cross-origin protection expects, and errors come back in words.
func TestAPISendsOrigin(t *testing.T) {
	var origin string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin = r.Header.Get("Origin")
		w.WriteHeader(http.StatusUnauthorized)
		w.Write([]byte(`{"error":"unauthorized","message":"Email or password is incorrect."}`))
	}))
	defer srv.Close()
	api, err := newAPIClient(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	err = api.login(t.Context(), "me@example.com", "nope")
	if origin != srv.URL {
		t.Errorf("Origin %q, want %q", origin, srv.URL)
	}
	if err == nil || !strings.Contains(err.Error(), "cannot sign in") || !strings.Contains(err.Error(), "Email or password is incorrect.") {
		t.Errorf("error %v", err)
	}
}

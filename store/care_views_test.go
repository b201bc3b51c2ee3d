package store_test

import (
	"context"
	"testing"
	"time"

	"lifeline"
	"lifeline/store/storetest"
)

// TestViewingSessions: a supporter's page refreshes every 15 seconds; the
// wearer's audit log keeps one line per viewing session, per thing seen.
func TestViewingSessions(t *testing.T) {
	start := time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC)
	type look struct {
		after time.Duration // from start
		what  []string
	}
	type line struct {
		what        string
		from, until time.Duration
	}
	tests := []struct {
		name  string
		looks []look
		want  []line // newest session first
	}{
		{"one look is one line",
			[]look{{0, []string{"location"}}},
			[]line{{"location", 0, 0}}},
		{"refreshes every 15 s are one session",
			[]look{{0, []string{"location"}}, {15 * time.Second, []string{"location"}}, {30 * time.Second, []string{"location"}}, {10 * time.Minute, []string{"location"}}},
			[]line{{"location", 0, 10 * time.Minute}}},
		{"a session goes on while looks are less than 30 min apart",
			[]look{{0, []string{"checkins"}}, {29 * time.Minute, []string{"checkins"}}, {58 * time.Minute, []string{"checkins"}}},
			[]line{{"checkins", 0, 58 * time.Minute}}},
		{"a 30 min pause begins a new session",
			[]look{{0, []string{"checkins"}}, {30 * time.Minute, []string{"checkins"}}},
			[]line{{"checkins", 30 * time.Minute, 30 * time.Minute}, {"checkins", 0, 0}}},
		{"each thing seen has its own session",
			[]look{{0, []string{"checkins", "alerts"}}, {time.Minute, []string{"checkins", "alerts", "location"}}},
			[]line{{"location", time.Minute, time.Minute}, {"alerts", 0, time.Minute}, {"checkins", 0, time.Minute}}},
		{"looks within a minute of the recorded one change nothing",
			[]look{{0, []string{"alerts"}}, {15 * time.Second, []string{"alerts"}}, {45 * time.Second, []string{"alerts"}}, {59 * time.Second, []string{"alerts"}}},
			[]line{{"alerts", 0, 0}}},
		{"a look a minute or more after the recorded one moves its end",
			[]look{{0, []string{"alerts"}}, {30 * time.Second, []string{"alerts"}}, {61 * time.Second, []string{"alerts"}}, {90 * time.Second, []string{"alerts"}}},
			[]line{{"alerts", 0, 61 * time.Second}}},
		{"a late answer does not move a session back",
			[]look{{0, []string{"phone"}}, {5 * time.Minute, []string{"phone"}}, {4 * time.Minute, []string{"phone"}}},
			[]line{{"phone", 0, 5 * time.Minute}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := storetest.NewDB(t)
			ctx := context.Background()
			wearer := &lifeline.User{Email: "wearer@example.org", FirstName: "Alex", Timezone: "UTC"}
			sam := &lifeline.User{Email: "sam@example.org", FirstName: "Sam", Timezone: "UTC"}
			for _, u := range []*lifeline.User{wearer, sam} {
				if err := db.CreateUser(ctx, u, ""); err != nil {
					t.Fatal(err)
				}
			}
			inv, err := db.InviteSupporter(ctx, wearer.ID, "Sam", "", start)
			if err != nil {
				t.Fatal(err)
			}
			link, err := db.AcceptInvitation(ctx, sam, inv.Token, start)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range tt.looks {
				if err := db.RecordViews(ctx, link, sam.ID, l.what, start.Add(l.after)); err != nil {
					t.Fatal(err)
				}
			}
			views, err := db.FindCareViews(ctx, wearer.ID, 50)
			if err != nil {
				t.Fatal(err)
			}
			var got []line
			for _, v := range views {
				got = append(got, line{v.What, v.ViewedAt.Sub(start), v.LastViewedAt.Sub(start)})
			}
			if len(got) != len(tt.want) {
				t.Fatalf("audit log = %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("line %d = %v, want %v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

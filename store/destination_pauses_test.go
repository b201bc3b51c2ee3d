package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/store/storetest"
)

func TestDestinationPauses(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	t0 := time.Now().Truncate(time.Second)
	policy := lifeline.PausePolicy{Failures: 20, Window: time.Hour, First: 15 * time.Minute, Longest: 6 * time.Hour}
	state := func(destination string) (failures int, paused bool) {
		t.Helper()
		var until *time.Time
		err := db.Pool.QueryRow(ctx, `SELECT failures, paused_until FROM destination_pauses WHERE destination = $1`, destination).Scan(&failures, &until)
		if err != nil {
			return 0, false
		}
		return failures, until != nil
	}

	t.Run("failures on many senders at once each count", func(t *testing.T) {
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() {
				if err := db.DestinationFailed(ctx, "hooks.example.org", lifeline.ProblemTimeout, t0, policy); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if failures, paused := state("hooks.example.org"); failures != 20 || !paused {
			t.Errorf("%d failures, paused %v; want 20 and paused", failures, paused)
		}
	})
	t.Run("a success forgets them", func(t *testing.T) {
		if err := db.DestinationFailed(ctx, "mail.example.org", lifeline.ProblemRefused, t0, policy); err != nil {
			t.Fatal(err)
		}
		if err := db.DestinationSucceeded(ctx, "mail.example.org"); err != nil {
			t.Fatal(err)
		}
		if failures, _ := state("mail.example.org"); failures != 0 {
			t.Errorf("%d failures after a success", failures)
		}
	})
	t.Run("housekeeping forgets a destination quiet for a day", func(t *testing.T) {
		for _, tc := range []struct {
			at   time.Time
			kept bool
		}{
			{t0.Add(2 * time.Hour), true},
			{t0.Add(25 * time.Hour), false},
		} {
			if _, err := db.Prune(ctx, tc.at, time.Hour); err != nil {
				t.Fatal(err)
			}
			if failures, _ := state("hooks.example.org"); (failures > 0) != tc.kept {
				t.Errorf("at +%v: %d failures kept, want kept %v", tc.at.Sub(t0), failures, tc.kept)
			}
		}
	})
}

package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

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

// A paused destination is a host or a domain, often a person's own: erasing
// the account erases the pause, unless someone else's channel goes there.
func TestErasureForgetsTheAccountsOwnPausedDestinations(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	policy := lifeline.PausePolicy{Failures: 1, Window: time.Hour, First: 15 * time.Minute, Longest: 6 * time.Hour}
	var jo, sam int64
	for _, u := range []struct {
		id    *int64
		email string
		hooks []string
	}{
		{&jo, "jo@example.org", []string{"https://hooks.jo-family.example/alert", "https://shared.example/jo"}},
		{&sam, "sam@example.org", []string{"https://shared.example/sam"}},
	} {
		if err := db.Pool.QueryRow(ctx, `INSERT INTO users (email, first_name, last_name) VALUES ($1, 'A', 'B') RETURNING id`, u.email).Scan(u.id); err != nil {
			t.Fatal(err)
		}
		for _, hook := range u.hooks {
			if _, err := db.Pool.Exec(ctx, `INSERT INTO channels (user_id, kind, address, confirmed_at) VALUES ($1, 'webhook', $2, now())`, *u.id, hook); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, destination := range []string{"hooks.jo-family.example", "shared.example"} {
		if err := db.DestinationFailed(ctx, destination, lifeline.ProblemTimeout, time.Now(), policy); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.DeleteUser(ctx, jo); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Pool.Query(ctx, `SELECT destination FROM destination_pauses ORDER BY destination`)
	if err != nil {
		t.Fatal(err)
	}
	left, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 1 || left[0] != "shared.example" {
		t.Errorf("paused destinations after erasing Jo: %v, want only shared.example (Sam's too)", left)
	}
}

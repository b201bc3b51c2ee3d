package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/store/storetest"
)

// TestResetLinkEnds: a link stops working when it is used (by one of two
// racing requests only), replaced, outlived, or when the password changes
// another way.
func TestResetLinkEnds(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	user := &lifeline.User{Email: "kim@example.org", FirstName: "Kim", Timezone: "UTC"}
	if err := db.CreateUser(ctx, user, "$argon2id$old"); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	link := func(at time.Time) string {
		t.Helper()
		if _, err := db.RequestPasswordReset(ctx, user.Email, "x#token=", at); err != nil {
			t.Fatal(err)
		}
		var l string
		if err := db.Pool.QueryRow(ctx, `SELECT secret_link FROM outbox WHERE purpose = 'password_reset' AND state = 'pending'`).Scan(&l); err != nil {
			t.Fatal(err)
		}
		return l[len("x#token="):]
	}
	works := func(token string, at time.Time) bool {
		_, err := db.PasswordResetUser(ctx, token, at)
		if err != nil && err != lifeline.ErrResetLinkInvalid {
			t.Fatal(err)
		}
		return err == nil
	}

	for _, tc := range []struct {
		name string
		end  func(token string) time.Time // ends the link; returns when it is tried again
	}{
		{"replaced by a newer one", func(string) time.Time { link(now); return now }},
		{"an hour went by", func(string) time.Time { return now.Add(lifeline.PasswordResetTTL) }},
		{"the password changed in Settings", func(string) time.Time {
			if err := db.SetPasswordHash(ctx, user.ID, "$argon2id$settings"); err != nil {
				t.Fatal(err)
			}
			return now
		}},
		{"used, by one of two at once", func(token string) time.Time {
			var wg sync.WaitGroup
			wins := make(chan error, 2)
			for range 2 {
				wg.Go(func() {
					_, err := db.ResetPassword(ctx, token, "$argon2id$new", now)
					wins <- err
				})
			}
			wg.Wait()
			close(wins)
			var ok int
			for err := range wins {
				if err == nil {
					ok++
				}
			}
			if ok != 1 {
				t.Errorf("%d of two concurrent resets used the link, want 1", ok)
			}
			return now
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			token := link(now)
			if !works(token, now.Add(time.Minute)) {
				t.Fatal("a fresh link does not work")
			}
			if works(token, tc.end(token)) {
				t.Error("the link still works")
			}
		})
	}
}

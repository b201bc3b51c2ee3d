package store_test

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/store"
	"lifeline/store/storetest"
)

var signInStart = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// TestParallelGuessesGetNoMoreThanSerialOnes: 40 attempts at once from one
// address at one account are counted one at a time, so exactly the free
// failures go through and the rest are told to wait.
func TestParallelGuessesGetNoMoreThanSerialOnes(t *testing.T) {
	db := storetest.NewDB(t)
	l := lifeline.DefaultSignInLimits
	a := lifeline.SignInAttempt{Email: "target@example.org", Client: "203.0.113.9"}
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		passed int
	)
	for range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wait, err := db.TrySignIn(context.Background(), a, l, signInStart)
			if err != nil {
				t.Error(err)
				return
			}
			if wait == 0 {
				mu.Lock()
				passed++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if passed != l.FreeFailures {
		t.Errorf("%d of 40 parallel attempts went through, want %d (the free failures)", passed, l.FreeFailures)
	}
}

func TestTrySignInCountsOnlyWhatItLetsThrough(t *testing.T) {
	ctx := context.Background()
	db := storetest.NewDB(t)
	l := lifeline.DefaultSignInLimits
	a := lifeline.SignInAttempt{Email: "kim@example.org", Client: "198.51.100.4"}
	try := func(at time.Time) time.Duration {
		t.Helper()
		wait, err := db.TrySignIn(ctx, a, l, at)
		if err != nil {
			t.Fatal(err)
		}
		return wait
	}
	for i := range l.FreeFailures {
		if wait := try(signInStart); wait != 0 {
			t.Fatalf("attempt %d waits %v, want 0", i+1, wait)
		}
	}
	if wait := try(signInStart); wait != time.Second {
		t.Fatalf("after the free failures: wait %v, want 1s", wait)
	}
	if wait := try(signInStart.Add(500 * time.Millisecond)); wait != 500*time.Millisecond {
		t.Errorf("a refused attempt moved the back-off: wait %v, want 500ms", wait)
	}
	if wait := try(signInStart.Add(time.Second)); wait != 0 {
		t.Fatalf("after the wait: %v, want 0", wait)
	}
	if wait := try(signInStart.Add(time.Second)); wait != 2*time.Second {
		t.Errorf("the next failure doubles: wait %v, want 2s", wait)
	}

	var account float64
	if err := db.Pool.QueryRow(ctx, `SELECT failures FROM signin_throttle WHERE scope = 'account' AND key = $1`, digest(t, db, a.Email)).Scan(&account); err != nil {
		t.Fatal(err)
	}
	if account < 5.9 || account > 6 {
		t.Errorf("account ceiling level %v, want 6 attempts less a second's drain", account)
	}

	if err := db.SignInSucceeded(ctx, a); err != nil {
		t.Fatal(err)
	}
	if wait := try(signInStart.Add(time.Second)); wait != 0 {
		t.Errorf("after a success the back-off is gone: wait %v, want 0", wait)
	}
	var after float64
	db.Pool.QueryRow(ctx, `SELECT failures FROM signin_throttle WHERE scope = 'account' AND key = $1`, digest(t, db, a.Email)).Scan(&after)
	if after < account-0.01 || after > account {
		t.Errorf("account level after a success and one more attempt = %v, want %v (the success taken back)", after, account)
	}
}

// TestKnownDevicePassesTheCeilings: with the account's ceiling full, an
// unknown browser waits and a known device is held back only by its own
// failures.
func TestKnownDevicePassesTheCeilings(t *testing.T) {
	ctx := context.Background()
	db := storetest.NewDB(t)
	l := lifeline.DefaultSignInLimits
	if _, err := db.Pool.Exec(ctx, `INSERT INTO signin_throttle (scope, key, failures, updated_at) 
		VALUES ('account', $2, 100, $1)`, signInStart, digest(t, db, "owner@example.org")); err != nil {
		t.Fatal(err)
	}
	stranger := lifeline.SignInAttempt{Email: "owner@example.org", Client: "192.0.2.1"}
	if wait, err := db.TrySignIn(ctx, stranger, l, signInStart); err != nil || wait != 36*time.Second {
		t.Errorf("unknown browser at a full account = %v, %v; want 36s", wait, err)
	}
	owner := lifeline.SignInAttempt{Email: "owner@example.org", Client: "192.0.2.1", Device: "dev1"}
	if wait, err := db.TrySignIn(ctx, owner, l, signInStart); err != nil || wait != 0 {
		t.Errorf("known device at a full account = %v, %v; want 0", wait, err)
	}
	var rows int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM signin_throttle WHERE scope = 'source' AND key = $1 AND failures = 1`,
		digest(t, db, "owner@example.org")+" "+digest(t, db, "device:dev1")).Scan(&rows)
	if rows != 1 {
		t.Error("the known device's attempt was not counted against the device")
	}
}

func TestSignInCountersArePruned(t *testing.T) {
	ctx := context.Background()
	db := storetest.NewDB(t)
	a := lifeline.SignInAttempt{Email: "old@example.org", Client: "192.0.2.8"}
	if _, err := db.TrySignIn(ctx, a, lifeline.DefaultSignInLimits, signInStart); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Prune(ctx, signInStart.Add(24*time.Hour+time.Second), time.Hour); err != nil {
		t.Fatal(err)
	}
	var rows int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM signin_throttle`).Scan(&rows)
	if rows != 0 {
		t.Errorf("%d counters left a day after their last failure, want 0", rows)
	}
}

func TestDeviceKeyIsMadeOnceAndShared(t *testing.T) {
	db := storetest.NewDB(t)
	keys := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key, err := db.DeviceKey(context.Background())
			if err != nil {
				t.Error(err)
			}
			keys[i] = key
		}()
	}
	wg.Wait()
	for _, key := range keys {
		if len(key) != 32 || !bytes.Equal(key, keys[0]) {
			t.Fatalf("nodes got different or short keys: %x vs %x", key, keys[0])
		}
	}
}

// digest is the form key is stored in.
func digest(t *testing.T, db *store.DB, key string) string {
	t.Helper()
	d, err := db.ThrottleDigest(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestThrottlesHoldNoEmailOrAddress: after sign-ins, a sign-up and a chat
// message are counted, no counter holds an email or a client address in
// clear, and another node (its own DB value, the same database) finds the
// same counters.
func TestThrottlesHoldNoEmailOrAddress(t *testing.T) {
	ctx := context.Background()
	db := storetest.NewDB(t)
	a := lifeline.SignInAttempt{Email: "kim@example.org", Client: "198.51.100.23"}
	for range 3 {
		if _, err := db.TrySignIn(ctx, a, lifeline.DefaultSignInLimits, signInStart); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.TrySignIn(ctx, lifeline.SignInAttempt{Email: "kim@example.org", Device: "dev-of-kim"}, lifeline.DefaultSignInLimits, signInStart); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Fail(ctx, "client", "register:198.51.100.23", 10, time.Hour, time.Hour, signInStart); err != nil {
		t.Fatal(err)
	}
	var dump string
	if err := db.Pool.QueryRow(ctx, `
		SELECT string_agg(t::text, ' ') FROM (SELECT scope, key FROM signin_throttle UNION ALL SELECT scope, key FROM auth_throttle) t`).Scan(&dump); err != nil {
		t.Fatal(err)
	}
	for _, clear := range []string{"kim", "example.org", "198.51.100.23", "dev-of-kim", "register"} {
		if strings.Contains(dump, clear) {
			t.Errorf("the throttles hold %q in clear: %s", clear, dump)
		}
	}
	other := &store.DB{Pool: db.Pool}
	if wait, err := other.TrySignIn(ctx, a, lifeline.DefaultSignInLimits, signInStart); err != nil || wait != 0 {
		t.Fatalf("another node's fourth attempt = %v, %v", wait, err)
	}
	if wait, err := other.TrySignIn(ctx, a, lifeline.DefaultSignInLimits, signInStart); err != nil || wait != 0 {
		t.Fatalf("another node's fifth attempt = %v, %v", wait, err)
	}
	if wait, err := other.TrySignIn(ctx, a, lifeline.DefaultSignInLimits, signInStart); err != nil || wait == 0 {
		t.Errorf("another node's sixth attempt went through (%v): it did not find the first node's counters", err)
	}
}

package store

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.ThrottleService = (*DB)(nil)

// The throttles count by email and by client address, and the database
// never holds either in clear: a key is stored as a keyed digest
// (ThrottleDigest), so a counter finds its key again while a copy of the
// tables names nobody. A sign-in's back-off per (account, source) keeps the
// account's digest in front ("ACCOUNT SOURCE"), so that erasing an account
// finds and deletes every counter of its email (DeleteUser). Counters of an
// address alone stay until they age out (a day): deleting them with the
// account would hand a guesser a fresh budget for each account it erases.

// ThrottleDigest is the form a throttle key is stored in: the first 16
// bytes of its HMAC-SHA256, in hex, under a secret the server makes once
// (server_secrets 'throttle_key', the same on every node).
func (db *DB) ThrottleDigest(ctx context.Context, key string) (string, error) {
	digest, err := db.throttleDigester(ctx)
	if err != nil {
		return "", err
	}
	return digest(key), nil
}

func (db *DB) throttleDigester(ctx context.Context) (func(string) string, error) {
	secret := db.throttleSecret.Load()
	if secret == nil {
		made, err := db.serverSecret(ctx, "throttle_key")
		if err != nil {
			return nil, err
		}
		db.throttleSecret.Store(&made)
		secret = &made
	}
	return func(key string) string {
		mac := hmac.New(sha256.New, *secret)
		mac.Write([]byte(key))
		return hex.EncodeToString(mac.Sum(nil)[:16])
	}, nil
}

// forgetSignIns deletes the sign-in counters of an email: its ceiling and
// its back-offs from every address and device.
func forgetSignIns(ctx context.Context, tx pgx.Tx, digest func(string) string, email string) error {
	d := digest(email)
	_, err := tx.Exec(ctx, `
		DELETE FROM signin_throttle
		WHERE (scope = 'account' AND key = $1) OR (scope = 'source' AND starts_with(key, $1 || ' '))`, d)
	return err
}

func (db *DB) Blocked(ctx context.Context, scope, key string, now time.Time) (time.Duration, error) {
	key, err := db.ThrottleDigest(ctx, key)
	if err != nil {
		return 0, fmt.Errorf("store: throttle %s: %w", scope, err)
	}
	var until *time.Time
	err = db.Pool.QueryRow(ctx, `SELECT blocked_until FROM auth_throttle WHERE scope = $1 AND key = $2`, scope, key).Scan(&until)
	if isNoRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: throttle %s: %w", scope, err)
	}
	return waitUntil(until, now), nil
}

// Fail counts a failure in a fixed window that restarts once it has passed;
// reaching limit within it blocks the key.
func (db *DB) Fail(ctx context.Context, scope, key string, limit int, window, block time.Duration, now time.Time) (time.Duration, error) {
	key, err := db.ThrottleDigest(ctx, key)
	if err != nil {
		return 0, fmt.Errorf("store: throttle %s failure: %w", scope, err)
	}
	var until *time.Time
	err = db.Pool.QueryRow(ctx, `
		WITH counted AS (
			SELECT CASE WHEN t.window_started_at IS NULL OR t.window_started_at <= $3::timestamptz - $5::interval THEN 1
			            ELSE t.failures + 1 END AS failures,
			       CASE WHEN t.window_started_at IS NULL OR t.window_started_at <= $3::timestamptz - $5::interval THEN $3::timestamptz
			            ELSE t.window_started_at END AS window_started_at,
			       t.blocked_until
			FROM (SELECT 1) one
			LEFT JOIN auth_throttle t ON t.scope = $1 AND t.key = $2
		)
		INSERT INTO auth_throttle AS a (scope, key, failures, window_started_at, blocked_until, updated_at)
		SELECT $1, $2, c.failures, c.window_started_at,
		       CASE WHEN c.failures >= $4 THEN $3::timestamptz + $6::interval ELSE c.blocked_until END, $3
		FROM counted c
		ON CONFLICT (scope, key) DO UPDATE SET
			failures = excluded.failures, window_started_at = excluded.window_started_at,
			blocked_until = excluded.blocked_until, updated_at = excluded.updated_at
		RETURNING blocked_until`,
		scope, key, now, limit, window, block).Scan(&until)
	if err != nil {
		return 0, fmt.Errorf("store: throttle %s failure: %w", scope, err)
	}
	return waitUntil(until, now), nil
}

func waitUntil(until *time.Time, now time.Time) time.Duration {
	if until == nil || !until.After(now) {
		return 0
	}
	return until.Sub(now)
}

// signInCounter is one row of signin_throttle an attempt is limited by.
type signInCounter struct {
	scope, key string
	failures   float64
	updatedAt  time.Time
}

// signInCounters lists a's counters, their keys digested, in (scope, key)
// order, the order every attempt locks them in, so concurrent attempts
// never deadlock.
func signInCounters(a lifeline.SignInAttempt, digest func(string) string) []signInCounter {
	var cs []signInCounter
	switch {
	case a.Device != "":
		if a.Email != "" {
			cs = append(cs, signInCounter{scope: "source", key: digest(a.Email) + " " + digest("device:"+a.Device)})
		}
	default:
		if a.Email != "" && a.Client != "" {
			cs = append(cs, signInCounter{scope: "source", key: digest(a.Email) + " " + digest("ip:"+a.Client)})
		}
		if a.Email != "" {
			cs = append(cs, signInCounter{scope: "account", key: digest(a.Email)})
		}
		if a.Client != "" {
			cs = append(cs, signInCounter{scope: "client", key: digest(a.Client)})
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		return cs[i].scope < cs[j].scope || cs[i].scope == cs[j].scope && cs[i].key < cs[j].key
	})
	return cs
}

// ceiling is the counter's bucket size, 0 for a back-off.
func (c signInCounter) ceiling(l lifeline.SignInLimits) int {
	switch c.scope {
	case "account":
		return l.AccountCeiling
	case "client":
		return l.ClientCeiling
	}
	return 0
}

// wait is how long this counter holds the attempt back.
func (c signInCounter) wait(l lifeline.SignInLimits, now time.Time) time.Duration {
	if n := c.ceiling(l); n > 0 {
		return l.CeilingWait(l.Drained(c.failures, c.updatedAt, now, n), n)
	}
	return l.BackoffWait(c.failures, c.updatedAt, now)
}

// failed is the counter's count once this attempt is added.
func (c signInCounter) failed(l lifeline.SignInLimits, now time.Time) float64 {
	if n := c.ceiling(l); n > 0 {
		return l.Drained(c.failures, c.updatedAt, now, n) + 1
	}
	return l.BackoffFailures(c.failures, c.updatedAt, now) + 1
}

// TrySignIn locks a's counters (creating missing ones at zero first, so two
// first attempts cannot both read "none"), and counts the attempt only when
// none of them holds it back.
func (db *DB) TrySignIn(ctx context.Context, a lifeline.SignInAttempt, l lifeline.SignInLimits, now time.Time) (time.Duration, error) {
	digest, err := db.throttleDigester(ctx)
	if err != nil {
		return 0, fmt.Errorf("store: try sign-in: %w", err)
	}
	counters := signInCounters(a, digest)
	if len(counters) == 0 {
		return 0, nil
	}
	scopes, keys := make([]string, len(counters)), make([]string, len(counters))
	for i, c := range counters {
		scopes[i], keys[i] = c.scope, c.key
	}
	var wait time.Duration
	err = pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `
			INSERT INTO signin_throttle (scope, key, failures, updated_at)
			SELECT scope, key, 0, $3 FROM unnest($1::text[], $2::text[]) AS c(scope, key)
			ON CONFLICT (scope, key) DO NOTHING`, scopes, keys, now); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `
			SELECT c.n, t.failures, t.updated_at
			FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS c(scope, key, n)
			JOIN signin_throttle t USING (scope, key)
			ORDER BY c.n FOR UPDATE OF t`, scopes, keys)
		if err != nil {
			return err
		}
		for rows.Next() {
			var n int
			var failures float64
			var at time.Time
			if err := rows.Scan(&n, &failures, &at); err != nil {
				return err
			}
			c := &counters[n-1]
			c.failures, c.updatedAt = failures, at
			wait = max(wait, c.wait(l, now))
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if wait > 0 {
			return nil
		}
		failures := make([]float64, len(counters))
		for i, c := range counters {
			failures[i] = c.failed(l, now)
		}
		_, err = tx.Exec(ctx, `
			UPDATE signin_throttle t SET failures = c.failures, updated_at = $4
			FROM unnest($1::text[], $2::text[], $3::double precision[]) AS c(scope, key, failures)
			WHERE t.scope = c.scope AND t.key = c.key`, scopes, keys, failures, now)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: try sign-in: %w", err)
	}
	return wait, nil
}

// SignInSucceeded deletes a's failures in a row and lowers its ceilings by
// the attempt TrySignIn counted.
func (db *DB) SignInSucceeded(ctx context.Context, a lifeline.SignInAttempt) error {
	digest, err := db.throttleDigester(ctx)
	if err != nil {
		return fmt.Errorf("store: sign-in succeeded: %w", err)
	}
	for _, c := range signInCounters(a, digest) {
		var err error
		if c.scope == "source" {
			_, err = db.Pool.Exec(ctx, `DELETE FROM signin_throttle WHERE scope = $1 AND key = $2`, c.scope, c.key)
		} else {
			_, err = db.Pool.Exec(ctx, `UPDATE signin_throttle SET failures = greatest(failures - 1, 0) WHERE scope = $1 AND key = $2`, c.scope, c.key)
		}
		if err != nil {
			return fmt.Errorf("store: sign-in succeeded (%s): %w", c.scope, err)
		}
	}
	return nil
}

// pruneSignInThrottle removes counters untouched for ForgetAfter (a day):
// a back-off forgotten, a ceiling long drained.
func (db *DB) pruneSignInThrottle(ctx context.Context, now time.Time) error {
	before := now.Add(-lifeline.DefaultSignInLimits.ForgetAfter)
	if _, err := db.Pool.Exec(ctx, `DELETE FROM signin_throttle WHERE updated_at <= $1`, before); err != nil {
		return fmt.Errorf("store: prune sign-in throttle: %w", err)
	}
	return nil
}

// DeviceKey returns the key that signs known-device cookies.
func (db *DB) DeviceKey(ctx context.Context) ([]byte, error) {
	return db.serverSecret(ctx, "device_key")
}

// serverSecret returns the named secret, making 32 random bytes on first
// use; when two nodes race, both read the one stored first.
func (db *DB) serverSecret(ctx context.Context, name string) ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, fresh); err != nil {
		return nil, fmt.Errorf("store: make %s: %w", name, err)
	}
	var key []byte
	if err := db.Pool.QueryRow(ctx, `SELECT value FROM server_secrets WHERE name = $1`, name).Scan(&key); err != nil {
		return nil, fmt.Errorf("store: %s: %w", name, err)
	}
	return key, nil
}

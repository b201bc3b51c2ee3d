package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/migrations"
	"lifeline/store"
	"lifeline/store/storetest"
)

// TestUsersResetPassword sets a password from standard input or a
// generated one, under registration's rules, and signs the account out
// everywhere; the password never appears as a flag.
func TestUsersResetPassword(t *testing.T) {
	url := storetest.NewURL(t)
	ctx := context.Background()
	db, err := store.Open(ctx, url, migrations.FS, store.TimescaleAuto)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	user := &lifeline.User{Email: "sam@example.org", FirstName: "Sam", Timezone: "UTC"}
	if err := db.CreateUser(ctx, user, "$argon2id$old"); err != nil {
		t.Fatal(err)
	}
	users := func(stdin string, args ...string) (string, string, error) {
		var out, errOut strings.Builder
		err := usersCommand(ctx, args, envOf(map[string]string{"DATABASE_URL": url}), strings.NewReader(stdin), &out, &errOut)
		return out.String(), errOut.String(), err
	}
	signIn := func() {
		t.Helper()
		now := time.Now()
		if err := db.CreateSession(ctx, &lifeline.Session{TokenHash: lifeline.HashDeviceToken(now.String()), UserID: user.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.RequestPasswordReset(ctx, user.Email, "http://x/reset-password#token=", now); err != nil {
			t.Fatal(err)
		}
	}
	state := func() (hash string, sessions, resets int) {
		t.Helper()
		_, hash, _ = db.FindUserByEmail(ctx, user.Email)
		db.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM sessions WHERE user_id = $1), (SELECT count(*) FROM password_resets WHERE user_id = $1)`, user.ID).Scan(&sessions, &resets)
		return hash, sessions, resets
	}

	for _, tc := range []struct {
		name    string
		stdin   string
		args    []string
		problem string // "" when the password is changed
	}{
		{"no email", "", []string{"reset-password"}, "needs --email"},
		{"an unknown email", "a long new passphrase\n", []string{"reset-password", "--email", "nobody@example.org"}, "no account"},
		{"nothing on standard input", "", []string{"reset-password", "--email", "sam@example.org"}, "no password on standard input"},
		{"a short password", "short\n", []string{"reset-password", "--email", "sam@example.org"}, "Use at least 10 characters"},
		{"a common password", "password123\n", []string{"reset-password", "--email", "sam@example.org"}, "too common"},
		{"from standard input", "a long new passphrase\n", []string{"reset-password", "--email", "SAM@example.org"}, ""},
		{"without a final newline", "another new passphrase", []string{"reset-password", "--email", "sam@example.org"}, ""},
		{"generated", "", []string{"reset-password", "--email", "sam@example.org", "--generate"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			signIn()
			before, _, _ := state()
			out, errOut, err := users(tc.stdin, tc.args...)
			hash, sessions, resets := state()
			if tc.problem != "" {
				if err == nil || !strings.Contains(err.Error(), tc.problem) {
					t.Errorf("err = %v, want %q", err, tc.problem)
				}
				if hash != before || sessions == 0 || resets == 0 {
					t.Errorf("changed anyway: hash changed %v, %d sessions, %d reset links", hash != before, sessions, resets)
				}
				return
			}
			if err != nil {
				t.Fatalf("err = %v (%s)", err, errOut)
			}
			if hash == before || !strings.HasPrefix(hash, "$argon2id$") || sessions != 0 || resets != 0 {
				t.Errorf("hash changed %v (%.10s), %d sessions, %d reset links left", hash != before, hash, sessions, resets)
			}
			if generated := strings.TrimSpace(out); (len(generated) == 20) != (tc.name == "generated") {
				t.Errorf("stdout %q", out)
			}
			if !strings.Contains(errOut, "every session of the account ended") {
				t.Errorf("stderr %q", errOut)
			}
		})
	}
	if out, _, err := users("", "help"); err != nil || !strings.Contains(out, "never a flag") {
		t.Errorf("help = %q, %v", out, err)
	}
}

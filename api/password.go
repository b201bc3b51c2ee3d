package api

import (
	"bufio"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// argon2id parameters: OWASP's recommended minimum (19 MiB, 2 passes, 1
// lane). They are stored in each hash, so raising them later is safe.
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
)

const (
	minPasswordLen = 10
	maxPasswordLen = 256 // hashing a megabyte per attempt would be a denial of service
)

//go:embed common-passwords.txt
var commonPasswordsText string

var commonPasswords = func() map[string]bool {
	set := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(commonPasswordsText))
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			set[line] = true
		}
	}
	return set
}()

// PasswordProblem says what is wrong with a new password (registration, a
// reset, lifeline users reset-password), or "" when it is
// acceptable.
func PasswordProblem(password, email string) string {
	n := utf8.RuneCountInString(password)
	lower := strings.ToLower(password)
	local, _, _ := strings.Cut(strings.ToLower(email), "@")
	switch {
	case n < minPasswordLen:
		return fmt.Sprintf("Use at least %d characters.", minPasswordLen)
	case n > maxPasswordLen:
		return fmt.Sprintf("Use at most %d characters.", maxPasswordLen)
	case commonPasswords[lower] || strings.Count(lower, string([]rune(lower)[0])) == len(lower):
		return "This password is too common. Choose one that is harder to guess."
	case len(local) >= 4 && strings.Contains(lower, local):
		return "Your password should not contain your email address."
	}
	return ""
}

// HashPassword returns an argon2id hash in the PHC string format.
func HashPassword(password string) string {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoryKiB, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

var errBadHash = errors.New("api: malformed password hash")

// checkPassword reports whether password matches a hash made by HashPassword.
func checkPassword(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	var memory, time uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &time, &threads); err != nil {
		return false, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(password), salt, time, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked against when an email is unknown, so a wrong email
// takes as long as a wrong password and does not reveal who has an account.
var dummyHash = HashPassword("lifeline-timing-equaliser")

package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/sys/unix"

	"lifeline"
	"lifeline/api"
	"lifeline/store"
)

const usersUsage = `Usage:
  lifeline users reset-password --email EMAIL [--generate]

reset-password sets a new password for an account, for the person running
the server: when it sends no email (no --smtp-server), a person who forgot
their password cannot get a reset link, and asks you. The new password is
read from standard input (one line; at a terminal it is not shown as it is
typed), or with --generate a strong one is made and printed once, to hand
over. It is never a flag, which anyone on the machine could read with ps.
It follows the rules of registration. Every session of the account ends
and any reset link sent to it stops working.

Also takes --data-dir and --database-url (or DATABASE_URL), like serve.
`

// usersCommand helps the person running the server with accounts. It
// works beside a running lifeline serve on the same data dir.
func usersCommand(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, usersUsage)
		return nil
	}
	sub, args := args[0], args[1:]
	if sub != "reset-password" {
		fmt.Fprint(stderr, usersUsage)
		return fmt.Errorf("unknown users command %q", sub)
	}
	fs := flag.NewFlagSet("users "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usersUsage) }
	dataDir := fs.String("data-dir", envOr(getenv, "LIFELINE_DATA_DIR", "./data"), "data folder of the private cluster")
	dbURL := fs.String("database-url", getenv("DATABASE_URL"), "PostgreSQL URL; unset: the private cluster")
	email := fs.String("email", "", "the account's email")
	generate := fs.Bool("generate", false, "make a strong password and print it, instead of reading one")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *email == "" {
		return errors.New("reset-password needs --email (see lifeline users help)")
	}
	db, closeDB, err := openForCommand(ctx, *dataDir, *dbURL)
	if err != nil {
		return err
	}
	defer closeDB()
	return resetPassword(ctx, db, store.NormalizeEmail(*email), *generate, stdin, stdout, stderr)
}

func resetPassword(ctx context.Context, db *store.DB, email string, generate bool, stdin io.Reader, stdout, stderr io.Writer) error {
	user, hash, err := db.FindUserByEmail(ctx, email)
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		return fmt.Errorf("no account has the email %s", email)
	}
	if err != nil {
		return err
	}
	if hash == "" {
		fmt.Fprintln(stderr, "This account signed in only through the identity provider until now; it gets a password too.")
	}
	password := generatedPassword()
	if !generate {
		if password, err = readPassword(stdin, stderr); err != nil {
			return err
		}
	}
	if p := api.PasswordProblem(password, email); p != "" {
		return fmt.Errorf("the password was not changed: %s", p)
	}
	if err := db.SetPasswordHash(ctx, user.ID, api.HashPassword(password)); err != nil {
		return err
	}
	if err := db.DeleteUserSessions(ctx, user.ID, nil); err != nil {
		return fmt.Errorf("the password was changed, but signing the account out failed (run the command again): %w", err)
	}
	if generate {
		fmt.Fprintln(stdout, password)
	}
	fmt.Fprintf(stderr, "The password of %s is changed and every session of the account ended.\n", email)
	return nil
}

// generatedPassword is 20 characters of rand.Text's alphabet: 100 bits.
func generatedPassword() string {
	return rand.Text()[:20]
}

// readPassword reads one line; at a terminal, with echo off.
func readPassword(stdin io.Reader, stderr io.Writer) (string, error) {
	if f, ok := stdin.(*os.File); ok {
		if old, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS); err == nil {
			fmt.Fprint(stderr, "New password: ")
			quiet := *old
			quiet.Lflag &^= unix.ECHO
			if err := unix.IoctlSetTermios(int(f.Fd()), unix.TCSETS, &quiet); err == nil {
				defer func() {
					_ = unix.IoctlSetTermios(int(f.Fd()), unix.TCSETS, old)
					fmt.Fprintln(stderr)
				}()
			}
		}
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !(errors.Is(err, io.EOF) && line != "") {
		return "", errors.New("no password on standard input (pipe one in, or use --generate)")
	}
	return strings.TrimRight(line, "\r\n"), nil
}

package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"lifeline"
	"lifeline/ingest"
	"lifeline/live"
	"lifeline/migrations"
	"lifeline/pgcluster"
	"lifeline/store"
)

const devicesUsage = `Usage:
  lifeline devices add --user EMAIL --name NAME [--kind bracelet|phone] [--count N] [--out devices.csv]
  lifeline devices list
  lifeline devices revoke DEVICE_ID
  lifeline devices export-mosquitto --passwd FILE --acl FILE --out devices.csv
                                    [--worker-users lifeline-ingest-1,lifeline-ingest-2]
                                    (the workers' password from LIFELINE_MQTT_EXTERNAL_PASSWORD)

Each also takes --data-dir and --database-url (or DATABASE_URL), like serve.
The token of a new device is printed once: only its hash is stored. A phone
(--kind phone) sends with a tracking app: see docs/connect-a-phone.md for what
to type in each app.
export-mosquitto therefore issues every active device a new token (written to
--out) and writes a Mosquitto password file and ACL for them and the ingest
workers, for the scale-out mode (lifeline serve --mqtt-external=...).
`

// devicesCommand pairs, lists and revokes bracelets and phones for testers and
// operators. It works beside a running lifeline serve on the same data dir.
func devicesCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, devicesUsage)
		return nil
	}
	sub, args := args[0], args[1:]
	fs := flag.NewFlagSet("devices "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataDir := fs.String("data-dir", envOr(getenv, "LIFELINE_DATA_DIR", "./data"), "data folder of the private cluster")
	dbURL := fs.String("database-url", getenv("DATABASE_URL"), "PostgreSQL URL; unset: the private cluster")
	user := fs.String("user", "", "owner's email (add)")
	name := fs.String("name", "Bracelet", "device name; with --count, a number is appended (add)")
	kind := fs.String("kind", lifeline.DeviceBracelet, "bracelet or phone (add)")
	count := fs.Int("count", 1, "how many devices to add (add)")
	out := fs.String("out", "", "write device_id,token,user,name rows to this CSV file instead of stdout (add, export-mosquitto)")
	passwd := fs.String("passwd", "", "Mosquitto password file to write (export-mosquitto)")
	acl := fs.String("acl", "", "Mosquitto ACL file to write (export-mosquitto)")
	workerUsers := fs.String("worker-users", "lifeline-ingest-1,lifeline-ingest-2", "comma-separated usernames, one per ingest worker (export-mosquitto)")
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	db, closeDB, err := openForCommand(ctx, *dataDir, *dbURL)
	if err != nil {
		return err
	}
	defer closeDB()

	switch sub {
	case "add":
		return addDevices(ctx, db, *user, *name, *kind, *count, *out, stdout)
	case "list":
		return listDevices(ctx, db, stdout)
	case "export-mosquitto":
		return exportMosquitto(ctx, db, *passwd, *acl, *out, strings.Split(*workerUsers, ","), getenv("LIFELINE_MQTT_EXTERNAL_PASSWORD"), stdout)
	case "revoke":
		if len(positional) != 1 {
			return fmt.Errorf("revoke takes one device ID (see lifeline devices help)")
		}
		owner, err := db.RevokeDeviceByID(ctx, positional[0])
		if err != nil {
			return errors.New(lifeline.ErrorMessage(err))
		}
		// Every running node closes the bracelet's connection, if it has it.
		if err := live.NewBus(db, nil).Publish(ctx, live.DeviceRevoked(owner, positional[0])); err != nil {
			fmt.Fprintf(stderr, "warning: revoked, but a connection open now may stay open until it reconnects: %v\n", err)
		}
		fmt.Fprintf(stdout, "Revoked %s: its token no longer connects, and an open connection is closed.\n", positional[0])
		return nil
	default:
		fmt.Fprint(stderr, devicesUsage)
		return fmt.Errorf("unknown devices command %q", sub)
	}
}

func addDevices(ctx context.Context, db *store.DB, email, name, kind string, count int, out string, stdout io.Writer) error {
	if email == "" {
		return fmt.Errorf("add needs --user EMAIL (the account the devices belong to)")
	}
	if !lifeline.ValidDeviceKind(kind) {
		return fmt.Errorf("--kind must be %s or %s", lifeline.DeviceBracelet, lifeline.DevicePhone)
	}
	if count < 1 || count > 100000 {
		return fmt.Errorf("--count must be from 1 to 100000")
	}
	owner, _, err := db.FindUserByEmail(ctx, email)
	if err != nil {
		return fmt.Errorf("no account with email %s: register it in the web app first", email)
	}
	w := stdout
	if out != "" {
		f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	batch := make([]store.NewDevice, count)
	tokens := make([]string, count)
	for i := range batch {
		deviceName := name
		if count > 1 {
			deviceName = name + " " + strconv.Itoa(i+1)
		}
		token, hash := lifeline.NewDeviceToken()
		tokens[i] = token
		batch[i] = store.NewDevice{Device: &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: owner.ID, Name: deviceName, Kind: kind}, TokenHash: hash}
	}
	if err := db.CreateDevices(ctx, batch); err != nil {
		return err
	}
	rows := csv.NewWriter(w)
	rows.Write([]string{"device_id", "token", "user", "name"})
	for i, nd := range batch {
		rows.Write([]string{nd.Device.ID, tokens[i], owner.Email, nd.Device.Name})
	}
	rows.Flush()
	if err := rows.Error(); err != nil {
		return err
	}
	if out != "" {
		abs, _ := filepath.Abs(out)
		fmt.Fprintf(stdout, "Added %d device(s) for %s; credentials in %s (keep it private).\n", count, owner.Email, abs)
	}
	return nil
}

// exportMosquitto rotates every active device's token and writes the
// Mosquitto files and the new credentials.
func exportMosquitto(ctx context.Context, db *store.DB, passwdPath, aclPath, outPath string, workerUsers []string, workerPassword string, stdout io.Writer) error {
	if passwdPath == "" || aclPath == "" || outPath == "" {
		return fmt.Errorf("export-mosquitto needs --passwd, --acl and --out files")
	}
	if workerPassword == "" {
		return fmt.Errorf("set LIFELINE_MQTT_EXTERNAL_PASSWORD: the ingest workers' password on the broker")
	}
	devices, owners, err := db.FindAllDevices(ctx)
	if err != nil {
		return err
	}
	var accounts []ingest.MosquittoAccount
	for _, u := range workerUsers {
		accounts = append(accounts, ingest.MosquittoAccount{Username: strings.TrimSpace(u), Password: workerPassword})
	}
	var rows [][]string
	for i, d := range devices {
		if d.RevokedAt != nil {
			continue
		}
		token, hash := lifeline.NewDeviceToken()
		if err := db.RotateDeviceToken(ctx, d.ID, hash); err != nil {
			return err
		}
		accounts = append(accounts, ingest.MosquittoAccount{Username: d.ID, Password: token})
		rows = append(rows, []string{d.ID, token, owners[i], d.Name})
	}
	files := []struct {
		path  string
		write func(io.Writer) error
	}{
		{passwdPath, func(w io.Writer) error { return ingest.WriteMosquittoPasswd(w, accounts) }},
		{aclPath, func(w io.Writer) error { return ingest.WriteMosquittoACL(w, workerUsers) }},
		{outPath, func(w io.Writer) error {
			c := csv.NewWriter(w)
			c.Write([]string{"device_id", "token", "user", "name"})
			c.WriteAll(rows)
			return c.Error()
		}},
	}
	for _, f := range files {
		if err := writeFile(f.path, f.write); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "Wrote %s and %s for %d device(s) and the workers %s; the devices' new tokens are in %s.\n",
		passwdPath, aclPath, len(rows), strings.Join(workerUsers, ", "), outPath)
	return nil
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Close()
}

func listDevices(ctx context.Context, db *store.DB, stdout io.Writer) error {
	devices, owners, err := db.FindAllDevices(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "DEVICE\tKIND\tNAME\tOWNER\tLAST SEEN\tSTATE")
	for i, d := range devices {
		seen, state := "never", "active"
		if d.LastSeenAt != nil {
			seen = d.LastSeenAt.Format("2006-01-02 15:04:05 MST")
		}
		if d.RevokedAt != nil {
			state = "revoked"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", d.ID, d.Kind, d.Name, owners[i], seen, state)
	}
	return tw.Flush()
}

// openForCommand opens the database for a short command: DATABASE_URL, or
// the private cluster (joining a running lifeline serve if there is one).
func openForCommand(ctx context.Context, dataDir, dbURL string) (*store.DB, func(), error) {
	var cluster *pgcluster.Cluster
	if dbURL == "" {
		cluster = &pgcluster.Cluster{Dir: filepath.Join(dataDir, "pg"), Attach: true, Logger: newLogger(slog.LevelWarn)}
		if err := cluster.Start(ctx); err != nil {
			return nil, nil, err
		}
		dbURL = cluster.URL("lifeline")
	}
	db, err := store.Open(ctx, dbURL, migrations.FS, store.TimescaleAuto)
	if err != nil {
		if cluster != nil {
			cluster.Stop()
		}
		return nil, nil, err
	}
	return db, func() {
		db.Close()
		if cluster != nil {
			cluster.Stop()
		}
	}, nil
}

// parseInterspersed lets flags come before or after positional arguments
// (the flag package alone stops at the first positional one).
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func envOr(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}

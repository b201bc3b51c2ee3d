package faults

// The outbox across a crash: an alert and its delivery commit together, the
// process is SIGKILLed before the delivery is sent, and the restarted
// process sends it, once.

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline/internal/smtptest"
)

// outboxRow is the one delivery of the test's alert, read from PostgreSQL.
type outboxRow struct {
	state    string
	attempts int
	key      string
	// retrying: an attempt failed and the row waits for its next one
	// (no worker holds it: a claim's lease would keep it 50 s)
	retrying bool
}

// query runs one statement on a connection of its own.
func query(t *testing.T, dbURL, sql string) (pgx.Rows, func()) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	rows, err := conn.Query(ctx, sql)
	if err != nil {
		conn.Close(ctx)
		cancel()
		t.Fatal(err)
	}
	return rows, func() { rows.Close(); conn.Close(ctx); cancel() }
}

func readOutbox(t *testing.T, dbURL string) []outboxRow {
	t.Helper()
	rows, done := query(t, dbURL, `SELECT state, attempts, idempotency_key, claimed_until IS NULL AND last_error IS NOT NULL FROM outbox WHERE alert_id IS NOT NULL ORDER BY id`)
	defer done()
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (outboxRow, error) {
		var o outboxRow
		return o, r.Scan(&o.state, &o.attempts, &o.key, &o.retrying)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestSIGKILLBetweenCommitAndSend(t *testing.T) {
	smtp := smtptest.Start(t)
	smtp.Stop() // its address is given out, but nothing listens yet
	s := startServer(t, "", "--smtp-server", smtp.Addr)
	a := s.newAccount(t, "crash", 0)
	a.post(t, s, "/api/channels", map[string]any{"kind": "email", "address": "me@example.org"})
	// Its owner opens the confirmation link (read from the outbox: no mail
	// server listens yet); the confirmation email is then not sent at all.
	a.post(t, s, "/api/channels/confirm", map[string]any{"token": confirmationToken(t, s.dbURL)})
	a.post(t, s, "/api/safe-zones", map[string]any{"name": "Rusty Anchor", "type": "avoid", "shape": "circle",
		"latitude": 51.5, "longitude": -0.12, "radius": 150, "isActive": true})
	for range 3 { // the geofence engine confirms an entry with three fixes inside
		a.post(t, s, "/api/gps/location", map[string]any{"latitude": 51.5001, "longitude": -0.1201, "accuracy": 8})
		time.Sleep(1100 * time.Millisecond)
	}

	// The alert and its email row are committed; the worker's first
	// attempt finds no mail server and schedules a retry (30 s later).
	// Claimed is not enough: killed mid-attempt, the claim's lease would
	// hold the row past this test's wait.
	var rows []outboxRow
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if rows = readOutbox(t, s.dbURL); len(rows) == 1 && rows[0].retrying {
			break
		}
	}
	if len(rows) != 1 || rows[0].state != "pending" || !rows[0].retrying {
		t.Fatalf("before the crash: outbox %+v, want one pending row tried once\n%s", rows, s.LogTail())
	}

	// Crash before the row is sent; the mail server comes up meanwhile.
	s.Kill()
	if err := smtp.Start(); err != nil {
		t.Fatal(err)
	}
	s.start()

	var after []outboxRow
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(500 * time.Millisecond) {
		if after = readOutbox(t, s.dbURL); len(after) == 1 && after[0].state == "sent" {
			break
		}
	}
	if len(after) != 1 || after[0].state != "sent" {
		t.Fatalf("after the restart: outbox %+v, want the row sent\n%s", after, s.LogTail())
	}
	time.Sleep(3 * time.Second) // a worker poll or two more: nothing is sent again
	var ids []string
	for _, m := range smtp.Messages() {
		ids = append(ids, m.Header.Get("Message-ID"))
	}
	want := "<" + dotted(after[0].key) + "@localhost>"
	if len(ids) != 1 || ids[0] != want {
		t.Fatalf("Message-IDs received %v, want exactly [%s]", ids, want)
	}
}

// confirmationToken reads the token of the one confirmation email waiting
// in the outbox.
func confirmationToken(t *testing.T, dbURL string) string {
	t.Helper()
	rows, done := query(t, dbURL, `SELECT secret_link FROM outbox WHERE purpose = 'confirmation' AND state = 'pending'`)
	defer done()
	link, err := pgx.CollectExactlyOneRow(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	_, token, _ := strings.Cut(link, "#token=")
	return token
}

func dotted(key string) string {
	return string(bytes.ReplaceAll([]byte(key), []byte(":"), []byte(".")))
}

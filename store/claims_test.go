package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/store"
	"lifeline/store/storetest"
)

// addSupporter links one more supporter who sees device alerts and SOS.
func addSupporter(t *testing.T, db *store.DB, wearer int64, email, name string, now time.Time) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	if err := db.Pool.QueryRow(ctx, `INSERT INTO users (email, first_name) VALUES ($1, $2) RETURNING id`, email, name).Scan(&id); err != nil {
		t.Fatal(err)
	}
	inv, err := db.InviteSupporter(ctx, wearer, name, "", now)
	if err != nil {
		t.Fatal(err)
	}
	link, err := db.AcceptInvitation(ctx, &lifeline.User{ID: id, Email: email}, inv.Token, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.SetGrant(ctx, wearer, link.LinkID, lifeline.Grant{Alerts: []string{lifeline.ScopeDevice, lifeline.ScopeSOS}, Location: lifeline.LocationNever, LocationWindowMinutes: 60}); err != nil {
		t.Fatal(err)
	}
	return id
}

// lowBattery raises a device alert, told to supporters at once (their
// in-app step is due now, so each of them was told).
func lowBattery(t *testing.T, db *store.DB, wearer int64, d *lifeline.Device, now time.Time) *lifeline.Alert {
	t.Helper()
	a, err := db.RaiseAlert(context.Background(), wearer, lifeline.LowBatteryAlert(d.ID, d.Name, 12, now))
	if err != nil || a == nil {
		t.Fatalf("raise: %v %v", a, err)
	}
	return a
}

func outboxStates(t *testing.T, db *store.DB, alertID int64, purpose string) map[string]int {
	t.Helper()
	rows, err := db.Pool.Query(context.Background(), `SELECT state, count(*) FROM outbox WHERE alert_id = $1 AND purpose = $2 GROUP BY state`, alertID, purpose)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var s string
		var n int
		_ = rows.Scan(&s, &n)
		out[s] = n
	}
	return out
}

// Two supporters say "I'm on it" at the same moment: one claim is stored,
// and the other hears who has it.
func TestTheFirstClaimWins(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	now := time.Now()
	wearer, sam, d := careCircle(t, db, now)
	jo := addSupporter(t, db, wearer, "jo@example.org", "Jo", now)
	a := lowBattery(t, db, wearer, d, now)
	now = time.Now() // the in-app steps are due: both were told

	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, who := range []int64{sam, jo} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = db.ClaimAlert(ctx, who, a.ID, now)
		}()
	}
	wg.Wait()
	var won, lost int
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case lifeline.ErrorCode(err) == lifeline.ECONFLICT && (lifeline.ErrorMessage(err) == "Sam is on it." || lifeline.ErrorMessage(err) == "Jo is on it."):
			lost++
		default:
			t.Errorf("unexpected: %v", err)
		}
	}
	if won != 1 || lost != 1 {
		t.Fatalf("%d won, %d lost: %v", won, lost, errs)
	}
	var steps int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM alert_steps WHERE alert_id = $1 AND kind = 'claimed'`, a.ID).Scan(&steps)
	if steps != 1 {
		t.Errorf("%d claimed steps, want 1", steps)
	}
}

// Who may claim: a supporter told of the alert whose grant covers it; a
// stranger, another wearer's supporter, a revoked one and one whose grant
// no longer covers it get the 404 of an alert that does not exist.
func TestOnlyAToldSupporterMayClaim(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	now := time.Now()
	wearer, sam, d := careCircle(t, db, now)
	a := lowBattery(t, db, wearer, d, now)
	late := addSupporter(t, db, wearer, "late@example.org", "Late", now) // linked after the alert: never told
	var stranger int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email, first_name) VALUES ('x@example.org', 'X') RETURNING id`).Scan(&stranger)
	for name, who := range map[string]int64{"never told": late, "stranger": stranger, "the wearer": wearer} {
		if _, err := db.ClaimAlert(ctx, who, a.ID, now); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
			t.Errorf("%s: %v, want ENOTFOUND", name, err)
		}
	}
	if _, err := db.ClaimAlert(ctx, sam, a.ID+1000, now); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("unknown alert: %v", err)
	}
	// Sam's grant narrowed: no more device alerts.
	var link int64
	db.Pool.QueryRow(ctx, `SELECT id FROM care_links WHERE supporter_id = $1`, sam).Scan(&link)
	if _, err := db.SetGrant(ctx, wearer, link, lifeline.Grant{Alerts: []string{lifeline.ScopeSOS}, Location: lifeline.LocationNever, LocationWindowMinutes: 60}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ClaimAlert(ctx, sam, a.ID, now); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("narrowed grant: %v", err)
	}
	if err := db.RevokeSupporter(ctx, wearer, link, now); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ClaimAlert(ctx, sam, a.ID, now); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("revoked: %v", err)
	}
}

// A claim holds the alert's other supporter steps (now and when a later
// one falls due), tells the wearer on each channel, and queues the
// claimer's reminder; handing back skips the reminder and tells the
// others again; resolving ends it with the note.
func TestClaimHandBackAndResolve(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	now := time.Now()
	wearer, sam, d := careCircle(t, db, now)
	jo := addSupporter(t, db, wearer, "jo@example.org", "Jo", now)
	for _, who := range []int64{wearer, sam, jo} {
		if _, err := db.Pool.Exec(ctx, `INSERT INTO channels (user_id, kind, address, confirmed_at) VALUES ($1, 'webhook', $2, now())`, who, fmt.Sprintf("https://hooks.example.org/%d", who)); err != nil {
			t.Fatal(err)
		}
	}
	a := lowBattery(t, db, wearer, d, now)
	now = time.Now()
	// A later tier's step, still waiting when Sam claims.
	if _, err := db.Pool.Exec(ctx, `UPDATE outbox SET next_attempt_at = $2 WHERE alert_id = $1 AND recipient_id = $3 AND channel <> 'app'`, a.ID, now.Add(10*time.Minute), jo); err != nil {
		t.Fatal(err)
	}
	out, err := db.ClaimAlert(ctx, sam, a.ID, now)
	if err != nil {
		t.Fatal(err)
	}
	if out.Alert.ClaimedBy != "Sam" || out.Person != "Wren" || len(out.Told) != 2 {
		t.Errorf("outcome: %+v, alert %+v", out, out.Alert)
	}
	var skipped string
	db.Pool.QueryRow(ctx, `SELECT last_error FROM outbox WHERE alert_id = $1 AND recipient_id = $2 AND channel = 'webhook'`, a.ID, jo).Scan(&skipped)
	if skipped != "Sam is on it." {
		t.Errorf("Jo's waiting step: %q", skipped)
	}
	if got := outboxStates(t, db, a.ID, lifeline.PurposeClaimNotice); got["pending"] != 1 {
		t.Errorf("claim notices: %v", got)
	}
	var remindAt time.Time
	db.Pool.QueryRow(ctx, `SELECT next_attempt_at FROM outbox WHERE alert_id = $1 AND purpose = 'claim_reminder'`, a.ID).Scan(&remindAt)
	if d := remindAt.Sub(now); d < lifeline.DefaultClaimRemindAfter-time.Second || d > lifeline.DefaultClaimRemindAfter+time.Second {
		t.Errorf("the reminder is due after %v", d)
	}
	// Claiming again changes nothing; Jo is told who has it.
	if _, err := db.ClaimAlert(ctx, sam, a.ID, now); err != nil {
		t.Errorf("a second claim by the claimer: %v", err)
	}
	if _, err := db.ClaimAlert(ctx, jo, a.ID, now); lifeline.ErrorMessage(err) != "Sam is on it." {
		t.Errorf("Jo's claim: %v", err)
	}
	if _, err := db.HandBackAlert(ctx, jo, a.ID, now); lifeline.ErrorCode(err) != lifeline.ECONFLICT {
		t.Errorf("Jo handing back Sam's claim: %v", err)
	}

	later := now.Add(time.Minute)
	if _, err := db.HandBackAlert(ctx, sam, a.ID, later); err != nil {
		t.Fatal(err)
	}
	if got := outboxStates(t, db, a.ID, lifeline.PurposeClaimReminder); got["skipped"] != 1 {
		t.Errorf("the reminder after hand back: %v", got)
	}
	var again int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE alert_id = $1 AND recipient_id = $2 AND idempotency_key LIKE '%:again:%' AND state = 'pending'`, a.ID, jo).Scan(&again)
	if again != 1 { // the webhook the claim skipped (Jo's in-app step was sent: the card is there)
		t.Errorf("Jo is told again on %d channels, want 1", again)
	}

	if _, err := db.ResolveClaimedAlert(ctx, sam, a.ID, "Called her, all good", later); lifeline.ErrorCode(err) != lifeline.ECONFLICT {
		t.Errorf("resolving without holding it: %v", err)
	}
	if _, err := db.ClaimAlert(ctx, jo, a.ID, later); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ResolveClaimedAlert(ctx, jo, a.ID, "  ", later); lifeline.ErrorCode(err) != lifeline.EINVALID {
		t.Errorf("an empty note: %v", err)
	}
	if _, err := db.ResolveClaimedAlert(ctx, jo, a.ID, "Called her, all good", later); err != nil {
		t.Fatal(err)
	}
	found, err := db.FindAlert(ctx, wearer, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if found.ResolvedAt == nil || found.ResolvedBy != "Jo" || found.ResolutionNote != "Called her, all good" {
		t.Errorf("resolved alert: %+v", found)
	}
	var kinds []string
	for _, s := range found.Steps {
		kinds = append(kinds, s.Actor+" "+s.Kind)
	}
	if want := []string{"Sam claimed", "Sam handed_back", "Jo claimed", "Jo resolved"}; len(kinds) != len(want) || kinds[3] != want[3] || kinds[0] != want[0] {
		t.Errorf("steps %v, want %v", kinds, want)
	}
	if _, err := db.ClaimAlert(ctx, sam, a.ID, later); lifeline.ErrorMessage(err) != lifeline.ClaimEnded {
		t.Errorf("claiming a resolved alert: %v", err)
	}
	if got := outboxStates(t, db, a.ID, lifeline.PurposeAlert); got["pending"] != 0 {
		t.Errorf("alert rows still pending after it was resolved: %v", got)
	}
}

// A one-tap link claims its alert as its supporter, once.
func TestClaimLinkWorksOnce(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	now := time.Now()
	wearer, sam, d := careCircle(t, db, now)
	db.Pool.Exec(ctx, `INSERT INTO channels (user_id, kind, address, confirmed_at) VALUES ($1, 'email', 'sam@example.org', now())`, sam)
	a := lowBattery(t, db, wearer, d, now)
	var rowID int64
	db.Pool.QueryRow(ctx, `SELECT id FROM outbox WHERE alert_id = $1 AND recipient_id = $2 AND channel = 'email'`, a.ID, sam).Scan(&rowID)
	db.Pool.Exec(ctx, `UPDATE outbox SET state = 'sent', sent_at = now() WHERE id = $1`, rowID)
	token, err := db.MakeClaimLink(ctx, rowID, lifeline.ViaEmail, now)
	if err != nil {
		t.Fatal(err)
	}
	expired, _ := db.MakeClaimLink(ctx, rowID, lifeline.ViaEmail, now.Add(-lifeline.ClaimLinkTTL-time.Minute))
	if _, err := db.ClaimByLink(ctx, expired, now); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("expired link: %v", err)
	}
	out, err := db.ClaimByLink(ctx, token, now)
	if err != nil {
		t.Fatal(err)
	}
	if out.Alert.ClaimedBy != "Sam" {
		t.Errorf("claimed by %q", out.Alert.ClaimedBy)
	}
	if _, err := db.ClaimByLink(ctx, token, now); lifeline.ErrorCode(err) != lifeline.ENOTFOUND || lifeline.ErrorMessage(err) != lifeline.ClaimLinkGone {
		t.Errorf("used twice: %v", err)
	}
	found, _ := db.FindAlert(ctx, wearer, a.ID)
	if len(found.Steps) != 1 || found.Steps[0].Via != lifeline.ViaEmail {
		t.Errorf("steps %+v", found.Steps)
	}
}

package delivery_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/store"
	"lifeline/store/storetest"
)

// receiver is a real HTTP server that records what webhooks post, and
// answers with the statuses queued in fail first.
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	requests []received
	fail     []int
}

type received struct {
	header http.Header
	body   string
}

func startReceiver(t testing.TB, fail ...int) *receiver {
	r := &receiver{fail: fail}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		r.requests = append(r.requests, received{req.Header.Clone(), string(b)})
		if len(r.fail) > 0 {
			w.WriteHeader(r.fail[0])
			r.fail = r.fail[1:]
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) got() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.requests...)
}

// circle is a wearer with one supporter on a fresh database.
type circle struct {
	t                 testing.TB
	db                *store.DB
	wearer, supporter int64
	link              int64
	zone              int64
	ctx               context.Context
	escalateAfter     time.Duration
}

func newCircle(t testing.TB, g lifeline.Grant) *circle {
	t.Helper()
	c := &circle{t: t, db: storetest.NewDB(t), ctx: context.Background(), escalateAfter: 300 * time.Millisecond}
	c.db.EscalateAfter = c.escalateAfter
	c.wearer = c.user("alex@example.org", "Alex")
	c.supporter, c.link = c.addSupporter("sam@example.org", "Sam", g)
	c.exec(`INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m) VALUES ($1, 'Rusty Anchor', 'avoid', 51.5, -0.12, 100)`, c.wearer)
	c.scan(`SELECT id FROM zones WHERE user_id = $1`, []any{c.wearer}, &c.zone)
	c.exec(`INSERT INTO locations (user_id, source, ts, latitude, longitude) VALUES ($1, 'browser', now(), 51.50012, -0.12034)`, c.wearer)
	return c
}

// addSupporter adds an account that accepts the wearer's invitation and
// gets grant g; it returns the account and the care link.
func (c *circle) addSupporter(email, name string, g lifeline.Grant) (userID, linkID int64) {
	c.t.Helper()
	userID = c.user(email, name)
	inv, err := c.db.InviteSupporter(c.ctx, c.wearer, name, "", time.Now())
	if err != nil {
		c.t.Fatal(err)
	}
	p, err := c.db.AcceptInvitation(c.ctx, &lifeline.User{ID: userID, Email: email}, inv.Token, time.Now())
	if err != nil {
		c.t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.db.SetGrant(c.ctx, c.wearer, p.LinkID, g); err != nil {
		c.t.Fatal(err)
	}
	return userID, p.LinkID
}

func (c *circle) user(email, name string) int64 {
	var id int64
	c.scan(`INSERT INTO users (email, first_name, last_name, timezone) VALUES ($1, $2, 'Doe', 'Europe/London') RETURNING id`, []any{email, name}, &id)
	return id
}

func (c *circle) exec(sql string, args ...any) {
	c.t.Helper()
	if _, err := c.db.Pool.Exec(c.ctx, sql, args...); err != nil {
		c.t.Fatalf("%v\n%s", err, sql)
	}
}

func (c *circle) scan(sql string, args []any, dst ...any) {
	c.t.Helper()
	if err := c.db.Pool.QueryRow(c.ctx, sql, args...).Scan(dst...); err != nil {
		c.t.Fatalf("%v\n%s", err, sql)
	}
}

// channel adds a channel, its address confirmed by its owner (the link of
// its confirmation message opened) when it is an email address. The
// confirmation email itself is left out of the outbox: these tests start
// from a confirmed address (confirmation_test.go follows the email).
func (c *circle) channel(user int64, kind, address string, ntfy bool) int64 {
	c.t.Helper()
	id := c.unconfirmedChannel(user, kind, address, ntfy)
	if kind == lifeline.ChannelEmail {
		c.confirm(id)
		c.exec(`DELETE FROM outbox WHERE channel_id = $1 AND purpose = 'confirmation'`, id)
	}
	return id
}

// unconfirmedChannel adds a channel as its owner does.
func (c *circle) unconfirmedChannel(user int64, kind, address string, ntfy bool) int64 {
	c.t.Helper()
	ch := &lifeline.Channel{Kind: kind, Address: address, Ntfy: ntfy}
	if err := c.db.CreateChannel(c.ctx, user, ch, confirmBase, time.Now()); err != nil {
		c.t.Fatal(err)
	}
	return ch.ID
}

// confirmBase is the start of a confirmation link.
const confirmBase = "https://lifeline.example.org/confirm-channel#token="

// confirm opens the link of the channel's newest confirmation message.
func (c *circle) confirm(channelID int64) {
	c.t.Helper()
	var link string
	c.scan(`SELECT secret_link FROM outbox WHERE channel_id = $1 AND purpose = 'confirmation' AND secret_link IS NOT NULL
		ORDER BY id DESC LIMIT 1`, []any{channelID}, &link)
	if _, err := c.db.ConfirmChannel(c.ctx, strings.TrimPrefix(link, confirmBase), time.Now()); err != nil {
		c.t.Fatal(err)
	}
}

// enterZone raises the avoid-zone alert the geofence engine raises, with
// the wearer inside the zone (or not).
func (c *circle) enterZone(inside bool) *lifeline.Alert {
	c.t.Helper()
	c.exec(`INSERT INTO geofence_state (device_key, zone_id, user_id, inside, since) VALUES ('manual:' || $2::bigint, $1, $2::bigint, $3, now())
		ON CONFLICT (device_key, zone_id) DO UPDATE SET inside = excluded.inside`, c.zone, c.wearer, inside)
	now := time.Now()
	a, err := c.db.RaiseAlert(c.ctx, c.wearer, lifeline.NewAlert{
		Type: lifeline.AlertZoneEntered, Message: lifeline.ZoneEnteredMessage("Rusty Anchor", now), Link: "/gps",
		DedupKey: fmt.Sprintf("zone %d:%d", c.zone, now.UnixNano()), ZoneID: c.zone,
	})
	if err != nil || a == nil {
		c.t.Fatalf("raise alert: %v, %v", a, err)
	}
	return a
}

func (c *circle) worker(smtp string, configure ...func(*delivery.Config)) *delivery.Worker {
	cfg := delivery.Config{
		Outbox: c.db, SMTP: delivery.SMTP{Addr: smtp, From: "lifeline@example.org", Timeout: 2 * time.Second},
		PublicURL: "https://lifeline.example.org", AllowPrivateWebhooks: true,
		Backoff: 50 * time.Millisecond, MaxBackoff: 200 * time.Millisecond, Poll: 20 * time.Millisecond,
		Logger: slog.New(slog.DiscardHandler),
	}
	for _, f := range configure {
		f(&cfg)
	}
	return delivery.NewWorker(cfg)
}

// run works until done says so, or fails the test after 15 s.
func (c *circle) run(w *delivery.Worker, done func() bool) {
	c.t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		w.RunOnce(c.ctx)
		if done() {
			return
		}
	}
	c.t.Fatalf("not done in 15 s; outbox: %s", c.outbox())
}

// outbox lists the rows as "recipient/channel/state", for failures.
func (c *circle) outbox() string {
	rows, err := c.db.Pool.Query(c.ctx, `SELECT recipient_id || '/' || channel || '/' || state || '/' || attempts || '/' || coalesce(last_error, '') FROM outbox ORDER BY id`)
	if err != nil {
		c.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		_ = rows.Scan(&s)
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

func (c *circle) deliveries(alertID int64) []lifeline.Delivery {
	c.t.Helper()
	a, err := c.db.FindAlert(c.ctx, c.wearer, alertID)
	if err != nil {
		c.t.Fatal(err)
	}
	raw, _ := json.Marshal(a)
	if !strings.Contains(string(raw), `"deliveries"`) {
		c.t.Errorf("the alert's JSON has no deliveries: %s", raw)
	}
	return a.Deliveries
}

func (c *circle) pending() int {
	var n int
	c.scan(`SELECT count(*) FROM outbox WHERE state = 'pending'`, nil, &n)
	return n
}

package api

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"lifeline/live"
)

const (
	// heartbeatEvery keeps proxies from closing an idle stream.
	heartbeatEvery = 25 * time.Second
	// subscriberBuffer is how far a client may fall behind before it is
	// disconnected (it reconnects and resumes); a slow client never blocks
	// the others or ingest.
	subscriberBuffer = 256
)

// hub fans live events out to the SSE streams of their user on this node.
// A session holds at most perSession streams and a person at most perUser
// (a browser holds one per open tab): a new stream past a cap ends the
// oldest, so the tab just opened always gets its events, and one session
// cannot hold thousands of connections open.
type hub struct {
	mu         sync.Mutex
	streams    map[int64]map[*stream]struct{}
	closed     bool
	perSession int
	perUser    int
	opened     uint64 // streams ever opened: each stream's age
	// replacedTotal counts streams ended for a newer one past a cap.
	replacedTotal atomic.Int64
}

type stream struct {
	events chan live.Event
	// dropped is closed when the stream fell too far behind, was replaced
	// by a newer one past a cap, or the server is shutting down.
	dropped chan struct{}
	once    sync.Once
	session string
	seq     uint64
	// replaced is set before dropped is closed when a newer stream took
	// this one's place.
	replaced atomic.Bool
}

func (s *stream) drop() { s.once.Do(func() { close(s.dropped) }) }

func newHub(perSession, perUser int) *hub {
	return &hub{streams: map[int64]map[*stream]struct{}{}, perSession: perSession, perUser: perUser}
}

// subscribe opens a stream for the user's session (its token's hash),
// ending the oldest of the session's, then of the user's, past the caps.
func (h *hub) subscribe(userID int64, session []byte) *stream {
	s := &stream{events: make(chan live.Event, subscriberBuffer), dropped: make(chan struct{}), session: string(session)}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		s.drop()
		return s
	}
	set := h.streams[userID]
	if set == nil {
		set = map[*stream]struct{}{}
		h.streams[userID] = set
	}
	h.evictOldest(set, h.perSession-1, func(o *stream) bool { return o.session == s.session })
	h.evictOldest(set, h.perUser-1, func(*stream) bool { return true })
	h.opened++
	s.seq = h.opened
	set[s] = struct{}{}
	return s
}

// evictOldest ends the oldest streams of set that match until at most keep
// of them remain.
func (h *hub) evictOldest(set map[*stream]struct{}, keep int, match func(*stream) bool) {
	for {
		var oldest *stream
		n := 0
		for o := range set {
			if !match(o) {
				continue
			}
			n++
			if oldest == nil || o.seq < oldest.seq {
				oldest = o
			}
		}
		if n <= keep || oldest == nil {
			return
		}
		oldest.replaced.Store(true)
		oldest.drop()
		delete(set, oldest)
		h.replacedTotal.Add(1)
	}
}

func (h *hub) unsubscribe(userID int64, s *stream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.streams[userID], s)
	if len(h.streams[userID]) == 0 {
		delete(h.streams, userID)
	}
}

// deliver hands e to its user's streams without ever waiting.
func (h *hub) deliver(e live.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.streams[e.UserID] {
		select {
		case s.events <- e:
		default:
			s.drop()
		}
	}
}

// closeAll ends every stream, so a graceful shutdown does not wait on them.
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for _, set := range h.streams {
		for s := range set {
			s.drop()
		}
	}
}

func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, set := range h.streams {
		n += len(set)
	}
	return n
}

// events is GET /api/events: the signed-in user's live updates as
// Server-Sent Events (location, alert, device), with a heartbeat comment
// every 25 s. A client that sends Last-Event-ID (the last alert id it saw)
// first gets the alerts it missed.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	// Every write gets a deadline: a client that stops reading fills the
	// socket buffers, and its stream then ends rather than blocking here for
	// good (the hub has already stopped delivering to it once its buffer
	// filled).
	arm := func() bool {
		err := rc.SetWriteDeadline(time.Now().Add(s.cfg.StreamWriteTimeout))
		return err == nil || errors.Is(err, http.ErrNotSupported)
	}
	if !arm() {
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	sub := s.hub.subscribe(user.ID, currentTokenHash(ctx))
	defer s.hub.unsubscribe(user.ID, sub)

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // tell nginx-like proxies not to buffer
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 3000\n\n")

	if last, err := strconv.ParseInt(r.Header.Get("Last-Event-ID"), 10, 64); err == nil && last > 0 {
		missed, err := s.cfg.Alerts.FindAlertsAfter(ctx, user.ID, last)
		if err != nil {
			s.cfg.Logger.Warn("resume live events", "err", err)
		}
		for _, a := range missed {
			writeEvent(w, live.AlertRaised(a))
		}
	}
	if rc.Flush() != nil {
		return
	}

	heartbeat := time.NewTicker(heartbeatEvery)
	defer heartbeat.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-sub.dropped:
			if sub.replaced.Load() {
				// A newer stream of this session or person took its place:
				// a tab left open in the background should not take it back
				// at once.
				fmt.Fprint(w, "retry: 30000\n\n")
				rc.Flush()
			}
			return
		case <-heartbeat.C:
			if !arm() {
				return
			}
			fmt.Fprint(w, ": heartbeat\n\n")
		case e := <-sub.events:
			if !arm() {
				return
			}
			writeEvent(w, e)
		}
		if rc.Flush() != nil {
			return
		}
	}
}

// writeEvent writes one event; only alerts carry an id, because the
// browser sends back the last id it saw and resumption replays alerts.
func writeEvent(w http.ResponseWriter, e live.Event) {
	if e.Kind == live.KindAlert && e.ID > 0 {
		fmt.Fprintf(w, "id: %d\n", e.ID)
	}
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Kind, e.Data)
}

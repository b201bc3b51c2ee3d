// Package natskick closes a revoked device's connections on every node of a
// NATS cluster at once, as the embedded broker closes its own
// (ingest.Broker.Disconnect). The auth callout (ingest/natsauth) refuses
// the device's next CONNECT; this ends the connection it holds now.
//
// It needs a user of the nodes' system account, named in their
// auth_callout's auth_users so that the nodes admit it themselves:
//
//	accounts { SYS: { users: [ { user: lifeline-system, password: … } ] } }
//	system_account: SYS
//
// and speaks two of the system account's requests (nats-server 2.10 and
// later): $SYS.REQ.SERVER.PING.CONNZ, which every node answers with its
// open connections in the devices' account under the device's MQTT client
// ID (a device's client ID is its ID: the callout admits no other), and
// $SYS.REQ.SERVER.<node ID>.KICK, which closes one by its connection ID.
// A kick of a connection already gone is answered with an error and
// changes nothing, so every worker may act on the same revocation.
//
// Tested with the callout it completes, on a real cluster, by
// TestARevokedDeviceIsDisconnectedAtOnce (ingest/natsauth).
package natskick

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"lifeline/ingest/natsshard"
)

// The system account's requests (nats-server's server/events.go).
const (
	connzSubject  = "$SYS.REQ.SERVER.PING.CONNZ"
	routezSubject = "$SYS.REQ.SERVER.%s.ROUTEZ"
	kickSubject   = "$SYS.REQ.SERVER.%s.KICK"
)

// answerWithin bounds each step of a revocation (finding the nodes, their
// answers, each kick): the nodes answer in milliseconds, but one on a
// loaded machine may take seconds, and a node that answers later keeps
// the device's connection (it is logged).
const answerWithin = 15 * time.Second

// Config starts a Kicker.
type Config struct {
	// URL is nats://host:4222, comma-separated for every node.
	URL string
	// Username and Password are a user of the nodes' system account.
	Username, Password string
	Name               string // the connection's name, for the nodes' monitoring
	// Shards is how many accounts the devices are spread over
	// (natsauth.Config.Shards): a device is looked for in its own.
	Shards int
	Logger *slog.Logger
}

// Kicker closes devices' connections on every node of the cluster.
type Kicker struct {
	conn   *nats.Conn
	shards int
	log    *slog.Logger

	// stop ends the revocations under way at Close; running counts them.
	ctx     context.Context
	stop    context.CancelFunc
	running sync.WaitGroup
}

// Start connects to the cluster as the system account's user.
func Start(cfg Config) (*Kicker, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	conn, err := nats.Connect(cfg.URL,
		nats.UserInfo(cfg.Username, cfg.Password),
		nats.Name(cfg.Name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil { // nil: Close
				cfg.Logger.Warn("revocations: NATS connection lost; reconnecting", "err", err)
			}
		}))
	if err != nil {
		return nil, fmt.Errorf("natskick: connect to NATS %s as %s: %w", cfg.URL, cfg.Username, err)
	}
	k := &Kicker{conn: conn, shards: cfg.Shards, log: cfg.Logger}
	k.ctx, k.stop = context.WithCancel(context.Background())
	// A user outside the system account gets no answer from the nodes
	// (no responders): say so now rather than at the first revocation.
	check, cancel := context.WithTimeout(k.ctx, answerWithin)
	defer cancel()
	if _, err := k.nodes(check); err != nil {
		conn.Close()
		return nil, fmt.Errorf("natskick: %s is not a working user of the nodes' system account: %w", cfg.Username, err)
	}
	cfg.Logger.Info("closing revoked devices' connections on the NATS cluster", "broker", cfg.URL, "name", cfg.Name)
	return k, nil
}

// Disconnect closes deviceID's connections on every node in the
// background: it is a live-event subscriber (live.Bus.OnDeviceRevoked),
// which must return at once.
func (k *Kicker) Disconnect(deviceID string) {
	k.running.Add(1)
	go func() {
		defer k.running.Done()
		n, err := k.Kick(k.ctx, deviceID)
		switch {
		case err != nil:
			k.log.Warn("revoked device: not every connection closed", "device", deviceID, "closed", n, "err", err)
		case n > 0:
			k.log.Info("revoked device disconnected", "device", deviceID, "connections", n)
		}
	}()
}

// Kick closes deviceID's connections on every node and returns how many it
// closed. Connections closed meanwhile by someone else (another worker)
// are not counted and are no error; a node that does not answer is.
func (k *Kicker) Kick(ctx context.Context, deviceID string) (int, error) {
	step, cancel := context.WithTimeout(ctx, answerWithin)
	nodes, err := k.nodes(step)
	cancel()
	if err != nil {
		return 0, err
	}
	step, cancel = context.WithTimeout(ctx, answerWithin)
	found, err := k.find(step, deviceID, nodes)
	cancel()
	kicked := 0
	errs := []error{err}
	for _, c := range found {
		step, cancel = context.WithTimeout(ctx, answerWithin)
		gone, err := k.kick(step, c)
		cancel()
		switch {
		case err != nil:
			errs = append(errs, err)
		case !gone:
			kicked++
		}
	}
	return kicked, errors.Join(errs...)
}

// Close stops the revocations under way and disconnects.
func (k *Kicker) Close() {
	k.stop()
	k.running.Wait()
	k.conn.Close()
}

// response is the system account's answer to a request, one node's.
type response struct {
	Server struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"server"`
	Data  json.RawMessage `json:"data"`
	Error *struct {
		Code        int    `json:"code"`
		Description string `json:"description"`
	} `json:"error"`
}

func (r response) err(subject string) error {
	if r.Error == nil {
		return nil
	}
	return &nodeError{subject: subject, node: r.Server.Name, description: r.Error.Description, code: r.Error.Code}
}

// nodes returns the IDs of the running nodes, the ones every answer is
// waited for: the node this connection is on and the peers it is routed
// to (with route pooling, several routes per peer).
func (k *Kicker) nodes(ctx context.Context) (map[string]bool, error) {
	var routez struct {
		Routes []struct {
			RemoteID string `json:"remote_id"`
		} `json:"routes"`
	}
	if err := k.request(ctx, fmt.Sprintf(routezSubject, k.conn.ConnectedServerId()), nil, &routez); err != nil {
		return nil, err
	}
	nodes := map[string]bool{k.conn.ConnectedServerId(): true}
	for _, r := range routez.Routes {
		nodes[r.RemoteID] = true
	}
	return nodes, nil
}

// connection is one open connection on one node.
type connection struct {
	node string // the node's ID
	cid  uint64
}

// find asks every node for deviceID's open connections. It returns those
// the nodes named, and an error for each node that did not answer in time
// or answered with an error: that node's connections, if any, stay open.
func (k *Kicker) find(ctx context.Context, deviceID string, nodes map[string]bool) ([]connection, error) {
	query, err := json.Marshal(struct {
		Account    string `json:"acc"`
		MQTTClient string `json:"mqtt_client"`
	}{natsshard.AccountOf(deviceID, k.shards), deviceID})
	if err != nil {
		return nil, err
	}
	inbox := k.conn.NewRespInbox()
	answers := make(chan *nats.Msg, 64)
	sub, err := k.conn.ChanSubscribe(inbox, answers)
	if err != nil {
		return nil, fmt.Errorf("natskick: %w", err)
	}
	defer sub.Unsubscribe()
	if err := k.conn.PublishRequest(connzSubject, inbox, query); err != nil {
		return nil, fmt.Errorf("natskick: ask the nodes for %s's connections: %w", deviceID, err)
	}
	var found []connection
	var errs []error
	waiting := maps.Clone(nodes)
	for len(waiting) > 0 {
		select {
		case m := <-answers:
			var r response
			if err := json.Unmarshal(m.Data, &r); err != nil {
				errs = append(errs, fmt.Errorf("natskick: an answer to %s: %w", connzSubject, err))
				continue
			}
			delete(waiting, r.Server.ID)
			var connz struct {
				Conns []struct {
					CID uint64 `json:"cid"`
				} `json:"connections"`
			}
			if err := r.err(connzSubject); err != nil {
				errs = append(errs, err)
			} else if err := json.Unmarshal(r.Data, &connz); err != nil {
				errs = append(errs, fmt.Errorf("natskick: node %s's connections: %w", r.Server.Name, err))
			}
			for _, c := range connz.Conns {
				found = append(found, connection{node: r.Server.ID, cid: c.CID})
			}
		case <-ctx.Done():
			missing := slices.Sorted(maps.Keys(waiting))
			errs = append(errs, fmt.Errorf("natskick: no answer from node %s", strings.Join(missing, ", ")))
			return found, errors.Join(errs...)
		}
	}
	return found, errors.Join(errs...)
}

// kick closes one connection; gone reports that it had closed already.
func (k *Kicker) kick(ctx context.Context, c connection) (gone bool, err error) {
	req, _ := json.Marshal(struct {
		CID uint64 `json:"cid"`
	}{c.cid})
	err = k.request(ctx, fmt.Sprintf(kickSubject, c.node), req, nil)
	var refused *nodeError
	if errors.As(err, &refused) && strings.Contains(refused.description, "no such client") {
		return true, nil // closed meanwhile: by the device, or another worker
	}
	return false, err
}

// nodeError is a node's answer refusing a request.
type nodeError struct {
	subject, node, description string
	code                       int
}

func (e *nodeError) Error() string {
	return fmt.Sprintf("natskick: %s: node %s answered %q (%d)", e.subject, e.node, e.description, e.code)
}

// request sends one request to one node and decodes its answer's data
// into into (nil: the data is not read).
func (k *Kicker) request(ctx context.Context, subject string, data []byte, into any) error {
	m, err := k.conn.RequestWithContext(ctx, subject, data)
	if err != nil {
		return fmt.Errorf("natskick: %s: %w", subject, err)
	}
	var r response
	if err := json.Unmarshal(m.Data, &r); err != nil {
		return fmt.Errorf("natskick: %s: %w", subject, err)
	}
	if err := r.err(subject); err != nil {
		return err
	}
	if into == nil {
		return nil
	}
	return json.Unmarshal(r.Data, into)
}

// Package natsauth is the auth callout of a NATS cluster whose MQTT
// listener the devices use: the nodes send every CONNECT of a user not
// named in their configuration to $SYS.REQ.USER.AUTH, and this service
// answers with a user signed by the issuer key the nodes trust, carrying
// that one device's permissions, or with a refusal. A device paired,
// revoked or given a new token is known at its next CONNECT.
//
// The nodes' configuration (ingest/brokercluster writes it for tests):
//
//	authorization { auth_callout {
//	  issuer: <the issuer's public account key, A...>
//	  auth_users: [ <Lifeline's own users: the workers, this service> ]
//	  account: LIFELINE
//	} }
//
// With Config.Shards above one, the devices are spread over the accounts
// LIFELINE, LIFELINE_1, … (ingest/natsshard), each defined on the nodes
// with JetStream and the workers' twin users, named in auth_users too.
//
// Every worker may run the service; the nodes' request goes to one of them
// (a queue group), so the callout keeps answering while one worker or one
// node is down. Why NATS, and what was measured: docs/scaling.md.
package natsauth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"lifeline"
	"lifeline/ingest"
	"lifeline/ingest/natsshard"
	"lifeline/ingest/wire"
)

// Account is the NATS account named by the nodes' auth_callout, where the
// workers live, and the account of every device unless the cluster is
// sharded (Config.Shards, ingest/natsshard).
const Account = natsshard.Base

// subject is where the nodes ask; queue is the group every instance joins.
const (
	subject = "$SYS.REQ.USER.AUTH"
	queue   = "lifeline-auth"
)

// maxInFlight bounds the requests answered at once (each is one device
// lookup), so a reconnect storm queues in NATS rather than in goroutines.
const maxInFlight = 64

// Config starts the service.
type Config struct {
	// URL is nats://host:4222, comma-separated for every node.
	URL                string
	Username, Password string // a user named in the nodes' auth_users
	Name               string // the connection's name, for the nodes' monitoring
	// IssuerSeed is the nkey seed (SA...) of the account key the nodes
	// trust as the callout's issuer.
	IssuerSeed string
	// Shards is how many accounts the devices are spread over (0 or 1:
	// all in Account); the nodes and the workers must agree on it.
	Shards  int
	Devices lifeline.DeviceService
	Logger  *slog.Logger
}

// Service answers the nodes' authorization requests.
type Service struct {
	conn    *nats.Conn
	sub     *nats.Subscription
	issuer  nkeys.KeyPair
	devices lifeline.DeviceService
	shards  int
	log     *slog.Logger
	slots   chan struct{}
}

// ParseIssuerSeed checks that seed is an account nkey seed, the kind the
// nodes' auth_callout issuer names, and returns its public key.
func ParseIssuerSeed(seed string) (nkeys.KeyPair, string, error) {
	kp, err := nkeys.FromSeed([]byte(seed))
	if err != nil {
		return nil, "", fmt.Errorf("natsauth: the issuer seed: %w", err)
	}
	public, err := kp.PublicKey()
	if err != nil || !nkeys.IsValidPublicAccountKey(public) {
		return nil, "", errors.New("natsauth: the issuer seed is not an account seed (SA...): the nodes' auth_callout issuer is an account key")
	}
	return kp, public, nil
}

// Start connects to the cluster and answers until Close.
func Start(cfg Config) (*Service, error) {
	issuer, _, err := ParseIssuerSeed(cfg.IssuerSeed)
	if err != nil {
		return nil, err
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	s := &Service{issuer: issuer, devices: cfg.Devices, shards: cfg.Shards, log: cfg.Logger, slots: make(chan struct{}, maxInFlight)}
	s.conn, err = nats.Connect(cfg.URL,
		nats.UserInfo(cfg.Username, cfg.Password),
		nats.Name(cfg.Name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			cfg.Logger.Warn("auth callout: NATS connection lost; reconnecting", "err", err)
		}))
	if err != nil {
		return nil, fmt.Errorf("natsauth: connect to NATS %s: %w", cfg.URL, err)
	}
	if s.sub, err = s.conn.QueueSubscribe(subject, queue, s.handle); err != nil {
		s.conn.Close()
		return nil, fmt.Errorf("natsauth: subscribe to %s: %w", subject, err)
	}
	// The nodes learn of the subscription asynchronously; Flush returns
	// once the node this service is connected to has it.
	if err := s.conn.Flush(); err != nil {
		s.conn.Close()
		return nil, fmt.Errorf("natsauth: %w", err)
	}
	cfg.Logger.Info("answering the NATS auth callout", "broker", cfg.URL, "name", cfg.Name)
	return s, nil
}

// ConnectedURL is the node the service is connected to now.
func (s *Service) ConnectedURL() string { return s.conn.ConnectedUrl() }

// Close stops answering; requests under way are answered first.
func (s *Service) Close() {
	s.conn.Drain()
}

func (s *Service) handle(msg *nats.Msg) {
	s.slots <- struct{}{}
	go func() {
		defer func() { <-s.slots }()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		reply, err := s.answer(ctx, msg.Data)
		if err != nil {
			s.log.Warn("auth callout: request not answered", "err", err)
			return
		}
		msg.Respond(reply)
	}()
}

// request is what the callout needs from a node's authorization request.
type request struct {
	server   string // the asking node's public key: the answer's audience
	userNkey string // the key the node made for this connection: the answer's subject
	kind     string // "mqtt" for the MQTT listener
	clientID string // the MQTT client ID
	username string
	password string
}

// parseRequest decodes a node's authorization request, a JWT the node
// signs with its server key, and checks the signature and the fields the
// answer needs. Its expiry is not checked: the node stops waiting on its
// own, and a host whose clock runs a few seconds off must not refuse every
// device.
func parseRequest(data []byte) (request, error) {
	rc, err := jwt.DecodeAuthorizationRequestClaims(string(data))
	if err != nil {
		return request{}, fmt.Errorf("natsauth: not an authorization request: %w", err)
	}
	vr := jwt.CreateValidationResults()
	rc.Validate(vr)
	if err := vr.Errors(); len(err) > 0 {
		return request{}, fmt.Errorf("natsauth: invalid authorization request: %v", err[0])
	}
	if !nkeys.IsValidPublicServerKey(rc.Server.ID) {
		return request{}, fmt.Errorf("natsauth: the request names no server key (%q)", rc.Server.ID)
	}
	return request{
		server:   rc.Server.ID,
		userNkey: rc.UserNkey,
		kind:     rc.ClientInformation.Type,
		clientID: rc.ClientInformation.MQTT,
		username: rc.ConnectOptions.Username,
		password: rc.ConnectOptions.Password,
	}, nil
}

// answer decides one request and returns the signed response: a user
// with the device's permissions, or a refusal saying why (the node logs
// it; the device sees only "not authorized"). An error means there is
// nothing to answer: the request was not a node's.
func (s *Service) answer(ctx context.Context, data []byte) ([]byte, error) {
	req, err := parseRequest(data)
	if err != nil {
		return nil, err
	}
	user, refusal := s.decide(ctx, req)
	res := jwt.NewAuthorizationResponseClaims(req.userNkey)
	res.Audience = req.server
	if refusal != "" {
		res.Error = refusal
	} else if res.Jwt, err = user.Encode(s.issuer); err != nil {
		return nil, fmt.Errorf("natsauth: sign the user of %s: %w", req.username, err)
	}
	token, err := res.Encode(s.issuer)
	if err != nil {
		return nil, fmt.Errorf("natsauth: sign the answer for %s: %w", req.username, err)
	}
	return []byte(token), nil
}

// decide applies the rule of every outside broker's CONNECT
// (lifeline.AuthenticateBrokerDevice, as POST /internal/mqtt/auth) to an
// MQTT connection and returns the device's user, or why it is refused.
func (s *Service) decide(ctx context.Context, req request) (*jwt.UserClaims, string) {
	if req.kind != "mqtt" {
		return nil, "only devices connect through the callout, over MQTT"
	}
	if !wire.ValidDeviceID(req.username) {
		return nil, "unknown device"
	}
	creds, err := lifeline.AuthenticateBrokerDevice(ctx, s.devices, req.clientID, req.username, req.password)
	switch lifeline.ErrorCode(err) {
	case "":
	case lifeline.ENOTFOUND:
		return nil, "unknown device"
	case lifeline.EUNAUTHORIZED:
		return nil, "revoked device, wrong token or another client ID"
	default:
		s.log.Error("auth callout: device lookup failed", "device", req.username, "err", err)
		return nil, "device lookup failed"
	}
	user := jwt.NewUserClaims(req.userNkey)
	user.Name = creds.DeviceID
	// Where a node places the user, outside operator mode: the device's
	// shard, whose stream its fixes go to.
	user.Audience = natsshard.AccountOf(creds.DeviceID, s.shards)
	publish, subscribe := ingest.NATSSubjects(creds.Kind, creds.DeviceID)
	user.Pub.Allow.Add(publish...)
	user.Sub.Allow.Add(subscribe...)
	return user, ""
}

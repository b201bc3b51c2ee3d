package natsauth

import (
	"strings"
	"testing"
	"time"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nkeys"
)

// signedRequest is an authorization request as a node sends it: signed
// with the node's server key, for the user key the node made.
func signedRequest(t testing.TB, edit func(*jwt.AuthorizationRequestClaims)) string {
	t.Helper()
	server, _ := nkeys.CreateServer()
	serverKey, _ := server.PublicKey()
	user, _ := nkeys.CreateUser()
	userKey, _ := user.PublicKey()
	rc := jwt.NewAuthorizationRequestClaims("AAXZ7QH6KPUYBMGHXQ5RBBXLBXCEUF5XMY6N2IG5CGOJH3IYFX3VIXBH")
	rc.Audience = "nats-authorization-request"
	rc.UserNkey = userKey
	rc.Server = jwt.ServerID{Name: "n1", ID: serverKey}
	rc.ClientInformation = jwt.ClientInformation{Type: "mqtt", MQTT: "brc_abcd1234"}
	rc.ConnectOptions = jwt.ConnectOptions{Username: "brc_abcd1234", Password: "token"}
	rc.Expires = time.Now().Add(2 * time.Second).Unix()
	if edit != nil {
		edit(rc)
	}
	token, err := rc.Encode(server)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// answerToken is a valid JWT of another kind: an answer signed by an
// account key.
func answerToken(t testing.TB, account nkeys.KeyPair) string {
	t.Helper()
	server, _ := nkeys.CreateServer()
	serverKey, _ := server.PublicKey()
	user, _ := nkeys.CreateUser()
	userKey, _ := user.PublicKey()
	res := jwt.NewAuthorizationResponseClaims(userKey)
	res.Audience = serverKey
	res.Error = "no"
	token, err := res.Encode(account)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

func TestParseRequest(t *testing.T) {
	account, _ := nkeys.CreateAccount()
	valid := signedRequest(t, nil)
	parts := strings.Split(valid, ".")
	tests := []struct {
		name, data string
		ok         bool
	}{
		{"a node's request", valid, true},
		{"an answer, not a request", answerToken(t, account), false},
		{"its payload altered", parts[0] + "." + parts[1] + "x." + parts[2], false},
		// The node stops waiting on its own; another host's clock running
		// a few seconds off must not refuse every device.
		{"expired by the callout's clock", signedRequest(t, func(rc *jwt.AuthorizationRequestClaims) { rc.Expires = time.Now().Add(-time.Minute).Unix() }), true},
		{"no user key", signedRequest(t, func(rc *jwt.AuthorizationRequestClaims) { rc.UserNkey = "" }), false},
		{"no server key", signedRequest(t, func(rc *jwt.AuthorizationRequestClaims) { rc.Server.ID = "n1" }), false},
		{"not a JWT", "brc_abcd1234:token", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := parseRequest([]byte(tt.data))
			if (err == nil) != tt.ok {
				t.Fatalf("parseRequest: %v, want ok %v", err, tt.ok)
			}
			if tt.ok && (req.kind != "mqtt" || req.clientID != "brc_abcd1234" || req.username != "brc_abcd1234" || req.password != "token") {
				t.Fatalf("parsed %+v", req)
			}
		})
	}
}

// FuzzParseRequest feeds the callout what a node, or anything else able
// to publish on the callout's subject, might send: parseRequest never
// panics, and what it accepts names a user key and a server key, which
// the signed answer depends on.
func FuzzParseRequest(f *testing.F) {
	account, _ := nkeys.CreateAccount()
	f.Add([]byte(signedRequest(f, nil)))
	f.Add([]byte(answerToken(f, account)))
	f.Add([]byte("eyJ0eXAiOiJKV1QiLCJhbGciOiJlZDI1NTE5LW5rZXkifQ.e30.AAAA"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := parseRequest(data)
		if err != nil {
			return
		}
		if !nkeys.IsValidPublicUserKey(req.userNkey) || !nkeys.IsValidPublicServerKey(req.server) {
			t.Fatalf("accepted a request for user %q from server %q", req.userNkey, req.server)
		}
	})
}

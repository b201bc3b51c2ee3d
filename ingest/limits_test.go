package ingest_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline/ingest"
	"lifeline/ingest/wire"
	"lifeline/store/storetest"
)

// selfSigned makes a certificate for 127.0.0.1 and a pool that trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "lifeline-test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}

func TestBrokerLimitsAndTLS(t *testing.T) {
	db := storetest.NewDB(t)
	cert, pool := selfSigned(t)
	metrics := ingest.NewMetrics(prometheus.NewRegistry())
	writer := ingest.NewWriter(db, ingest.WriterConfig{Metrics: metrics})
	t.Cleanup(func() { writer.Close(context.Background()) })
	broker, err := ingest.StartBroker(ingest.BrokerConfig{
		TCPAddr: "127.0.0.1:0", WSAddr: "127.0.0.1:0", TLS: &tls.Config{Certificates: []tls.Certificate{cert}},
		Devices: db, Writer: writer, Metrics: metrics, MaxClients: 1, MaxPacketSize: 4096,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { broker.Close() })
	r := &rig{t: t, db: db, writer: writer, broker: broker, metrics: metrics}
	db.Pool.QueryRow(context.Background(), `INSERT INTO users (email) VALUES ('tls@example.org') RETURNING id`).Scan(&r.userID)
	first, firstToken := r.pairDevice()
	second, secondToken := r.pairDevice()

	secure := func(id, token string) (paho.Client, error) {
		opts := paho.NewClientOptions().AddBroker("ssl://" + broker.TCPAddr()).SetClientID(id).SetUsername(id).SetPassword(token).
			SetProtocolVersion(4).SetAutoReconnect(false).SetTLSConfig(&tls.Config{RootCAs: pool})
		c := paho.NewClient(opts)
		tok := c.Connect()
		if !tok.WaitTimeout(10 * time.Second) {
			return nil, context.DeadlineExceeded
		}
		return c, tok.Error()
	}

	c, err := secure(first, firstToken)
	if err != nil {
		t.Fatalf("TLS connection refused: %v", err)
	}
	defer c.Disconnect(0)
	if err := publish(t, c, wire.PositionTopic(first), wire.EncodePosition(fix(1, time.Now()))); err != nil || r.rows(first) != 1 {
		t.Fatalf("publish over TLS: %v, rows %d", err, r.rows(first))
	}

	t.Run("plain TCP is refused on a TLS listener", func(t *testing.T) {
		if _, err := connect(t, "tcp://"+broker.TCPAddr(), second, second, secondToken); err == nil {
			t.Error("a plaintext client connected")
		}
	})
	t.Run("connection cap", func(t *testing.T) {
		if c2, err := secure(second, secondToken); err == nil {
			c2.Disconnect(0)
			t.Fatal("a second device connected past MaxClients 1")
		} else if !strings.Contains(strings.ToLower(err.Error()), "server unavailable") {
			t.Errorf("refused with %q, want server unavailable", err)
		}
		if got := testutil.ToFloat64(metrics.Refused.WithLabelValues("max_clients")); got != 1 {
			t.Errorf("max_clients refusals = %v, want 1", got)
		}
	})
	t.Run("oversize packet", func(t *testing.T) {
		big := make([]byte, 8000)
		c.Publish(wire.PositionTopic(first), 1, false, big)
		if !eventually(func() bool { return testutil.ToFloat64(metrics.Refused.WithLabelValues("packet_too_large")) == 1 }) {
			t.Error("the oversize packet was not counted")
		}
		if r.rows(first) != 1 {
			t.Error("the oversize packet stored something")
		}
	})
}

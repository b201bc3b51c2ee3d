// Package benchbracelet is one bracelet's MQTT connection for the
// benchmark tools (lifeline-bench alert-probe): it connects with a paired
// device's credentials and publishes fixes at QoS 1, timing each to its
// PUBACK. It sits under ingest because ingest owns paho; only the
// benchmark command imports it.
package benchbracelet

import (
	"fmt"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline/ingest/wire"
)

// Bracelet is a connected bracelet.
type Bracelet struct {
	c       paho.Client
	id      string
	timeout time.Duration
}

// Connect connects to the broker at addr (host:port) as device id with its
// token, over MQTT 3.1.1 with a clean session; timeout bounds the connect
// and each publish. A lost connection is reconnected in the background.
func Connect(addr, id, token string, timeout time.Duration) (*Bracelet, error) {
	c := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + addr).SetClientID(id).
		SetUsername(id).SetPassword(token).SetProtocolVersion(4).
		SetConnectTimeout(timeout).SetAutoReconnect(true))
	tok := c.Connect()
	if !tok.WaitTimeout(timeout) {
		return nil, fmt.Errorf("cannot connect to the MQTT broker at %s as bracelet %s: no CONNACK within %v", addr, id, timeout)
	}
	if err := tok.Error(); err != nil {
		return nil, fmt.Errorf("cannot connect to the MQTT broker at %s as bracelet %s: %w", addr, id, err)
	}
	return &Bracelet{c: c, id: id, timeout: timeout}, nil
}

// Publish sends fix on the bracelet's position topic at QoS 1 and waits
// for its PUBACK (which the server sends once the fix is stored); it
// returns the time from publish to PUBACK.
func (b *Bracelet) Publish(fix wire.Fix) (time.Duration, error) {
	sent := time.Now()
	tok := b.c.Publish(wire.PositionTopic(b.id), 1, false, wire.EncodePosition(fix))
	if !tok.WaitTimeout(b.timeout) {
		return 0, fmt.Errorf("no PUBACK within %v", b.timeout)
	}
	if err := tok.Error(); err != nil {
		return 0, err
	}
	return time.Since(sent), nil
}

// Close disconnects.
func (b *Bracelet) Close() { b.c.Disconnect(100) }

package barebroker_test

import (
	"bytes"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"lifeline/ingest/barebroker"
)

// TestAcknowledgesAnyone: a client with no credentials is accepted and its
// QoS 1 publish to any topic acknowledged, as the baseline must do.
func TestAcknowledgesAnyone(t *testing.T) {
	b, err := barebroker.Start("127.0.0.1:0", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	conn, err := net.Dial("tcp", b.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))

	steps := []struct {
		name      string
		send, ack []byte
	}{
		{"CONNECT (MQTT 3.1.1, clean session, client id brc_xyz, no credentials)",
			append([]byte{0x10, 19, 0, 4, 'M', 'Q', 'T', 'T', 4, 0x02, 0, 60, 0, 7}, "brc_xyz"...),
			[]byte{0x20, 2, 0, 0}},
		{"PUBLISH QoS 1, packet id 1",
			append(append([]byte{0x32, 26, 0, 20}, "bracelets/x/position"...), 0, 1, '{', '}'),
			[]byte{0x40, 2, 0, 1}},
	}
	for _, s := range steps {
		if _, err := conn.Write(s.send); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		got := make([]byte, len(s.ack))
		if _, err := io.ReadFull(conn, got); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if !bytes.Equal(got, s.ack) {
			t.Errorf("%s: answered % x, want % x", s.name, got, s.ack)
		}
	}
}

package main

import (
	"bufio"
	"bytes"
	"testing"

	"lifeline/internal/bench/rawmqtt"
)

// TestLeanDevices: 40 lean bracelets from two loopback addresses against
// the real server; every acknowledged fix is stored once, each device got
// its config, and the summary carries the simulator's RSS.
func TestLeanDevices(t *testing.T) {
	s := startServer(t)
	a := newAccount(t, s)
	cfg := a.config(s, a.pair(t, 40))
	cfg.Lean, cfg.LocalAddrs, cfg.BatteryEvery = true, []string{"127.0.0.2", "127.0.0.3"}, 0
	var out bytes.Buffer
	sum, err := Run(t.Context(), cfg, &out, &bytes.Buffer{})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	t.Logf("\n%s", out.String())
	if sum.Devices != 40 || sum.Acked < 40 || sum.Lost != 0 || sum.Sent != sum.Acked || sum.Reconnects != 0 {
		t.Errorf("%d devices: sent %d, acked %d, lost %d, reconnects %d", sum.Devices, sum.Sent, sum.Acked, sum.Lost, sum.Reconnects)
	}
	if v := sum.Verify; v == nil || v.Checked != int(sum.Acked) || v.failed() || v.Unacknowledged != 0 {
		t.Errorf("verify: %+v", sum.Verify)
	}
	if sum.Configs < 40 {
		t.Errorf("%d config messages, want one per device at least", sum.Configs)
	}
	if sum.RSSKB <= 0 || sum.P99ms < sum.P50ms || sum.P50ms <= 0 {
		t.Errorf("RSS %d KB, p50 %g ms, p99 %g ms", sum.RSSKB, sum.P50ms, sum.P99ms)
	}
	if n := len(a.everything(t)); n != int(sum.Acked) {
		t.Errorf("%d fixes stored, %d acknowledged", n, sum.Acked)
	}
}

// TestLeanPackets: what a lean device writes, and reads back, byte for byte.
func TestLeanPackets(t *testing.T) {
	tests := []struct {
		name string
		got  []byte
		want []byte
	}{
		{"connect", mqttConnect("brc_a", "tk", 120), []byte("\x10\x1c\x00\x04MQTT\x04\xc0\x00\x78\x00\x05brc_a\x00\x05brc_a\x00\x02tk")},
		{"subscribe", mqttSubscribe(7, "b/c", 1), []byte("\x82\x08\x00\x07\x00\x03b/c\x01")},
		{"subscribe at QoS 0", mqttSubscribe(7, "b/c", 0), []byte("\x82\x08\x00\x07\x00\x03b/c\x00")},
		{"publish", mqttPublish(258, "t", []byte("{}")), []byte("\x32\x07\x00\x01t\x01\x02{}")},
		{"long length", rawmqtt.Packet(0x30, make([]byte, 200))[:3], []byte{0x30, 0xc8, 0x01}},
	}
	for _, tt := range tests {
		if !bytes.Equal(tt.got, tt.want) {
			t.Errorf("%s: % x, want % x", tt.name, tt.got, tt.want)
		}
	}
	reads := []struct {
		name string
		in   string
		typ  byte
		pid  int // -1: none
	}{
		{"puback", "\x40\x02\x01\x02", 4, -1},
		{"config at QoS 1", "\x32\x09\x00\x03b/c\x00\x05{}", 3, 5},
		{"config at QoS 0", "\x30\x05\x00\x03b/c", 3, -1},
		{"pingresp", "\xd0\x00", 13, -1},
	}
	for _, tt := range reads {
		typ, body, err := readMQTT(bufio.NewReader(bytes.NewReader([]byte(tt.in))))
		if err != nil || typ != tt.typ {
			t.Errorf("%s: type %d, err %v; want %d", tt.name, typ, err, tt.typ)
			continue
		}
		pid, ok := publishPacketID(body)
		if typ == 3 && (ok != (tt.pid >= 0) || (ok && int(pid) != tt.pid)) {
			t.Errorf("%s: packet ID %d %v, want %d", tt.name, pid, ok, tt.pid)
		}
	}
	if _, _, err := readMQTT(bufio.NewReader(bytes.NewReader([]byte("\x30\xff\xff\xff\xff\x01")))); err == nil {
		t.Error("a remaining length of five bytes was accepted")
	}
}

// FuzzReadMQTT: whatever the broker sends, reading it never panics.
func FuzzReadMQTT(f *testing.F) {
	f.Add([]byte("\x32\x09\x00\x03b/c\x00\x05{}"))
	f.Add([]byte("\x40\x02\x01\x02"))
	f.Add([]byte("\x30\x01\xff"))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := bufio.NewReader(bytes.NewReader(in))
		for range 4 {
			typ, body, err := readMQTT(r)
			if err != nil {
				return
			}
			if typ == 3 {
				publishPacketID(body)
			}
		}
	})
}

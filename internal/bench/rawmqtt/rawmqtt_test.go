package rawmqtt

import (
	"bufio"
	"bytes"
	"testing"
)

func TestPacketAndReadHeader(t *testing.T) {
	tests := []struct {
		name   string
		body   int
		header []byte
	}{
		{"empty", 0, []byte{0x30, 0x00}},
		{"one byte of length", 127, []byte{0x30, 0x7f}},
		{"two bytes of length", 200, []byte{0x30, 0xc8, 0x01}},
		{"three bytes of length", 16384, []byte{0x30, 0x80, 0x80, 0x01}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Packet(0x30, make([]byte, tt.body))
			if !bytes.HasPrefix(p, tt.header) || len(p) != len(tt.header)+tt.body {
				t.Fatalf("Packet = % x…, %d bytes; want % x and %d", p[:min(len(p), 5)], len(p), tt.header, len(tt.header)+tt.body)
			}
			h, n, err := ReadHeader(bufio.NewReader(bytes.NewReader(p)))
			if err != nil || h != 0x30 || n != tt.body {
				t.Fatalf("ReadHeader = %#x, %d, %v; want 0x30, %d", h, n, err, tt.body)
			}
		})
	}
}

func TestReadHeaderRefusesAFifthLengthByte(t *testing.T) {
	_, _, err := ReadHeader(bufio.NewReader(bytes.NewReader([]byte{0x30, 0xff, 0xff, 0xff, 0xff, 0x01})))
	if err == nil {
		t.Fatal("a five-byte remaining length was read")
	}
}

func TestAppendString(t *testing.T) {
	if got := AppendString([]byte{9}, "MQTT"); !bytes.Equal(got, []byte{9, 0, 4, 'M', 'Q', 'T', 'T'}) {
		t.Fatalf("AppendString = % x", got)
	}
}

// FuzzReadHeader: any bytes give a header or an error, never a panic or
// a negative length.
func FuzzReadHeader(f *testing.F) {
	f.Add([]byte{0x30, 0xc8, 0x01})
	f.Add([]byte{0x30, 0xff, 0xff, 0xff, 0xff, 0x01})
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, n, err := ReadHeader(bufio.NewReader(bytes.NewReader(b))); err == nil && n < 0 {
			t.Fatalf("length %d", n)
		}
	})
}

// Package rawmqtt writes and reads MQTT 3.1.1 packets by hand, for clients
// that simulate many bracelets on few resources: the firmware simulator's
// lean mode and lifeline-bench's connection counts. A full client (paho)
// costs more per connection than the broker side being measured.
package rawmqtt

import (
	"bufio"
	"errors"
)

// Packet frames body under a fixed header byte (type and flags) with its
// remaining length.
func Packet(header byte, body []byte) []byte {
	out := []byte{header}
	n := len(body)
	for {
		b := byte(n % 128)
		n /= 128
		if n > 0 {
			b |= 0x80
		}
		out = append(out, b)
		if n == 0 {
			break
		}
	}
	return append(out, body...)
}

// AppendString appends s as an MQTT string: its length in two bytes, then
// its bytes.
func AppendString(b []byte, s string) []byte {
	return append(append(b, byte(len(s)>>8), byte(len(s))), s...)
}

// ReadHeader reads a packet's fixed header: its first byte and the length
// of the rest, at most four bytes of it as the protocol allows.
func ReadHeader(r *bufio.Reader) (header byte, length int, err error) {
	header, err = r.ReadByte()
	if err != nil {
		return 0, 0, err
	}
	mult := 1
	for i := 0; ; i++ {
		c, err := r.ReadByte()
		if err != nil {
			return 0, 0, err
		}
		length += int(c&0x7f) * mult
		if c&0x80 == 0 {
			return header, length, nil
		}
		if mult *= 128; i == 3 {
			return 0, 0, errors.New("malformed remaining length")
		}
	}
}

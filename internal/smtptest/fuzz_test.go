package smtptest

import (
	"io"
	"net"
	"strings"
	"testing"
)

// FuzzSession feeds a conversation from an unknown client to a session:
// it ends when the client's bytes do, never panics, and records only
// messages a mail reader can read.
func FuzzSession(f *testing.F) {
	f.Add("EHLO c\r\nMAIL FROM:<a@example.org>\r\nRCPT TO:<b@example.org>\r\nDATA\r\n" + lifelineMessage + "..x\r\n.\r\nQUIT\r\n")
	f.Add("HELO c\r\nMAIL FROM:<> SIZE=10\r\nRCPT TO:<@r:b@example.org>\r\nRSET\r\nNOOP\r\nVRFY x\r\nDATA\r\n")
	f.Add("EHLO c\nMAIL FROM:<a@example.org>\nRCPT TO:<b@example.org>\nDATA\nSubject: bare LF\n\ntext\n.\n")
	f.Add("EHLO c\r\nMAIL FROM:<a@example.org>\r\nRCPT TO:<b@example.org>\r\nDATA\r\nSubject: " + strings.Repeat("x", 2000) + "\r\n.\r\n")
	f.Fuzz(func(t *testing.T, input string) {
		s := newServer("pipe")
		client, server := net.Pipe()
		done := make(chan struct{})
		go func() {
			defer close(done)
			newSession(s, server, nil).run()
			server.Close()
		}()
		go func() { _, _ = io.Copy(io.Discard, client) }()
		_, _ = io.WriteString(client, input) // fails once the session has ended (QUIT)
		client.Close()
		<-done
		for _, m := range s.Messages() {
			if _, err := parseMessage([]byte(m.Raw)); err != nil || len(m.To) == 0 {
				t.Errorf("recorded %q for %v: %v", m.Raw, m.To, err)
			}
		}
	})
}

// FuzzParseMessage: any text parses or is refused, never panics, and a
// body decoded (its line ends shortened too) is never longer than the text.
func FuzzParseMessage(f *testing.F) {
	f.Add(lifelineMessage)
	f.Add("Subject: =?utf-8?b?Wm/Dqw==?=\r\nContent-Transfer-Encoding: base64\r\n\r\nWm/DqyBpcyBz\r\nYWZlIG5vdw==\r\n")
	f.Add("Subject: =?koi8-r?q?x?=\r\n\r\n")
	f.Add("Content-Transfer-Encoding: quoted-printable\r\n\r\nbroken =ZZ\r\n")
	f.Fuzz(func(t *testing.T, raw string) {
		m, err := parseMessage([]byte(raw))
		if err == nil && len(m.Body) > len(raw) {
			t.Errorf("body %q is longer than the text %q", m.Body, raw)
		}
	})
}

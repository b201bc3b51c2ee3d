package delivery_test

import (
	"context"
	"fmt"
	"mime"
	"net"
	"strings"
	"testing"
	"time"

	"lifeline/delivery"
)

// TestMailSessionSendsManyOverOneConnection: every message arrives whole
// (encoded subject, Message-ID from the key, Date, Auto-Submitted, the
// text and link), and a session whose server went away and came back
// connects again by itself.
func TestMailSessionSendsManyOverOneConnection(t *testing.T) {
	smtp := startSMTP(t)
	s := delivery.SMTP{Addr: smtp.addr, From: "lifeline@example.org", Timeout: 5 * time.Second}
	session, err := s.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()
	send := func(i int) {
		t.Helper()
		m := benchMessage(i)
		m.Title = "Zoë is asking for help now"
		if err := session.Send("sam@example.org", m); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	for i := range 3 {
		send(i)
	}
	smtp.stop()
	smtp.start()
	send(3)

	msgs := smtp.messages()
	if len(msgs) != 4 {
		t.Fatalf("%d messages, want 4", len(msgs))
	}
	for i, m := range msgs {
		subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
		if err != nil || subject != "Zoë is asking for help now" {
			t.Errorf("subject %q (%v)", subject, err)
		}
		if id := m.Header.Get("Message-ID"); id != fmt.Sprintf("<outbox.%d.1@example.org>", i) {
			t.Errorf("Message-ID %q", id)
		}
		if _, err := m.Header.Date(); err != nil || m.Header.Get("Auto-Submitted") != "auto-generated" {
			t.Errorf("Date %q, Auto-Submitted %q", m.Header.Get("Date"), m.Header.Get("Auto-Submitted"))
		}
		text := body(t, m)
		if !strings.Contains(text, `At 3:04 PM, "Alex Doe" pressed "Alert my people now". Please reach out to them right away — call if you can.`) ||
			!strings.Contains(text, "\nOpen Lifeline: https://lifeline.example.org/supporting") {
			t.Errorf("text:\n%s", text)
		}
	}
}

// TestMailServerFailuresAreWordedForPeople: what reaches a person as the
// channel's last error names the step and what went wrong, never the
// server's own address.
func TestMailServerFailuresAreWordedForPeople(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	for _, tc := range []struct {
		name string
		smtp delivery.SMTP
		want string
	}{
		{"no mail server", delivery.SMTP{}, "email is not configured on this server (--smtp-server)"},
		{"nobody listening", delivery.SMTP{Addr: closed, From: "lifeline@example.org"}, "connect to the mail server: the connection was refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.smtp.Open(context.Background())
			if err == nil || err.Error() != tc.want {
				t.Errorf("Open = %v, want %q", err, tc.want)
			}
		})
	}
	t.Run("credentials need TLS", func(t *testing.T) {
		smtp := startSMTP(t) // aiosmtpd offers no STARTTLS here
		s := delivery.SMTP{Addr: smtp.addr, From: "lifeline@example.org", Username: "lifeline", Password: "secret"}
		if _, err := s.Open(context.Background()); err == nil || !strings.HasPrefix(err.Error(), "connect to the mail server: ") || !strings.Contains(err.Error(), "STARTTLS") {
			t.Errorf("Open = %v, want a refusal to send the password in the clear", err)
		}
	})
}

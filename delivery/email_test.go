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
	"lifeline/internal/smtptest"
)

// TestMailSessionSendsManyOverOneConnection: every message arrives whole
// (encoded subject, Message-ID from the key, Date, Auto-Submitted, the
// text and link), and a session whose server went away and came back
// connects again by itself.
func TestMailSessionSendsManyOverOneConnection(t *testing.T) {
	smtp := smtptest.Start(t)
	s := delivery.SMTP{Addr: smtp.Addr, From: "lifeline@example.org", Timeout: 5 * time.Second}
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
	smtp.Stop()
	if err := smtp.Start(); err != nil {
		t.Fatal(err)
	}
	send(3)

	msgs := smtp.Messages()
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
		text := m.Body
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
		smtp := smtptest.Start(t) // it offers no STARTTLS
		s := delivery.SMTP{Addr: smtp.Addr, From: "lifeline@example.org", Username: "lifeline", Password: "secret"}
		if _, err := s.Open(context.Background()); err == nil || !strings.HasPrefix(err.Error(), "connect to the mail server: ") || !strings.Contains(err.Error(), "STARTTLS") {
			t.Errorf("Open = %v, want a refusal to send the password in the clear", err)
		}
	})
}

// TestMailServerRefusalsAreWordedAndClassed: what the mail server answers
// reaches the channel's last error in words; a 5xx answer is permanent
// (the row fails at once, and the session sends the next message), a 4xx
// answer, a dropped connection or silence is retried.
func TestMailServerRefusalsAreWordedAndClassed(t *testing.T) {
	for _, tc := range []struct {
		name      string
		fault     smtptest.Fault
		want      string
		permanent bool
	}{
		{"no mail service", smtptest.Fault{At: smtptest.Greeting, Reply: 554}, "connect to the mail server: the mail server answered 554", true},
		{"busy", smtptest.Fault{At: smtptest.Greeting, Reply: 421}, "connect to the mail server: the mail server answered 421", false},
		{"silent from the start", smtptest.Fault{At: smtptest.Greeting, Stall: true}, "connect to the mail server: no answer in time", false},
		{"the sender refused", smtptest.Fault{At: smtptest.MailFrom, Reply: 553}, "the mail server refused the sender (553 5.0.0)", true},
		{"the recipient refused", smtptest.Fault{At: smtptest.RcptTo, Reply: 550}, "the mail server refused the recipient (550 5.0.0)", true},
		{"the recipient not just now", smtptest.Fault{At: smtptest.RcptTo, Reply: 450}, "the mail server could not take the recipient just now (450 4.0.0)", false},
		{"DATA not just now", smtptest.Fault{At: smtptest.Data, Reply: 451}, "the mail server could not take the message just now (451 4.0.0)", false},
		{"the message refused", smtptest.Fault{At: smtptest.Text, Reply: 554}, "the mail server refused the message (554 5.0.0)", true},
		{"dropped mid-DATA", smtptest.Fault{At: smtptest.Text, Drop: true}, "the connection to the mail server broke while sending", false},
		{"silent after the message", smtptest.Fault{At: smtptest.Text, Stall: true}, "the connection to the mail server broke while sending", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			smtp := smtptest.Start(t)
			s := delivery.SMTP{Addr: smtp.Addr, From: "lifeline@example.org", Timeout: 10 * time.Second}
			if tc.fault.Stall {
				s.Timeout = time.Second // silence is all the server will give
			}
			var session *delivery.MailSession
			err := func() (err error) {
				if tc.fault.At == smtptest.Greeting {
					smtp.Fail(tc.fault)
				}
				if session, err = s.Open(context.Background()); err != nil {
					return err
				}
				t.Cleanup(func() { session.Close() })
				smtp.Fail(tc.fault)
				return session.Send("sam@example.org", benchMessage(1))
			}()
			if err == nil || err.Error() != tc.want || delivery.IsPermanent(err) != tc.permanent {
				t.Fatalf("error %v (permanent %v), want %q (permanent %v)", err, delivery.IsPermanent(err), tc.want, tc.permanent)
			}
			if n := smtp.Len(); n != 0 {
				t.Errorf("%d messages arrived", n)
			}
			if session != nil && tc.permanent {
				smtp.Heal()
				if err := session.Send("sam@example.org", benchMessage(2)); err != nil || smtp.Len() != 1 {
					t.Errorf("the next message on the session: %v, %d arrived", err, smtp.Len())
				}
			}
		})
	}
}

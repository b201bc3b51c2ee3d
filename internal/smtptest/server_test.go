package smtptest

import (
	"context"
	"errors"
	"io"
	"net/smtp"
	"net/textproto"
	"slices"
	"strings"
	"testing"
	"time"
)

// A message as Lifeline's sender writes one: an encoded subject, a
// quoted-printable body, and a line starting with a dot (which net/smtp
// doubles on the wire and the server undoubles).
const lifelineMessage = "From: lifeline@example.org\r\n" +
	"To: sam@example.org\r\n" +
	"Subject: =?UTF-8?q?Zo=C3=AB_is_asking_for_help_now?=\r\n" +
	"Message-ID: <outbox.7.1@example.org>\r\n" +
	"Content-Type: text/plain; charset=UTF-8\r\n" +
	"Content-Transfer-Encoding: quoted-printable\r\n" +
	"\r\n" +
	"Please reach out to them right away =E2=80=94 call if you can. A long line=\r\n" +
	" goes on.\r\n" +
	".hidden no more\r\n" +
	"\r\n" +
	"Open Lifeline: https://lifeline.example.org/supporting\r\n"

func TestSendMailArrivesWhole(t *testing.T) {
	s := Start(t)
	if err := smtp.SendMail(s.Addr, nil, "lifeline@example.org", []string{"sam@example.org", "jo@example.org"}, []byte(lifelineMessage)); err != nil {
		t.Fatal(err)
	}
	msgs := s.Messages()
	if len(msgs) != 1 {
		t.Fatalf("%d messages, want 1", len(msgs))
	}
	m := msgs[0]
	for _, c := range []struct{ name, got, want string }{
		{"envelope sender", m.From, "lifeline@example.org"},
		{"envelope recipients", strings.Join(m.To, ","), "sam@example.org,jo@example.org"},
		{"To header", m.Header.Get("To"), "sam@example.org"},
		{"Message-ID", m.Header.Get("Message-ID"), "<outbox.7.1@example.org>"},
		{"subject", m.Subject, "Zoë is asking for help now"},
		{"body", m.Body, "Please reach out to them right away — call if you can. A long line goes on.\n.hidden no more\n\nOpen Lifeline: https://lifeline.example.org/supporting\n"},
		{"raw", m.Raw, lifelineMessage},
	} {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
	if m.Received.IsZero() {
		t.Error("no time of receipt")
	}
}

// text is a message's text and its final dot, sent as one entry of a
// script (each entry gets one answer).
const text = "Subject: hi\r\n\r\ntext\r\n."

// TestConversation: each entry of a script gets this answer (RFC 5321's
// order of commands, its limits, and what the server does not offer).
func TestConversation(t *testing.T) {
	mail := []string{"EHLO client.example", "MAIL FROM:<a@example.org>", "RCPT TO:<b@example.org>"}
	for _, tc := range []struct {
		name   string
		script []string
		codes  []int
		stored int
	}{
		{"a whole message", append(mail, "DATA", text, "QUIT"), []int{250, 250, 250, 354, 250, 221}, 1},
		{"HELO is enough", []string{"HELO client.example", "MAIL FROM:<a@example.org>", "RCPT TO:<b@example.org>", "DATA", text}, []int{250, 250, 250, 354, 250}, 1},
		{"two messages on one connection", append(mail, "DATA", text, "MAIL FROM:<a@example.org>", "RCPT TO:<c@example.org>", "DATA", text), []int{250, 250, 250, 354, 250, 250, 250, 354, 250}, 2},
		{"a bounce's empty sender", []string{"EHLO c", "MAIL FROM:<>", "RCPT TO:<b@example.org>"}, []int{250, 250, 250}, 0},
		{"a source route and parameters", []string{"EHLO c", "MAIL FROM:<@relay.example:a@example.org> BODY=8BITMIME SIZE=1000", "RCPT TO:<b@example.org>"}, []int{250, 250, 250}, 0},
		{"lower case and a space after the colon", []string{"ehlo c", "mail from: <a@example.org>", "rcpt to: <b@example.org>"}, []int{250, 250, 250}, 0},
		{"MAIL before hello", []string{"MAIL FROM:<a@example.org>"}, []int{503}, 0},
		{"RCPT before MAIL", []string{"EHLO c", "RCPT TO:<b@example.org>"}, []int{250, 503}, 0},
		{"DATA before RCPT", []string{"EHLO c", "MAIL FROM:<a@example.org>", "DATA"}, []int{250, 250, 503}, 0},
		{"MAIL twice", []string{"EHLO c", "MAIL FROM:<a@example.org>", "MAIL FROM:<a@example.org>"}, []int{250, 250, 503}, 0},
		{"RSET ends the transaction", append(mail, "RSET", "DATA", "MAIL FROM:<a@example.org>"), []int{250, 250, 250, 250, 503, 250}, 0},
		{"hello without a name", []string{"EHLO", "HELO"}, []int{501, 501}, 0},
		{"an address without brackets", []string{"EHLO c", "MAIL FROM:a@example.org"}, []int{250, 501}, 0},
		{"an empty recipient", []string{"EHLO c", "MAIL FROM:<a@example.org>", "RCPT TO:<>"}, []int{250, 250, 501}, 0},
		{"a space in an address", []string{"EHLO c", "MAIL FROM:<a b@example.org>"}, []int{250, 501}, 0},
		{"too big by its SIZE", []string{"EHLO c", "MAIL FROM:<a@example.org> SIZE=99999999999"}, []int{250, 552}, 0},
		{"DATA with an argument", append(mail, "DATA now"), []int{250, 250, 250, 501}, 0},
		{"a text that is no message", append(mail, "DATA", "no header here\r\n.", "NOOP"), []int{250, 250, 250, 354, 554, 250}, 0},
		{"a text line over 1000 octets", append(mail, "DATA", "Subject: x\r\n\r\n"+strings.Repeat("x", 1000)+"\r\n.", "NOOP"), []int{250, 250, 250, 354, 552, 250}, 0},
		{"a command line over 512 octets", []string{"EHLO c", "NOOP " + strings.Repeat("x", 512), "NOOP"}, []int{250, 500, 250}, 0},
		{"what is not offered", []string{"EHLO c", "STARTTLS", "AUTH PLAIN", "VRFY b", "XYZZY", "NOOP", "QUIT"}, []int{250, 502, 502, 252, 500, 250, 221}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Start(t)
			c := dial(t, s)
			expect(t, c, 220, "connecting")
			for i, entry := range tc.script {
				if err := c.PrintfLine("%s", entry); err != nil {
					t.Fatal(err)
				}
				expect(t, c, tc.codes[i], entry)
			}
			if n := s.Len(); n != tc.stored {
				t.Errorf("%d messages stored, want %d", n, tc.stored)
			}
		})
	}
}

// TestFaults: each fault strikes where it is set, as a client sees it,
// and the server behaves again once it is used up.
func TestFaults(t *testing.T) {
	mail := []string{"EHLO c", "MAIL FROM:<a@example.org>", "RCPT TO:<b@example.org>"}
	for _, tc := range []struct {
		name   string
		fault  Fault
		script []string // sent after connecting, without waiting for answers
		want   []int    // the greeting and each answer; closed: the connection is closed instead
		stored int
	}{
		{"a refused greeting answers 503 until QUIT", Fault{At: Greeting, Reply: 554}, []string{"EHLO c", "MAIL FROM:<a@example.org>", "QUIT"}, []int{554, 503, 503, 221}, 0},
		{"a 421 greeting closes", Fault{At: Greeting, Reply: 421}, nil, []int{421, closed}, 0},
		{"a dropped greeting", Fault{At: Greeting, Drop: true}, nil, []int{closed}, 0},
		{"hello refused once", Fault{At: Hello, Reply: 550, Times: 1}, []string{"EHLO c", "EHLO c"}, []int{220, 550, 250}, 0},
		{"the sender refused", Fault{At: MailFrom, Reply: 451}, mail, []int{220, 250, 451, 503}, 0},
		{"a recipient refused once", Fault{At: RcptTo, Reply: 550, Times: 1}, append(mail, "RCPT TO:<c@example.org>"), []int{220, 250, 250, 550, 250}, 0},
		{"DATA refused", Fault{At: Data, Reply: 452}, append(mail, "DATA"), []int{220, 250, 250, 250, 452}, 0},
		{"the text refused, the next taken", Fault{At: Text, Reply: 554, Times: 1},
			append(mail, "DATA", text, "MAIL FROM:<a@example.org>", "RCPT TO:<b@example.org>", "DATA", text),
			[]int{220, 250, 250, 250, 354, 554, 250, 250, 354, 250}, 1},
		{"dropped mid-DATA", Fault{At: Text, Drop: true}, append(mail, "DATA", text), []int{220, 250, 250, 250, 354, closed}, 0},
		{"dropped at RCPT", Fault{At: RcptTo, Drop: true}, mail, []int{220, 250, 250, closed}, 0},
		{"a 421 at MAIL closes", Fault{At: MailFrom, Reply: 421}, mail, []int{220, 250, 421, closed}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Start(t)
			s.Fail(tc.fault)
			c := dial(t, s)
			go func() { // a closed connection ends the writing
				for _, entry := range tc.script {
					if c.PrintfLine("%s", entry) != nil {
						return
					}
				}
			}()
			for _, code := range tc.want {
				if code != closed {
					expect(t, c, code, "")
				} else if line, err := c.ReadLine(); !errors.Is(err, io.EOF) && !isReset(err) {
					t.Fatalf("read %q, %v; want the connection closed", line, err)
				}
			}
			if n := s.Len(); n != tc.stored {
				t.Errorf("%d messages stored, want %d", n, tc.stored)
			}
		})
	}
}

// closed, among the answers a test expects, is a closed connection.
const closed = -1

func isReset(err error) bool {
	return err != nil && strings.Contains(err.Error(), "connection reset")
}

// TestStallHoldsTheAnswerUntilHeal: a stalled step says nothing, and
// answers as usual once the test heals the server; Stop ends a stall.
func TestStallHoldsTheAnswerUntilHeal(t *testing.T) {
	script := []string{"EHLO c", "MAIL FROM:<a@example.org>", "RCPT TO:<b@example.org>", "DATA", text}
	codes := []int{250, 250, 250, 354, 250}
	for _, step := range []Step{Greeting, Hello, MailFrom, RcptTo, Data, Text} {
		t.Run(stepNames[step], func(t *testing.T) {
			s := Start(t)
			stalled := make(chan Step, 1)
			s.mu.Lock()
			s.onStall = func(at Step) { stalled <- at }
			s.mu.Unlock()
			waitAndHeal := func(at Step) {
				if at != step {
					return
				}
				if got := <-stalled; got != step {
					t.Fatalf("stalled at %s", stepNames[got])
				}
				s.Heal()
			}

			s.Fail(Fault{At: step, Stall: true})
			c := dial(t, s)
			waitAndHeal(Greeting)
			expect(t, c, 220, "connecting")
			for i, entry := range script {
				if err := c.PrintfLine("%s", entry); err != nil {
					t.Fatal(err)
				}
				waitAndHeal(stepOf(entry))
				expect(t, c, codes[i], entry)
			}
			if s.Len() != 1 {
				t.Errorf("%d messages after healing, want 1", s.Len())
			}

			s.Fail(Fault{At: step, Stall: true})
			c = dial(t, s)
			for _, entry := range script {
				if c.PrintfLine("%s", entry) != nil {
					break
				}
			}
			<-stalled
			s.Stop()
			if _, err := io.ReadAll(c.R); err != nil && !isReset(err) {
				t.Fatal(err)
			}
			if s.Len() != 1 {
				t.Errorf("%d messages after a stall and Stop, want 1", s.Len())
			}
		})
	}
}

var stepNames = map[Step]string{Greeting: "greeting", Hello: "hello", MailFrom: "MAIL", RcptTo: "RCPT", Data: "DATA", Text: "text"}

// stepOf is the step whose answer a script's entry waits for.
func stepOf(entry string) Step {
	if strings.HasSuffix(entry, "\r\n.") {
		return Text
	}
	verb, _, _ := strings.Cut(strings.ToUpper(entry), " ")
	return map[string]Step{"EHLO": Hello, "HELO": Hello, "MAIL": MailFrom, "RCPT": RcptTo, "DATA": Data}[verb]
}

func TestFailRefusesWhatIsNoFault(t *testing.T) {
	for _, f := range []Fault{
		{At: Data},
		{At: Data, Reply: 550, Drop: true},
		{At: Data, Reply: 250},
		{At: 0, Drop: true},
		{At: Text + 1, Stall: true},
		{At: Hello, Drop: true, Times: -1},
	} {
		if f.validate() == nil {
			t.Errorf("%+v was taken", f)
		}
	}
}

// TestStopAndStartAgain: a stopped server refuses connections, keeps
// what it received, and takes mail again on the same address.
func TestStopAndStartAgain(t *testing.T) {
	s := Start(t)
	send := func() error {
		return smtp.SendMail(s.Addr, nil, "a@example.org", []string{"b@example.org"}, []byte("Subject: hi\r\n\r\ntext\r\n"))
	}
	if err := send(); err != nil {
		t.Fatal(err)
	}
	s.Stop()
	if err := send(); err == nil {
		t.Fatal("a stopped server took a message")
	}
	addr := s.Addr
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	if err := send(); err != nil {
		t.Fatal(err)
	}
	if s.Addr != addr || s.Len() != 2 {
		t.Errorf("after a restart: %s with %d messages, want %s with 2", s.Addr, s.Len(), addr)
	}
}

// TestWait: the waits return on the message's arrival, and say what came
// when the context ends first.
func TestWait(t *testing.T) {
	s := Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	sent := make(chan struct{})
	defer func() { <-sent }() // the client's QUIT before the server stops
	go func() {
		defer close(sent)
		for _, to := range []string{"a@example.org", "b@example.org", "c@example.org"} {
			if err := smtp.SendMail(s.Addr, nil, "x@example.org", []string{to}, []byte("Subject: for "+to+"\r\n\r\ntext\r\n")); err != nil {
				t.Error(err)
			}
		}
	}()
	m, err := s.WaitFor(ctx, func(m *Message) bool { return m.Subject == "for c@example.org" })
	if err != nil || !slices.Equal(m.To, []string{"c@example.org"}) {
		t.Fatalf("WaitFor = %+v, %v", m, err)
	}
	two, err := s.Wait(ctx, 2)
	if err != nil || len(two) != 2 || two[1].To[0] != "b@example.org" {
		t.Fatalf("Wait(2) = %d messages, %v", len(two), err)
	}

	over, stop := context.WithCancel(context.Background())
	stop()
	if got, err := s.Wait(over, 4); len(got) != 3 || err == nil || !strings.Contains(err.Error(), "3 of 4 messages") || !strings.Contains(err.Error(), `"for a@example.org"`) {
		t.Errorf("Wait(4) on an ended context = %d, %v", len(got), err)
	}
	if _, err := s.WaitFor(over, func(*Message) bool { return false }); err == nil || !strings.Contains(err.Error(), "among 3") {
		t.Errorf("WaitFor on an ended context = %v", err)
	}
}

func TestParsePath(t *testing.T) {
	for _, tc := range []struct {
		arg, prefix, address string
		params               map[string]string
		ok                   bool
	}{
		{"FROM:<a@example.org>", "FROM:", "a@example.org", map[string]string{}, true},
		{"from:<>", "FROM:", "", map[string]string{}, true},
		{"TO: <b@example.org>", "TO:", "b@example.org", map[string]string{}, true},
		{"FROM:<a@example.org> size=10 BODY=8BITMIME SMTPUTF8", "FROM:", "a@example.org", map[string]string{"SIZE": "10", "BODY": "8BITMIME", "SMTPUTF8": ""}, true},
		{"TO:<@x.example,@y.example:b@example.org>", "TO:", "b@example.org", map[string]string{}, true},
		{"TO:<Postmaster>", "TO:", "Postmaster", map[string]string{}, true},
		{"TO:b@example.org", "TO:", "", nil, false},
		{"TO:<b@example.org", "TO:", "", nil, false},
		{"TO:<b@example.org>x", "TO:", "", nil, false},
		{"TO:<b\x00@example.org>", "TO:", "", nil, false},
		{"FROM:<a@example.org>", "TO:", "", nil, false},
		{"TO:<" + strings.Repeat("b", maxPath) + "@x>", "TO:", "", nil, false},
		{"", "TO:", "", nil, false},
	} {
		address, params, err := parsePath(tc.arg, tc.prefix)
		if (err == nil) != tc.ok || address != tc.address || tc.ok && !mapsEqual(params, tc.params) {
			t.Errorf("parsePath(%q) = %q, %v, %v", tc.arg, address, params, err)
		}
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// dial connects to s; the test reads the greeting.
func dial(t *testing.T, s *Server) *textproto.Conn {
	t.Helper()
	c, err := textproto.Dial("tcp", s.Addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func expect(t *testing.T, c *textproto.Conn, code int, after string) {
	t.Helper()
	got, msg, err := c.ReadResponse(0)
	if err != nil && got == 0 {
		t.Fatalf("after %q: %v, want %d", after, err, code)
	}
	if got != code {
		t.Fatalf("after %q: %d %s, want %d", after, got, msg, code)
	}
}

package delivery

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/wneessen/go-mail"

	"lifeline/internal/netguard"
)

// SMTP is the outgoing mail server. Messages are built and sent by
// github.com/wneessen/go-mail: MIME, header encoding, STARTTLS and AUTH.
type SMTP struct {
	// Addr is host:port; empty turns email off (email rows fail with a
	// reason the person can read).
	Addr string
	// From is the sender address.
	From string
	// Username and Password authenticate with PLAIN. Set, they make
	// STARTTLS required; unset, STARTTLS is used when the server offers it.
	Username, Password string
	// Timeout bounds connecting and each message's conversation (default
	// 20 s).
	Timeout time.Duration
}

// errNoEmail is the answer of every email row when no mail server is set.
var errNoEmail = permanent(errors.New("email is not configured on this server (--smtp-server)"))

// MailSession is one connection to the mail server, which sends any number
// of messages one after another: a caller with many emails to send opens
// one session and keeps it (SMTP's greeting, STARTTLS and AUTH are paid
// once, not per message).
//
// Contract: Send is called by one goroutine at a time. An error marked
// permanent (a 5xx answer) concerns that message only, and the session
// stays usable for the next. After any other error the connection may be
// broken: Close the session and open another for the next message. Close
// ends the conversation politely (QUIT) and is always safe to call.
type MailSession struct {
	smtp   SMTP
	client *mail.Client
}

// Open connects to the mail server, says hello, starts TLS when offered
// (or required) and authenticates. ctx bounds the connection.
func (s SMTP) Open(ctx context.Context) (*MailSession, error) {
	if s.Addr == "" {
		return nil, errNoEmail
	}
	host, portText, err := net.SplitHostPort(s.Addr)
	if err != nil {
		return nil, permanent(fmt.Errorf("the mail server's address %q is not host:port", s.Addr))
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, permanent(fmt.Errorf("the mail server's port %q is not a number", portText))
	}
	opts := []mail.Option{mail.WithPort(port), mail.WithTimeout(s.timeout()), mail.WithTLSPolicy(mail.TLSOpportunistic)}
	if s.Username != "" {
		opts = append(opts, mail.WithTLSPolicy(mail.TLSMandatory), mail.WithSMTPAuth(mail.SMTPAuthPlain),
			mail.WithUsername(s.Username), mail.WithPassword(s.Password))
	}
	client, err := mail.NewClient(host, opts...)
	if err != nil {
		return nil, permanent(fmt.Errorf("mail server settings: %w", err))
	}
	if err := client.DialWithContext(ctx); err != nil {
		return nil, smtpError("connect to the mail server", err)
	}
	return &MailSession{smtp: s, client: client}, nil
}

// Send delivers m to one address (see MailSession for what its errors
// mean). A session the server has closed since the last message (an idle
// timeout) is noticed before sending (NOOP) and connected again once.
func (ms *MailSession) Send(to string, m Message) error {
	msg, err := ms.smtp.message(to, m)
	if err != nil {
		return err
	}
	err = ms.client.Send(msg)
	if se := (*mail.SendError)(nil); errors.As(err, &se) && se.Reason == mail.ErrConnCheck {
		ctx, cancel := context.WithTimeout(context.Background(), ms.smtp.timeout())
		defer cancel()
		if err := ms.client.DialWithContext(ctx); err != nil {
			return smtpError("connect to the mail server", err)
		}
		err = ms.client.Send(msg)
	}
	if err != nil {
		return sendError(err)
	}
	return nil
}

// Close ends the conversation.
func (ms *MailSession) Close() error {
	return ms.client.Close()
}

// sendEmail delivers m to one address, over an idle session to the same
// server when there is one (as net/http reuses an idle connection), so
// many senders at once each keep a connection instead of opening one per
// email. A session goes back to the idle ones after a success or a
// permanent refusal, and is closed after any other error.
func (s SMTP) sendEmail(ctx context.Context, to string, m Message) error {
	session, err := s.session(ctx)
	if err != nil {
		return err
	}
	err = session.Send(to, m)
	var perm *permanentError
	if err == nil || errors.As(err, &perm) {
		s.keep(session)
	} else {
		session.Close()
	}
	return err
}

// Idle sessions per mail server configuration: at most maxIdleSessions
// each, closed after sessionIdle unused (mail servers end idle
// conversations after a few minutes; RFC 5321 §4.5.3.2).
const (
	maxIdleSessions = 16
	sessionIdle     = 30 * time.Second
)

var idle = struct {
	sync.Mutex
	sessions map[SMTP][]*idleSession
}{sessions: map[SMTP][]*idleSession{}}

type idleSession struct {
	*MailSession
	timer *time.Timer
}

// session is the most recently used idle session to s, or a new one.
func (s SMTP) session(ctx context.Context) (*MailSession, error) {
	idle.Lock()
	for list := idle.sessions[s]; len(list) > 0; list = idle.sessions[s] {
		last := list[len(list)-1]
		idle.sessions[s] = list[:len(list)-1]
		if last.timer.Stop() { // else it is being closed
			idle.Unlock()
			return last.MailSession, nil
		}
	}
	idle.Unlock()
	ctx, cancel := context.WithTimeout(ctx, s.timeout())
	defer cancel()
	return s.Open(ctx)
}

// keep puts session among the idle ones, or closes it when there are
// enough.
func (s SMTP) keep(session *MailSession) {
	idle.Lock()
	defer idle.Unlock()
	if len(idle.sessions[s]) >= maxIdleSessions {
		go session.Close()
		return
	}
	kept := &idleSession{MailSession: session}
	kept.timer = time.AfterFunc(sessionIdle, func() {
		idle.Lock()
		idle.sessions[s] = slices.DeleteFunc(idle.sessions[s], func(k *idleSession) bool { return k == kept })
		idle.Unlock()
		session.Close()
	})
	idle.sessions[s] = append(idle.sessions[s], kept)
}

func (s SMTP) timeout() time.Duration {
	if s.Timeout == 0 {
		return 20 * time.Second
	}
	return s.Timeout
}

// message builds m as a plain-text email. The Message-ID carries the
// idempotency key, so a mail system can drop a repeat.
func (s SMTP) message(to string, m Message) (*mail.Msg, error) {
	msg := mail.NewMsg(mail.WithNoDefaultUserAgent())
	if err := msg.From(s.From); err != nil {
		return nil, permanent(fmt.Errorf("the sender address %q: %w", s.From, err))
	}
	if err := msg.To(to); err != nil {
		return nil, permanent(errors.New("the address is not a valid email address"))
	}
	domain := "lifeline.invalid"
	if at := strings.LastIndexByte(s.From, '@'); at >= 0 {
		domain = s.From[at+1:]
	}
	if m.Key != "" {
		msg.SetMessageIDWithValue(strings.ReplaceAll(m.Key, ":", ".") + "@" + domain)
	} else {
		msg.SetMessageID()
	}
	msg.SetDate()
	msg.Subject(m.Title)
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	if m.Unsubscribe != "" { // RFC 8058 one-click: a mail client's POST turns this digest off
		msg.SetGenHeader("List-Unsubscribe", "<"+m.Unsubscribe+">")
		msg.SetGenHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	}
	body := m.Body
	if m.URL != "" {
		body += "\n\nOpen Lifeline: " + m.URL
	}
	msg.SetBodyString(mail.TypeTextPlain, body)
	return msg, nil
}

// sendError words a failed message: a 5xx answer is permanent (the server
// will not take this message, however often it is sent), a 4xx one is
// retried, and a broken connection is worded without its addresses.
func sendError(err error) error {
	var se *mail.SendError
	if !errors.As(err, &se) || se.ErrorCode() == 0 {
		return fmt.Errorf("the connection to the mail server broke while sending")
	}
	code := strconv.Itoa(se.ErrorCode())
	if esc := se.EnhancedStatusCode(); esc != "" {
		code += " " + esc
	}
	step := map[mail.SendErrReason]string{
		mail.ErrSMTPMailFrom: "the sender", mail.ErrSMTPRcptTo: "the recipient",
		mail.ErrSMTPData: "the message", mail.ErrSMTPDataClose: "the message", mail.ErrWriteContent: "the message",
	}[se.Reason]
	if step == "" {
		step = "the message"
	}
	if se.IsTemp() {
		return fmt.Errorf("the mail server could not take %s just now (%s)", step, code)
	}
	return permanent(fmt.Errorf("the mail server refused %s (%s)", step, code))
}

// smtpError words a failure before any message: connecting, the greeting,
// STARTTLS or AUTH. A 5xx answer is permanent.
func smtpError(step string, err error) error {
	var proto *textproto.Error
	if errors.As(err, &proto) {
		text := fmt.Sprintf("%s: the mail server answered %d", step, proto.Code)
		if proto.Code >= 500 {
			return permanent(errors.New(text))
		}
		return errors.New(text)
	}
	if text := netguard.Describe(err); text != "" {
		return fmt.Errorf("%s: %s", step, text)
	}
	return fmt.Errorf("%s: %w", step, err)
}

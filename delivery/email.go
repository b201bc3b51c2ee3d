package delivery

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/smtp"
	"net/textproto"
	"strings"
	"time"
)

// SMTP is the outgoing mail server.
type SMTP struct {
	// Addr is host:port; empty turns email off (email rows fail with a
	// reason the person can read).
	Addr string
	// From is the sender address.
	From string
	// Username and Password authenticate with PLAIN (only over TLS).
	Username, Password string
	// Timeout bounds one whole conversation (default 20 s).
	Timeout time.Duration
}

// sendEmail delivers m to one address. STARTTLS is used when the server
// offers it; a 5xx answer is permanent.
func (s SMTP) sendEmail(ctx context.Context, to string, m Message) error {
	if s.Addr == "" {
		return permanent(errors.New("email is not configured on this server (--smtp-server)"))
	}
	timeout := s.Timeout
	if timeout == 0 {
		timeout = 20 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", s.Addr)
	if err != nil {
		return fmt.Errorf("connect to the mail server: %w", err)
	}
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	host, _, _ := net.SplitHostPort(s.Addr)
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		conn.Close()
		return smtpError("greeting", err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}); err != nil {
			return smtpError("STARTTLS", err)
		}
	}
	if s.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.Username, s.Password, host)); err != nil {
			return smtpError("AUTH", err)
		}
	}
	if err := c.Mail(s.From); err != nil {
		return smtpError("MAIL FROM", err)
	}
	if err := c.Rcpt(to); err != nil {
		return smtpError("RCPT TO", err)
	}
	w, err := c.Data()
	if err != nil {
		return smtpError("DATA", err)
	}
	if _, err := w.Write(s.format(to, m)); err != nil {
		return smtpError("DATA", err)
	}
	if err := w.Close(); err != nil {
		return smtpError("DATA", err)
	}
	return c.Quit()
}

// format writes m as a plain-text RFC 5322 message. The Message-ID carries
// the idempotency key, so a mail system can drop a repeat.
func (s SMTP) format(to string, m Message) []byte {
	var b strings.Builder
	domain := "lifeline.invalid"
	if at := strings.LastIndexByte(s.From, '@'); at >= 0 {
		domain = s.From[at+1:]
	}
	body := m.Body
	if m.URL != "" {
		body += "\n\nOpen Lifeline: " + m.URL
	}
	header := [][2]string{
		{"From", s.From},
		{"To", to},
		{"Subject", mime.QEncoding.Encode("utf-8", m.Title)},
		{"Date", time.Now().UTC().Format(time.RFC1123Z)},
		{"Message-ID", "<" + strings.ReplaceAll(m.Key, ":", ".") + "@" + domain + ">"},
		{"MIME-Version", "1.0"},
		{"Content-Type", "text/plain; charset=utf-8"},
		{"Content-Transfer-Encoding", "8bit"},
		{"Auto-Submitted", "auto-generated"},
	}
	for _, h := range header {
		b.WriteString(h[0] + ": " + h[1] + "\r\n")
	}
	b.WriteString("\r\n")
	b.WriteString(strings.ReplaceAll(strings.ReplaceAll(body, "\r\n", "\n"), "\n", "\r\n"))
	b.WriteString("\r\n")
	return []byte(b.String())
}

// smtpError marks 5xx answers permanent: the server will not take this
// message, however often it is sent.
func smtpError(step string, err error) error {
	var proto *textproto.Error
	if errors.As(err, &proto) && proto.Code >= 500 {
		return permanent(fmt.Errorf("mail server refused %s: %w", step, err))
	}
	return fmt.Errorf("mail server at %s: %w", step, err)
}

package smtptest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"time"
)

// Message is one message the server accepted: its envelope, and its text
// as a mail reader shows it. Messages are shared between callers: read
// them, never change them.
type Message struct {
	// From is the envelope's sender (MAIL FROM), empty for a bounce's <>.
	From string `json:"from"`
	// To lists the envelope's recipients (RCPT TO), in the order given.
	To []string `json:"to"`
	// Header is the message's header, names in canonical form.
	Header mail.Header `json:"header"`
	// Subject is the Subject header with its RFC 2047 encoded words
	// decoded.
	Subject string `json:"subject"`
	// Body is a single-part message's text decoded from its
	// Content-Transfer-Encoding (quoted-printable or base64), with LF line
	// ends; any other body as it was sent.
	Body string `json:"body"`
	// Raw is the message as received, dot-unstuffed.
	Raw string `json:"raw"`
	// Received is when the server read the message's last line, before it
	// answered 250.
	Received time.Time `json:"received"`
}

// parseMessage reads a message's text as a mail reader does. An error
// means a reader could not show it: the server refuses such a message.
func parseMessage(raw []byte) (*Message, error) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("the header does not parse: %w", err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		return nil, fmt.Errorf("the Subject does not decode: %w", err)
	}
	var body io.Reader = m.Body
	switch encoding := strings.ToLower(strings.TrimSpace(m.Header.Get("Content-Transfer-Encoding"))); encoding {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body) // line breaks are skipped
	}
	text, err := io.ReadAll(body)
	if err != nil {
		return nil, fmt.Errorf("the body does not decode: %w", err)
	}
	return &Message{
		Header:  m.Header,
		Subject: subject,
		Body:    strings.ReplaceAll(string(text), "\r\n", "\n"),
		Raw:     string(raw),
	}, nil
}

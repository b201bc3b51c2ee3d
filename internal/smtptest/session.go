package smtptest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"
)

// Limits of RFC 5321 §4.5.3.1, and the size the server takes.
const (
	maxCommandLine = 512
	maxTextLine    = 1000
	maxPath        = 256
	maxRecipients  = 100
	maxMessage     = 10 << 20
)

var errLineTooLong = errors.New("line too long")

// session is one client's conversation.
type session struct {
	s    *Server
	r    *bufio.Reader
	w    *bufio.Writer
	down <-chan struct{} // closed by Stop

	hello     bool   // EHLO or HELO answered
	mail      bool   // inside a transaction (MAIL answered)
	from      string // the transaction's sender
	to        []string
	noService bool // the greeting was refused: 503 to all but QUIT
}

func newSession(s *Server, conn net.Conn, down <-chan struct{}) *session {
	return &session{s: s, r: bufio.NewReader(conn), w: bufio.NewWriter(conn), down: down}
}

// run holds the conversation until QUIT, a dropped connection or a fault
// that ends it.
func (c *session) run() {
	if _, alive := c.answer(Greeting, "220 smtptest ESMTP ready"); !alive {
		return
	}
	for {
		line, err := c.readLine(maxCommandLine)
		if errors.Is(err, errLineTooLong) {
			c.reply("500 5.5.6 the command line is too long")
			continue
		}
		if err != nil {
			return
		}
		verb, arg, _ := strings.Cut(strings.TrimRight(line, "\r\n"), " ")
		verb = strings.ToUpper(verb)
		if c.noService && verb != "QUIT" {
			if !c.reply("503 5.5.1 no mail service here") {
				return
			}
			continue
		}
		if !c.command(verb, strings.TrimSpace(arg)) {
			return
		}
	}
}

// command answers one command; false ends the session.
func (c *session) command(verb, arg string) bool {
	switch verb {
	case "EHLO", "HELO":
		if arg == "" {
			return c.reply("501 5.5.4 say who you are: " + verb + " domain")
		}
		c.reset()
		greeting := "250 smtptest greets " + arg
		if verb == "EHLO" {
			greeting = "250-smtptest greets " + arg + "\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250-ENHANCEDSTATUSCODES\r\n250 SIZE " + strconv.Itoa(maxMessage)
		}
		ok, alive := c.answer(Hello, greeting)
		c.hello = c.hello || ok
		return alive
	case "MAIL":
		switch {
		case !c.hello:
			return c.reply("503 5.5.1 say EHLO first")
		case c.mail:
			return c.reply("503 5.5.1 a transaction is open: RSET first")
		}
		from, params, err := parsePath(arg, "FROM:")
		if err != nil {
			return c.reply("501 5.5.4 " + err.Error())
		}
		if size, ok := params["SIZE"]; ok {
			if n, err := strconv.Atoi(size); err != nil || n > maxMessage {
				return c.reply("552 5.3.4 the message is larger than the server takes")
			}
		}
		ok, alive := c.answer(MailFrom, "250 2.1.0 sender ok")
		if ok {
			c.mail, c.from = true, from
		}
		return alive
	case "RCPT":
		switch {
		case !c.mail:
			return c.reply("503 5.5.1 say MAIL first")
		case len(c.to) >= maxRecipients:
			return c.reply("452 4.5.3 too many recipients")
		}
		to, _, err := parsePath(arg, "TO:")
		if err != nil {
			return c.reply("501 5.5.4 " + err.Error())
		}
		if to == "" {
			return c.reply("501 5.1.3 a recipient cannot be empty")
		}
		ok, alive := c.answer(RcptTo, "250 2.1.5 recipient ok")
		if ok {
			c.to = append(c.to, to)
		}
		return alive
	case "DATA":
		switch {
		case arg != "":
			return c.reply("501 5.5.4 DATA takes no argument")
		case len(c.to) == 0:
			return c.reply("503 5.5.1 say RCPT first")
		}
		ok, alive := c.answer(Data, "354 send the text, end with <CRLF>.<CRLF>")
		if !ok {
			return alive
		}
		return c.text()
	case "RSET":
		c.reset()
		return c.reply("250 2.0.0 reset")
	case "NOOP":
		return c.reply("250 2.0.0 ok")
	case "VRFY":
		return c.reply("252 2.1.5 cannot verify, send and see")
	case "QUIT":
		c.reply("221 2.0.0 bye")
		return false
	case "STARTTLS", "AUTH":
		return c.reply("502 5.5.1 " + verb + " is not offered here")
	default:
		return c.reply("500 5.5.2 unknown command")
	}
}

// text reads the message's text after 354, and records it; false ends
// the session.
func (c *session) text() bool {
	f, healed := c.s.fault(Text)
	var raw bytes.Buffer
	tooBig := false
	for {
		line, err := c.readLine(maxTextLine)
		if errors.Is(err, errLineTooLong) {
			tooBig = true // read on to the end; refuse then
			continue
		}
		if err != nil || f != nil && f.Drop {
			return false // the sender's connection, or the test's fault, ends it mid-text
		}
		if line == ".\r\n" || line == ".\n" {
			break
		}
		line = strings.TrimPrefix(line, ".") // dot-unstuffing (RFC 5321 §4.5.2)
		if raw.Len()+len(line) > maxMessage {
			tooBig = true
		}
		if !tooBig {
			raw.WriteString(line)
		}
	}
	from, to := c.from, c.to
	c.reset()
	if tooBig {
		return c.reply("552 5.3.4 the message or one of its lines is too long")
	}
	m, err := parseMessage(raw.Bytes())
	if err != nil {
		return c.reply("554 5.6.0 " + err.Error())
	}
	if ok, alive := c.strike(f, healed, Text, ""); !ok {
		return alive
	}
	m.From, m.To, m.Received = from, to, time.Now()
	n := c.s.record(m)
	return c.reply("250 2.0.0 queued as " + strconv.Itoa(n))
}

// answer gives the step's answer text, or what a fault says instead. It
// reports whether the step happens and whether the session goes on.
func (c *session) answer(step Step, text string) (ok, alive bool) {
	f, healed := c.s.fault(step)
	return c.strike(f, healed, step, text)
}

// strike carries out fault f (nil: none) at step, else answers text
// (empty: the caller answers once the step is done).
func (c *session) strike(f *Fault, healed <-chan struct{}, step Step, text string) (ok, alive bool) {
	switch {
	case f == nil:
	case f.Drop:
		return false, false
	case f.Stall:
		c.s.mu.Lock()
		hook := c.s.onStall
		c.s.mu.Unlock()
		if hook != nil {
			hook(step)
		}
		select {
		case <-healed:
		case <-c.down:
			return false, false
		}
	default:
		if step == Greeting {
			c.noService = true
		}
		sent := c.reply(fmt.Sprintf("%d %d.0.0 smtptest: the test asked for this failure", f.Reply, f.Reply/100))
		return false, sent && f.Reply != 421
	}
	return true, text == "" || c.reply(text)
}

// reset ends the transaction (RSET, a new EHLO, the end of DATA).
func (c *session) reset() {
	c.mail, c.from, c.to = false, "", nil
}

// reply writes one reply (its lines joined by CRLF); false when the
// connection is gone.
func (c *session) reply(text string) bool {
	c.w.WriteString(text)
	c.w.WriteString("\r\n")
	return c.w.Flush() == nil
}

// readLine reads one line with its line end. A line longer than limit
// (line end included) is read to its end and reported as errLineTooLong.
func (c *session) readLine(limit int) (string, error) {
	var line []byte
	long := false
	for {
		chunk, err := c.r.ReadSlice('\n')
		if !long && len(line)+len(chunk) <= limit {
			line = append(line, chunk...)
		} else {
			long = true
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			return "", err
		}
		if long {
			return "", errLineTooLong
		}
		return string(line), nil
	}
}

// parsePath reads MAIL FROM's or RCPT TO's argument: the prefix, an
// address in angle brackets (a source route before it is dropped) and
// ESMTP parameters (NAME or NAME=VALUE, names upper-cased).
func parsePath(arg, prefix string) (address string, params map[string]string, err error) {
	if len(arg) < len(prefix) || !strings.EqualFold(arg[:len(prefix)], prefix) {
		return "", nil, fmt.Errorf("syntax: %s<address>", prefix)
	}
	rest := strings.TrimLeft(arg[len(prefix):], " ")
	if !strings.HasPrefix(rest, "<") {
		return "", nil, errors.New("the address must be in angle brackets")
	}
	end := strings.IndexByte(rest, '>')
	if end < 0 {
		return "", nil, errors.New("the address lacks its closing bracket")
	}
	address, rest = rest[1:end], rest[end+1:]
	if len(address) > maxPath {
		return "", nil, errors.New("the address is too long")
	}
	if strings.HasPrefix(address, "@") { // a source route, <@a,@b:user@c> (RFC 5321 §4.1.2)
		_, address, _ = strings.Cut(address, ":")
	}
	if strings.ContainsFunc(address, func(r rune) bool { return r <= ' ' || r == 0x7f || r == '<' }) {
		return "", nil, errors.New("the address holds a space or control character")
	}
	if rest != "" && rest[0] != ' ' {
		return "", nil, errors.New("a space must separate the address from its parameters")
	}
	params = map[string]string{}
	for _, p := range strings.Fields(rest) {
		name, value, _ := strings.Cut(p, "=")
		params[strings.ToUpper(name)] = value
	}
	return address, params, nil
}

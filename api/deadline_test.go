package api_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"lifeline/api"
)

// TestATricklingBodyIsCut: a client that sends a request's headers and then
// its body a little at a time (to hold the connection and its descriptor)
// is answered 400 and cut off once the body deadline passes; a body that
// arrives in time, however slow the answer, is not.
func TestATricklingBodyIsCut(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) { c.BodyTimeout = 500 * time.Millisecond })
	conn, err := net.Dial("tcp", mustURL(app.url).Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(20 * time.Second))
	body := `{"email":"someone@example.org","password":"a-long-walk-home"}`
	fmt.Fprintf(conn, "POST /api/auth/login HTTP/1.1\r\nHost: lifeline\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:5])
	stop := make(chan struct{})
	defer close(stop)
	go func() { // a byte now and then, never the whole body
		for i := 5; i < len(body)-1; i++ {
			select {
			case <-stop:
				return
			case <-time.After(200 * time.Millisecond):
			}
			if _, err := conn.Write([]byte{body[i]}); err != nil {
				return
			}
		}
	}()
	rd := bufio.NewReader(conn)
	resp, err := http.ReadResponse(rd, nil)
	if err != nil {
		t.Fatalf("no answer to the trickling body: %v", err)
	}
	var msg strings.Builder
	bufio.NewReader(resp.Body).WriteTo(&msg)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(msg.String(), "arrived too slowly") {
		t.Errorf("= %d %s, want 400 saying the body arrived too slowly", resp.StatusCode, msg.String())
	}
	if _, err := rd.ReadByte(); err == nil || isTimeout(err) {
		t.Errorf("the connection was kept (%v)", err)
	}

	// In time, the answer is not cut however long the handler takes after
	// the body (the deadline is lifted), and the connection serves again.
	c := app.newClient()
	for range 2 {
		if got := c.do("POST", "/api/auth/login", map[string]string{"email": "nobody@example.org", "password": "not-the-password"}).status; got != http.StatusUnauthorized {
			t.Errorf("a prompt body got %d, want 401", got)
		}
		time.Sleep(600 * time.Millisecond) // past the deadline of the first body, on the same kept-alive connection
	}
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

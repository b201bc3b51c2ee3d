package api_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"lifeline/api"
	"lifeline/live"
)

// A client that opens its live stream and never reads it: once the socket
// buffers are full the server's write blocks, and the stream must end within
// StreamWriteTimeout instead of holding the connection and its goroutine.
func TestStalledLiveStreamIsClosed(t *testing.T) {
	t.Parallel()
	// The events go to this node's streams only (8 kB each is over NOTIFY's limit).
	local := live.NewBus(nil, nil)
	app := newTestApp(t, func(c *api.Config) { c.StreamWriteTimeout, c.Events = 300*time.Millisecond, local })
	browser, _ := app.registerUser("Stalled")
	var me struct{ ID int64 }
	browser.do("GET", "/api/auth/user", nil).json(t, &me)

	dialer := net.Dialer{Control: func(_, _ string, raw syscall.RawConn) error {
		var err error
		raw.Control(func(fd uintptr) { err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		return err
	}}
	conn, err := dialer.Dial("tcp", strings.TrimPrefix(app.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /api/events HTTP/1.1\r\nHost: %s\r\nCookie: lifeline_session=%s\r\n\r\n",
		strings.TrimPrefix(app.url, "http://"), browser.sessionToken())
	status, err := bufio.NewReader(conn).ReadString('\n') // the status line only; then never read again
	if err != nil || !strings.Contains(status, "200") {
		t.Fatalf("stream: %q %v", status, err)
	}
	if !waitForStreams(t, app, 1) {
		t.Fatal("the stream never opened")
	}

	data, _ := json.Marshal(map[string]string{"pad": strings.Repeat("x", 8<<10)})
	for i := 0; i < 2000 && streams(t, app) > 0; i++ {
		local.Publish(t.Context(), live.Event{UserID: me.ID, Kind: live.KindLocation, Data: data})
	}
	if !waitForStreams(t, app, 0) {
		t.Fatal("a stream nobody reads is still open")
	}
}

func waitForStreams(t *testing.T, app *testApp, want int) bool {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if streams(t, app) == want {
			return true
		}
	}
	return false
}

// streams reads lifeline_sse_clients from /metrics.
func streams(t *testing.T, app *testApp) int {
	resp, err := http.Get(app.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var n int
		if _, err := fmt.Sscanf(sc.Text(), "lifeline_sse_clients %d", &n); err == nil {
			return n
		}
	}
	t.Fatal("no lifeline_sse_clients in /metrics")
	return 0
}

package netguard_test

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"lifeline/internal/netguard"
)

// TestDescribe: real failures of an HTTP client, each worded for a person
// and naming no address but the host name they typed.
func TestDescribe(t *testing.T) {
	closed := func() string { // a port nobody listens on
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		return "http://" + l.Addr().String()
	}()
	hang := make(chan struct{})
	hanging := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-hang }))
	defer hanging.Close()
	defer close(hang)
	selfSigned := httptest.NewTLSServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer selfSigned.Close()
	guarded := &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{Control: netguard.Control}).DialContext}}
	get := func(client *http.Client, u string) error {
		resp, err := client.Get(u)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"refused address", get(guarded, closed), "webhooks may only reach public internet addresses"},
		{"connection refused", get(http.DefaultClient, closed), "the connection was refused"},
		{"no answer", get(&http.Client{Timeout: 200 * time.Millisecond}, hanging.URL), "no answer in time"},
		{"certificate", get(http.DefaultClient, selfSigned.URL), "the TLS certificate was not accepted"},
		{"name not found", &url.Error{Op: "Post", URL: "https://nowhere.example.org/hook", Err: &net.OpError{Op: "dial", Net: "tcp",
			Err: &net.DNSError{Err: "no such host", Name: "nowhere.example.org", Server: "10.0.0.2:53", IsNotFound: true}}},
			"the name nowhere.example.org could not be found"},
		{"resolver failing", fmt.Errorf("webhook: %w", &net.DNSError{Err: "server misbehaving", Name: "example.org", Server: "10.0.0.2:53", IsTemporary: true}),
			"the name example.org could not be looked up just now"},
		{"something else", errors.New("plain"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err == nil {
				t.Fatal("no error")
			}
			got := netguard.Describe(tc.err)
			if got != tc.want {
				t.Errorf("Describe(%v) = %q, want %q", tc.err, got, tc.want)
			}
			if strings.Contains(got, "127.0.0.1") || strings.Contains(got, "10.0.0.2") {
				t.Errorf("Describe names an address: %q", got)
			}
		})
	}
}

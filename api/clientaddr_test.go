package api

import (
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
)

func TestParseTrustedProxies(t *testing.T) {
	t.Parallel()
	tests := []struct {
		list    string
		want    string // the prefixes joined by spaces
		wantErr bool
	}{
		{"", "", false},
		{" , ", "", false},
		{"10.0.0.1", "10.0.0.1/32", false},
		{"10.0.0.0/8, 192.168.1.7 ,fd00::/8", "10.0.0.0/8 192.168.1.7/32 fd00::/8", false},
		{"10.1.2.3/8", "10.0.0.0/8", false},       // host bits dropped
		{"::ffff:10.0.0.1", "10.0.0.1/32", false}, // IPv4-mapped: the IPv4 address
		{"::ffff:10.0.0.0/104", "10.0.0.0/8", false},
		{"2001:db8::1", "2001:db8::1/128", false},
		{"proxy.internal", "", true},
		{"10.0.0.0/33", "", true},
		{"10.0.0.1:8080", "", true},
		{"fe80::1%eth0", "", true},
		{"10.0.0.0/8;rm -rf", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.list, func(t *testing.T) {
			got, err := ParseTrustedProxies(tt.list)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			var s []string
			for _, p := range got {
				s = append(s, p.String())
			}
			if strings.Join(s, " ") != tt.want {
				t.Errorf("= %q, want %q", strings.Join(s, " "), tt.want)
			}
		})
	}
}

// TestClientAddr: X-Forwarded-For counts only when the connection comes
// from a trusted proxy, and then only as far as the first hop that is not
// one, read from the right; whatever a client writes left of that is
// ignored.
func TestClientAddr(t *testing.T) {
	t.Parallel()
	proxies, err := ParseTrustedProxies("10.0.0.0/8, 2001:db8:ffff::/48")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		remote string
		xff    []string
		want   string
	}{
		{"direct client, no header", "203.0.113.5:4711", nil, "203.0.113.5"},
		{"direct client spoofing the header", "203.0.113.5:4711", []string{"198.51.100.1"}, "203.0.113.5"},
		{"direct client claiming to be a proxy", "203.0.113.5:4711", []string{"198.51.100.1, 10.0.0.2"}, "203.0.113.5"},
		{"through the proxy", "10.0.0.2:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"through the proxy, client spoofs a hop", "10.0.0.2:5000", []string{"192.0.2.66, 198.51.100.1"}, "198.51.100.1"},
		{"through two trusted proxies", "10.0.0.2:5000", []string{"198.51.100.1, 10.9.9.9"}, "198.51.100.1"},
		{"hops split over two headers", "10.0.0.2:5000", []string{"192.0.2.66", "198.51.100.1, 10.9.9.9"}, "198.51.100.1"},
		{"proxy without the header", "10.0.0.2:5000", nil, "10.0.0.2"},
		{"every hop trusted", "10.0.0.2:5000", []string{"10.7.7.7, 10.8.8.8"}, "10.7.7.7"},
		{"garbage right of the client: the last believable hop", "10.0.0.2:5000", []string{"198.51.100.1, not-an-ip"}, "10.0.0.2"},
		{"garbage left of the client is ignored", "10.0.0.2:5000", []string{"evil, 198.51.100.1"}, "198.51.100.1"},
		{"hop with a port", "10.0.0.2:5000", []string{"198.51.100.1:4242"}, "198.51.100.1"},
		{"IPv6 hop with a port", "10.0.0.2:5000", []string{"[2001:db8:1::7]:4242"}, "2001:db8:1::7"},
		{"IPv6 proxy", "[2001:db8:ffff::1]:443", []string{"2001:db8:1::7"}, "2001:db8:1::7"},
		{"IPv4-mapped remote", "[::ffff:203.0.113.5]:4711", nil, "203.0.113.5"},
		{"no IP at all", "@", []string{"198.51.100.1"}, "invalid IP"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/auth/login", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := clientAddr(proxies, r).String(); got != tt.want {
				t.Errorf("clientAddr = %s, want %s", got, tt.want)
			}
			if got := clientAddr(nil, r); tt.remote != "@" && got != parseHostAddr(tt.remote) {
				t.Errorf("with no trusted proxies = %s, want the connection's %s", got, tt.remote)
			}
		})
	}
}

func TestThrottleKeyGroupsAnIPv6Subscriber(t *testing.T) {
	t.Parallel()
	tests := []struct{ addr, want string }{
		{"203.0.113.5", "203.0.113.5"},
		{"2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"},
	}
	for _, tt := range tests {
		if got := throttleKey(netip.MustParseAddr(tt.addr)); got != tt.want {
			t.Errorf("throttleKey(%s) = %s, want %s", tt.addr, got, tt.want)
		}
	}
	if got := throttleKey(netip.Addr{}); got != "" {
		t.Errorf("throttleKey(invalid) = %q, want empty", got)
	}
}

// FuzzParseTrustedProxies: any flag value is a list or an error, and every
// prefix it gives is valid and masked.
func FuzzParseTrustedProxies(f *testing.F) {
	for _, seed := range []string{"", "10.0.0.0/8, 192.168.1.7", "fd00::/8,::1", "10.1.2.3/8", "::ffff:1.2.3.4", "x/8", "1.2.3.4/-1"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, list string) {
		prefixes, err := ParseTrustedProxies(list)
		if err != nil {
			return
		}
		for _, p := range prefixes {
			if !p.IsValid() || p != p.Masked() {
				t.Errorf("%q gave %v", list, p)
			}
		}
	})
}

// FuzzClientAddr: whatever X-Forwarded-For holds, the client is the
// connection itself, one of the header's hops, or nothing at all; and a
// connection from outside the trusted proxies always gets its own address.
func FuzzClientAddr(f *testing.F) {
	for _, seed := range [][2]string{
		{"10.0.0.2:5000", "198.51.100.1"},
		{"10.0.0.2:5000", "192.0.2.66, 198.51.100.1, 10.9.9.9"},
		{"203.0.113.5:4711", "198.51.100.1"},
		{"[2001:db8::1]:443", "[2001:db8:1::7]:4242, ::ffff:1.2.3.4"},
		{"10.0.0.2:5000", ",,, ,"},
	} {
		f.Add(seed[0], seed[1])
	}
	proxies, _ := ParseTrustedProxies("10.0.0.0/8, 2001:db8::/48")
	f.Fuzz(func(t *testing.T, remote, xff string) {
		r := httptest.NewRequest("POST", "/", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", xff)
		got := clientAddr(proxies, r)
		own := parseHostAddr(remote)
		if !trusted(proxies, own) && got != own {
			t.Fatalf("untrusted %q with header %q gave %v", remote, xff, got)
		}
		if got == own {
			return
		}
		for _, hop := range forwardedFor([]string{xff}) {
			if parseHostAddr(hop) == got {
				return
			}
		}
		t.Fatalf("%v is neither the connection %q nor a hop of %q", got, remote, xff)
	})
}

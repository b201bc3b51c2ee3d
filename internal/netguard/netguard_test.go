package netguard_test

import (
	"net/netip"
	"testing"

	"lifeline/internal/netguard"
)

// registry is every entry of the IANA IPv4 and IPv6 special-purpose
// address registries (https://www.iana.org/assignments/iana-ipv4-special-registry/,
// https://www.iana.org/assignments/iana-ipv6-special-registry/), and the
// ranges outside them that are not global unicast either. Each is refused
// from its first address to its last.
var registry = []struct{ prefix, name string }{
	// IPv4
	{"0.0.0.0/8", "this network"},
	{"0.0.0.0/32", "this host on this network"},
	{"10.0.0.0/8", "private use"},
	{"100.64.0.0/10", "shared address space"},
	{"127.0.0.0/8", "loopback"},
	{"169.254.0.0/16", "link local"},
	{"172.16.0.0/12", "private use"},
	{"192.0.0.0/24", "IETF protocol assignments"},
	{"192.0.0.0/29", "IPv4 service continuity prefix"},
	{"192.0.0.8/32", "IPv4 dummy address"},
	{"192.0.0.9/32", "port control protocol anycast"},
	{"192.0.0.10/32", "traversal using relays around NAT anycast"},
	{"192.0.0.170/32", "NAT64/DNS64 discovery"},
	{"192.0.0.171/32", "NAT64/DNS64 discovery"},
	{"192.0.2.0/24", "documentation (TEST-NET-1)"},
	{"192.31.196.0/24", "AS112-v4"},
	{"192.52.193.0/24", "AMT"},
	{"192.88.99.0/24", "deprecated 6to4 relay anycast"},
	{"192.88.99.2/32", "6a44 relay anycast"},
	{"192.168.0.0/16", "private use"},
	{"192.175.48.0/24", "direct delegation AS112 service"},
	{"198.18.0.0/15", "benchmarking"},
	{"198.51.100.0/24", "documentation (TEST-NET-2)"},
	{"203.0.113.0/24", "documentation (TEST-NET-3)"},
	{"240.0.0.0/4", "reserved"},
	{"255.255.255.255/32", "limited broadcast"},
	{"224.0.0.0/4", "multicast"},
	// IPv6
	{"::1/128", "loopback"},
	{"::/128", "unspecified"},
	{"::ffff:0:0/96", "IPv4-mapped (0.0.0.0 and broadcast at its ends; see TestEmbeddedIPv4)"},
	{"::/96", "IPv4-compatible (deprecated)"},
	{"64:ff9b:1::/48", "local-use IPv4/IPv6 translation"},
	{"100::/64", "discard-only"},
	{"100:0:0:1::/64", "dummy IPv6 prefix"},
	{"2001::/23", "IETF protocol assignments"},
	{"2001::/32", "TEREDO"},
	{"2001:1::1/128", "port control protocol anycast"},
	{"2001:1::2/128", "traversal using relays around NAT anycast"},
	{"2001:1::3/128", "DNS-SD service registration protocol anycast"},
	{"2001:2::/48", "benchmarking"},
	{"2001:3::/32", "AMT"},
	{"2001:4:112::/48", "AS112-v6"},
	{"2001:10::/28", "deprecated ORCHID"},
	{"2001:20::/28", "ORCHIDv2"},
	{"2001:30::/28", "drone remote ID protocol entity tags"},
	{"2001:db8::/32", "documentation"},
	{"2620:4f:8000::/48", "direct delegation AS112 service"},
	{"3fff::/20", "documentation"},
	{"5f00::/16", "segment routing (SRv6) SIDs"},
	{"fc00::/7", "unique local"},
	{"fe80::/10", "link-local unicast"},
	{"ff00::/8", "multicast"},
	{"4000::/2", "outside 2000::/3"},
	{"8000::/1", "outside 2000::/3"},
}

func TestRegistryIsRefused(t *testing.T) {
	for _, r := range registry {
		p := netip.MustParsePrefix(r.prefix)
		first, last := p.Masked().Addr(), lastAddr(p)
		for _, a := range []netip.Addr{first, last} {
			if netguard.Public(a) {
				t.Errorf("%s (%s, %s) is allowed, want refused", a, r.prefix, r.name)
			}
		}
	}
}

func lastAddr(p netip.Prefix) netip.Addr {
	b := p.Masked().Addr().AsSlice()
	for i := p.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 0x80 >> (i % 8)
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

func TestPublicAddresses(t *testing.T) {
	for _, s := range []string{
		"8.8.8.8", "1.1.1.1", "93.184.215.14",
		"1.0.0.0",                       // just past 0.0.0.0/8
		"100.63.255.255", "100.128.0.0", // either side of 100.64/10
		"172.15.255.255", "172.32.0.0",
		"192.0.1.0", "192.88.98.255", "192.169.0.0",
		"198.17.255.255", "198.20.0.0",
		"223.255.255.255",
		"2606:4700:4700::1111", "2a00:1450:4001:80b::200e",
		"2001:200::1",     // just past 2001::/23
		"2620:4f:7fff::1", // just before the AS112 delegation
		"3fff:1000::1",    // just past 3fff::/20
	} {
		if !netguard.Public(netip.MustParseAddr(s)) {
			t.Errorf("%s is refused, want allowed", s)
		}
	}
}

// TestEmbeddedIPv4: an IPv4 address carried inside IPv6 is judged as
// itself where the packet reaches it, and the local-only forms are
// refused whole.
func TestEmbeddedIPv4(t *testing.T) {
	for _, tc := range []struct {
		addr   string
		public bool
	}{
		{"::ffff:8.8.8.8", true},
		{"::ffff:127.0.0.1", false},
		{"::ffff:10.1.2.3", false},
		{"::ffff:100.100.100.200", false},
		{"::ffff:169.254.169.254", false},
		{"64:ff9b::808:808", true}, // NAT64 of 8.8.8.8
		{"64:ff9b::7f00:1", false}, // NAT64 of 127.0.0.1
		{"64:ff9b::a9fe:a9fe", false},
		{"64:ff9b::6464:64c8", false}, // 100.100.100.200
		{"64:ff9b:1::808:808", false}, // local-use NAT64: refused whole
		{"2002:808:808::1", true},     // 6to4 of 8.8.8.8
		{"2002:7f00:1::1", false},
		{"2002:c0a8:101::1", false},
		{"2002:c612:1::1", false}, // 198.18.0.1
		{"::8.8.8.8", false},      // IPv4-compatible: deprecated, refused whole
		{"::127.0.0.1", false},
		{"2001:0:4136:e378:8000:63bf:3fff:fdd2", false}, // Teredo
		{"fe80::1%eth0", false},
	} {
		if got := netguard.Public(netip.MustParseAddr(tc.addr)); got != tc.public {
			t.Errorf("Public(%s) = %v, want %v", tc.addr, got, tc.public)
		}
	}
}

func TestCheckHost(t *testing.T) {
	for _, tc := range []struct {
		host    string
		refused bool
	}{
		{"example.org", false},
		{"8.8.8.8", false},
		{"[2606:4700:4700::1111]", false},
		{"127.0.0.1", true},
		{"100.100.100.200", true},
		{"[::1]", true},
		{"[::ffff:127.0.0.1]", true},
		{"[64:ff9b::a00:1]", true},
		{"[fe80::1%eth0]", true},
		{"localhost", true},
		{"api.localhost.", true},
		{"localhost.example.org", false}, // a name: judged at each connection
		{"", false},
	} {
		if err := netguard.CheckHost(tc.host); (err != nil) != tc.refused {
			t.Errorf("CheckHost(%q) = %v, want refused %v", tc.host, err, tc.refused)
		}
	}
}

func TestControl(t *testing.T) {
	for _, tc := range []struct {
		address string
		refused bool
	}{
		{"8.8.8.8:443", false},
		{"[2606:4700:4700::1111]:443", false},
		{"127.0.0.1:80", true},
		{"[::ffff:169.254.169.254]:80", true},
		{"[fe80::1%eth0]:80", true},
		{"not an address", true},
	} {
		err := netguard.Control("tcp", tc.address, nil)
		if (err != nil) != tc.refused {
			t.Errorf("Control(%q) = %v, want refused %v", tc.address, err, tc.refused)
		}
		if err != nil && err.Error() != "webhooks may only reach public internet addresses" {
			t.Errorf("Control(%q) says %q", tc.address, err)
		}
	}
}

// FuzzPublic: an allowed address is, unmapped, a global unicast address
// outside every private, loopback, link-local and multicast block the
// standard library knows; and nothing panics.
func FuzzPublic(f *testing.F) {
	for _, r := range registry {
		f.Add(netip.MustParsePrefix(r.prefix).Addr().AsSlice())
	}
	for _, s := range []string{"8.8.8.8", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "2606:4700::1"} {
		f.Add(netip.MustParseAddr(s).AsSlice())
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		a, ok := netip.AddrFromSlice(b)
		public := netguard.Public(a)
		_ = netguard.CheckHost(string(b))
		if !ok || !public {
			return
		}
		u := a.Unmap()
		if !u.IsGlobalUnicast() || u.IsPrivate() || u.IsLoopback() || u.IsLinkLocalUnicast() || u.IsMulticast() || u.IsUnspecified() {
			t.Errorf("%s is allowed but not global", a)
		}
		for _, r := range registry {
			if p := netip.MustParsePrefix(r.prefix); p.Contains(u) && r.prefix != "::ffff:0:0/96" {
				t.Errorf("%s is allowed but inside %s (%s)", a, r.prefix, r.name)
			}
		}
	})
}

// Package netguard decides which addresses the server may reach on a
// person's behalf (their webhooks, their browsers' push services): only
// global unicast addresses of the public internet, so that nobody can make
// the server probe its own network, a cloud metadata service or a
// neighbour behind the same NAT. It also words network failures for the
// person without naming the server's internal addresses.
//
// The rule follows the IANA special-purpose address registries:
//
//	https://www.iana.org/assignments/iana-ipv4-special-registry/
//	https://www.iana.org/assignments/iana-ipv6-special-registry/
//
// Every block listed there is refused, including the few marked globally
// reachable (anycast services, AS112): no webhook lives in them. On top of
// the registries: multicast, 240.0.0.0/4 and broadcast, and all IPv6
// outside 2000::/3 (the only block IANA allocates as global unicast). An
// IPv4 address carried inside an IPv6 one is judged as itself when the
// packet really reaches it (IPv4-mapped, NAT64 64:ff9b::/96, 6to4); the
// forms that only exist on a local network or a tunnel (IPv4-compatible,
// local-use NAT64 64:ff9b:1::/48, Teredo) are refused whole.
package netguard

import (
	"errors"
	"net"
	"net/netip"
	"strings"
	"syscall"
)

// ErrNotPublic is the answer for an address outside the public internet.
// Its text names no address: it reaches the person.
var ErrNotPublic = errors.New("webhooks may only reach public internet addresses")

// special are the blocks of both registries that are refused whole, plus
// the ranges no registry entry covers (multicast, 240/4, broadcast).
// IPv6 outside 2000::/3 is refused by Public before this list.
var special = prefixes(
	// IANA IPv4 Special-Purpose Address Registry
	"0.0.0.0/8",          // "this network" (0.0.0.0/32 "this host" inside)
	"10.0.0.0/8",         // private use
	"100.64.0.0/10",      // shared address space (carrier-grade NAT; 100.100.100.200 is a cloud metadata service)
	"127.0.0.0/8",        // loopback
	"169.254.0.0/16",     // link local (169.254.169.254 is a cloud metadata service)
	"172.16.0.0/12",      // private use
	"192.0.0.0/24",       // IETF protocol assignments (service continuity, dummy, PCP and TURN anycast, NAT64 discovery)
	"192.0.2.0/24",       // documentation (TEST-NET-1)
	"192.31.196.0/24",    // AS112-v4
	"192.52.193.0/24",    // AMT
	"192.88.99.0/24",     // deprecated 6to4 relay anycast
	"192.168.0.0/16",     // private use
	"192.175.48.0/24",    // direct delegation AS112 service
	"198.18.0.0/15",      // benchmarking
	"198.51.100.0/24",    // documentation (TEST-NET-2)
	"203.0.113.0/24",     // documentation (TEST-NET-3)
	"240.0.0.0/4",        // reserved
	"255.255.255.255/32", // limited broadcast
	"224.0.0.0/4",        // multicast (not in the registry: its own)
	// IANA IPv6 Special-Purpose Address Registry, inside 2000::/3
	"2001::/23",         // IETF protocol assignments (Teredo 2001::/32, benchmarking, AMT, AS112, ORCHID, drone remote ID, anycast services)
	"2001:db8::/32",     // documentation
	"2620:4f:8000::/48", // direct delegation AS112 service
	"3fff::/20",         // documentation
)

func prefixes(ss ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

var (
	globalUnicast6 = netip.MustParsePrefix("2000::/3")
	nat64          = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour      = netip.MustParsePrefix("2002::/16")
)

// Public reports whether the server may open a connection to a on a
// person's behalf.
func Public(a netip.Addr) bool {
	if !a.IsValid() {
		return false
	}
	a = a.WithZone("")
	if a.Is4In6() {
		return Public(a.Unmap())
	}
	if a.Is6() {
		b := a.As16()
		switch {
		case nat64.Contains(a):
			return Public(netip.AddrFrom4([4]byte(b[12:16])))
		case sixToFour.Contains(a):
			return Public(netip.AddrFrom4([4]byte(b[2:6])))
		case !globalUnicast6.Contains(a):
			return false // loopback, unspecified, IPv4-compatible, 64:ff9b:1::/48, discard, SRv6, unique local, link local, multicast…
		}
	}
	for _, p := range special {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// Check answers ErrNotPublic for an address Public refuses.
func Check(a netip.Addr) error {
	if !Public(a) {
		return ErrNotPublic
	}
	return nil
}

// Control is a net.Dialer Control function: it sees every address a name
// resolved to, just before each connection, so a name that resolves to an
// internal address (or is made to, between two lookups) is refused too.
func Control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return ErrNotPublic
	}
	return Check(ap.Addr())
}

// CheckHost refuses a URL's host when it is an IP literal Public refuses
// ("127.0.0.1", "[::1]", "[fe80::1%25eth0]") or a name of loopback (RFC
// 6761's "localhost"); any other name passes, and is judged at each
// connection by Control. An empty host (no URL) passes.
func CheckHost(host string) error {
	if len(host) > 1 && host[0] == '[' && host[len(host)-1] == ']' {
		host = host[1 : len(host)-1]
	}
	if name := strings.ToLower(strings.TrimSuffix(host, ".")); name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return ErrNotPublic
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		if ip := net.ParseIP(host); ip != nil { // forms netip refuses but a resolver may take
			a, _ = netip.AddrFromSlice(ip)
		} else {
			return nil
		}
	}
	return Check(a)
}

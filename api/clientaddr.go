package api

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ParseTrustedProxies reads a comma-separated list of IP addresses and CIDR
// prefixes ("10.0.0.0/8, 192.0.2.7, fd00::/8"): the reverse proxies whose
// X-Forwarded-For is believed.
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var prefixes []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if strings.Contains(item, "/") {
			p, err := netip.ParsePrefix(item)
			if err != nil {
				return nil, fmt.Errorf("%q is not an IP address or CIDR prefix", item)
			}
			if p.Addr().Is4In6() && p.Bits() >= 96 { // addresses are compared unmapped
				p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
			}
			prefixes = append(prefixes, p.Masked())
			continue
		}
		addr, err := netip.ParseAddr(item)
		if err != nil || addr.Zone() != "" {
			return nil, fmt.Errorf("%q is not an IP address or CIDR prefix", item)
		}
		addr = addr.Unmap()
		prefixes = append(prefixes, netip.PrefixFrom(addr, addr.BitLen()))
	}
	return prefixes, nil
}

// trusted says whether addr is one of the trusted proxies.
func trusted(proxies []netip.Prefix, addr netip.Addr) bool {
	for _, p := range proxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// clientAddr is the address of the person's device. The connection's
// address, unless it is a trusted proxy: then X-Forwarded-For is read from
// the right, past every trusted proxy, to the first address that is not
// one, which is the last hop a trusted proxy saw and cannot be spoofed by
// the client (anything left of it can). Without trusted proxies the header
// is ignored: anyone can send it. The result is invalid when the connection
// has no IP address.
func clientAddr(proxies []netip.Prefix, r *http.Request) netip.Addr {
	addr := parseHostAddr(r.RemoteAddr)
	if !addr.IsValid() || !trusted(proxies, addr) {
		return addr
	}
	hops := forwardedFor(r.Header.Values("X-Forwarded-For"))
	for i := len(hops) - 1; i >= 0; i-- {
		hop := parseHostAddr(hops[i])
		if !hop.IsValid() {
			return addr // a trusted proxy never writes this: stop at the last hop we can believe
		}
		addr = hop
		if !trusted(proxies, hop) {
			return hop
		}
	}
	return addr
}

// forwardedFor splits every X-Forwarded-For header into its hops, in order.
func forwardedFor(headers []string) []string {
	var hops []string
	for _, h := range headers {
		for _, hop := range strings.Split(h, ",") {
			hops = append(hops, strings.TrimSpace(hop))
		}
	}
	return hops
}

// parseHostAddr reads "203.0.113.5", "203.0.113.5:4711", "2001:db8::1" or
// "[2001:db8::1]:4711"; an IPv4-mapped IPv6 address becomes IPv4.
func parseHostAddr(s string) netip.Addr {
	if addr, err := netip.ParseAddr(s); err == nil {
		return addr.WithZone("").Unmap()
	}
	host, _, err := net.SplitHostPort(s)
	if err != nil {
		return netip.Addr{}
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return addr.WithZone("").Unmap()
}

// throttleKey is the client address limits count against: an IPv6 client's
// /64, since one subscriber is usually given the whole /64 and could
// otherwise take a new address for every guess.
func throttleKey(addr netip.Addr) string {
	switch {
	case !addr.IsValid():
		return ""
	case addr.Is6():
		return netip.PrefixFrom(addr, 64).Masked().String()
	default:
		return addr.String()
	}
}

// clientIP is the client's address for records and limits ("" when the
// connection has none).
func (s *Server) clientIP(r *http.Request) string {
	if addr := clientAddr(s.cfg.TrustedProxies, r); addr.IsValid() {
		return addr.String()
	}
	return ""
}

// clientKey is the client's address as a throttle key.
func (s *Server) clientKey(r *http.Request) string {
	return throttleKey(clientAddr(s.cfg.TrustedProxies, r))
}

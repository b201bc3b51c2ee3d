package netguard

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"syscall"
)

// Describe words a failure to connect, or to hear back, as something the
// person can act on. Go's own texts name the addresses involved ("dial tcp
// 10.0.0.2:53: …", the server's resolver or a refused internal address),
// which must not reach a person; Describe keeps only the host name they
// typed themselves. It returns "" when err is none of these.
func Describe(err error) string {
	var dnsErr *net.DNSError
	var certErr *tls.CertificateVerificationError
	var unknownAuthority x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	var recordHeader tls.RecordHeaderError
	var alert tls.AlertError
	var timeout interface{ Timeout() bool }
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrNotPublic):
		return ErrNotPublic.Error()
	case errors.As(err, &dnsErr):
		if dnsErr.IsNotFound {
			return "the name " + dnsErr.Name + " could not be found"
		}
		return "the name " + dnsErr.Name + " could not be looked up just now"
	case errors.As(err, &certErr), errors.As(err, &unknownAuthority), errors.As(err, &hostname), errors.As(err, &invalid):
		return "the TLS certificate was not accepted"
	case errors.As(err, &recordHeader), errors.As(err, &alert):
		return "the secure connection could not be set up"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "the connection was refused"
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		return "the address could not be reached"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &timeout) && timeout.Timeout():
		return "no answer in time"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the connection closed before an answer"
	}
	var op *net.OpError
	if errors.As(err, &op) {
		return "the connection failed"
	}
	return ""
}

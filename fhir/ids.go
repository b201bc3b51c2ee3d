package fhir

import (
	"crypto/sha1"
	"fmt"
)

// namespace is Lifeline's own name-based UUID namespace (RFC 9562 §5.5),
// fixed so that the same rows always get the same ids.
var namespace = [16]byte{0x6c, 0x69, 0x66, 0x65, 0x6c, 0x69, 0x6e, 0x65, 0x2d, 0x66, 0x68, 0x69, 0x72, 0x2d, 0x72, 0x34}

// stableID is a version 5 UUID of name ("QuestionnaireResponse/17"): the
// same export twice is identical, and a clinician's system that imports two
// exports recognises the resources it already has.
func stableID(format string, args ...any) string {
	h := sha1.New()
	h.Write(namespace[:])
	fmt.Fprintf(h, format, args...)
	var u [16]byte
	copy(u[:], h.Sum(nil))
	u[6] = u[6]&0x0f | 0x50 // version 5
	u[8] = u[8]&0x3f | 0x80 // RFC 9562 variant
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}

// fullURL is the entry's fullUrl for a resource id made by stableID.
func fullURL(id string) string { return "urn:uuid:" + id }

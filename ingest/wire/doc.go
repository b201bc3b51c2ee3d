// Package wire is the bracelet wire contract v1 codec: the MQTT topics
// bracelets publish to and the JSON packets they carry. The ingest gateway
// decodes with it and the firmware simulator encodes with it, so both sides
// of the contract live in one place. It uses the standard library only.
//
// # Topics
//
//	bracelets/{id}/position   device → server, QoS 1: one fix or a buffer of fixes
//	bracelets/{id}/battery    device → server, QoS 1: one battery reading
//	bracelets/{id}/config     server → device, retained: {"interval_s": 30}
//
// A device id matches ^brc_[A-Za-z0-9_-]{4,60}$ (the database enforces the
// same shape), so it never holds "/" or the MQTT wildcards "+" and "#".
//
// # Position packets
//
// A JSON object, or a JSON array of 1 to 500 objects (a device that was
// offline sends its buffer):
//
//	{"seq": 1042, "ts": 1763793664000, "lat": 37.7749, "lon": -122.4194, "acc": 6.5, "bat": 81}
//
// The fields of a fix:
//
//   - seq: required; an unsigned integer up to 2^63-1 (it is stored in a
//     PostgreSQL bigint). With the device and ts it identifies a fix, so a
//     re-sent fix is stored once.
//   - ts: required; Unix epoch milliseconds (a non-negative integer) or an
//     RFC 3339 string ("2025-11-22T06:41:04.5+01:00"). Rejected when more than
//     Limits.MaxFuture (5 minutes) ahead of the receive time, or older than
//     Limits.MaxAge (the retention window, 400 days).
//   - lat: required; a number in [-90, 90]. lon: required; a number in
//     [-180, 180].
//   - acc: optional; accuracy in metres, a number in [0, MaxAccuracy].
//   - bat: optional; battery percent, an integer in [0, 100].
//
// # Battery packets
//
// A JSON object: {"seq": 7, "ts": 1763793664000, "bat": 80, "charging": false},
// with seq and ts as above, bat required (an integer in [0, 100]) and
// charging required (true or false).
//
// # Decoding rules
//
// The decoders accept exactly the contract and nothing looser:
//
//   - A payload longer than Limits.MaxPayload (64 KiB) is rejected before it
//     is read.
//   - The payload is strict JSON (RFC 8259) in UTF-8: no byte order mark, no
//     NaN or Infinity, no comments, nothing but whitespace after the value.
//     A payload that is not well-formed JSON is always reported as bad_json,
//     whatever else is wrong with it.
//   - Integer fields (seq, bat, ts in milliseconds) must be integer literals:
//     1.0 and 1e3 are rejected even though their values are whole.
//   - Field names are matched exactly and case-sensitively ("LAT" is not
//     "lat"), after JSON escapes are decoded ("l\u0061t" is "lat").
//   - Unknown fields are ignored, so devices may add fields without breaking
//     older servers; their values must still be well-formed JSON nested at
//     most MaxDepth deep.
//   - A field name that appears twice in one packet object is rejected:
//     different JSON parsers keep different copies, so the packet has no
//     single meaning. Objects nested inside unknown fields are not checked
//     for duplicates; nobody reads them.
//   - A null value counts as an absent field: fine for acc and bat,
//     missing_field for a required one.
//   - One bad fix rejects the whole array. The device gets one PUBACK for the
//     packet; accepting part of it would leave the device unable to tell
//     which of its buffered fixes were stored.
//
// Every rejection is an *Error whose Reason is one of a fixed set of short
// strings, fit for a Prometheus label, and whose Index and Field say where
// the problem is. Decoding never panics, whatever the input: the decoders
// are fuzzed to show that, and that no out-of-range value is ever accepted.
//
// # Encoding
//
// The encoders write what they are given, valid or not, so the simulator can
// send bad packets on purpose; ts is written as epoch milliseconds.
package wire

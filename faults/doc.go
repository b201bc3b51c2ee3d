// Package faults holds the fault suite: tests that run the real lifeline
// binary against a real PostgreSQL and real MQTT clients (the firmware
// simulator and paho), break something under load — the process killed,
// PostgreSQL restarted or made read-only, a live stream that never reads,
// ten thousand idle bracelets — and check that nothing acknowledged is lost
// and nothing leaks between users. It has no production code; see
// docs/faults.md. The long tests run only under `make soak`.
package faults

// Package lifeline is the domain of the Lifeline recovery-support product:
// its types, the small service interfaces the other packages implement or
// consume, and one error vocabulary. It imports only the standard library;
// every outside dependency lives in a package of its own (store, api, ingest,
// geofence), wired together in cmd/lifeline.
package lifeline

import "context"

// Checker reports whether a dependency is usable right now. The HTTP server
// answers /readyz with it; the store implements it for the database.
type Checker interface {
	// Ready returns nil when the dependency can serve requests, or an error
	// saying what is missing.
	Ready(ctx context.Context) error
}

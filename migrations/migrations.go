// Package migrations holds Lifeline's SQL schema as numbered migrations,
// embedded in the binary and applied at start by the runner in package store.
//
// File naming rules:
//
//   - A migration is NNNN_name.sql: a four-digit version, an underscore, a
//     short snake_case name that says what it creates or changes (tables,
//     columns, indexes: "0041_alerts_open_idx"), not the issue it came from.
//     Versions are applied in ascending order, each in one transaction, and
//     recorded in schema_migrations (which the runner creates; no migration
//     touches it). Only the version decides whether a file was applied, so a
//     file may be renamed; its contents never change.
//   - A version whose steps depend on TimescaleDB comes as a pair of variants
//     instead of one common file: NNNN_name.timescale.sql is applied when the
//     database uses TimescaleDB (store/migrate.go: the extension is created, or
//     this role can create it; a database keeps the variant it started with),
//     NNNN_name.plain.sql otherwise. A version has either one common file or
//     both variants, never one variant alone; both variants leave the common
//     tables usable by the same queries.
//   - Files may hold several statements and PL/pgSQL DO blocks: run each file
//     whole with the simple query protocol, never split it on semicolons.
//   - A landed migration is never edited: schema changes are new versions.
//     On hypertables with compression enabled, later ALTER TABLE steps have
//     TimescaleDB restrictions (for example adding a column with constraints);
//     check them before writing a new version that alters locations or
//     battery_readings.
package migrations

import "embed"

// FS holds every migration file, named as the package documentation says.
//
//go:embed *.sql
var FS embed.FS

package lifeline

import (
	"context"
	"fmt"
	"strings"
)

// The storage engines of the time series (locations, battery readings).
const (
	EnginePostgreSQL  = "postgresql"  // plain tables; Lifeline's retention job deletes old rows
	EngineTimescaleDB = "timescaledb" // hypertables, with compression and retention where licensed
)

// Storage describes the storage engine a database runs on, as the start
// line and /readyz report it.
type Storage struct {
	PostgreSQL  string // server version, e.g. "15.18"
	TimescaleDB string // extension version; "" without the extension
	Hypertables bool   // locations and battery_readings are hypertables
	Compression bool   // a compression (columnstore) policy is scheduled
	Retention   bool   // a retention policy drops whole old chunks
}

// Engine is EngineTimescaleDB when the time series are hypertables, else
// EnginePostgreSQL (even with the extension created but unused).
func (s Storage) Engine() string {
	if s.Hypertables {
		return EngineTimescaleDB
	}
	return EnginePostgreSQL
}

// Version is the engine's version: TimescaleDB's or PostgreSQL's.
func (s Storage) Version() string {
	if s.Hypertables {
		return s.TimescaleDB
	}
	return s.PostgreSQL
}

// String is the one line people read at start, e.g. "TimescaleDB 2.28.3
// on PostgreSQL 15.18 (hypertables, compression, retention)".
func (s Storage) String() string {
	if !s.Hypertables {
		return "PostgreSQL " + s.PostgreSQL + " (plain tables, retention job)"
	}
	features := []string{"hypertables"}
	if s.Compression {
		features = append(features, "compression")
	}
	if s.Retention {
		features = append(features, "retention")
	}
	return fmt.Sprintf("TimescaleDB %s on PostgreSQL %s (%s)", s.TimescaleDB, s.PostgreSQL, strings.Join(features, ", "))
}

// StorageReporter tells which storage engine holds the data.
type StorageReporter interface {
	Storage(ctx context.Context) (Storage, error)
}

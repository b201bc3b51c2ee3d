package lifeline_test

import (
	"testing"

	"lifeline"
)

func TestStorageNamesTheEngine(t *testing.T) {
	tests := []struct {
		name                  string
		storage               lifeline.Storage
		engine, version, line string
	}{
		{"plain tables", lifeline.Storage{PostgreSQL: "15.18"},
			"postgresql", "15.18", "PostgreSQL 15.18 (plain tables, retention job)"},
		{"extension created but not used", lifeline.Storage{PostgreSQL: "15.18", TimescaleDB: "2.28.3"},
			"postgresql", "15.18", "PostgreSQL 15.18 (plain tables, retention job)"},
		{"hypertables without the Community licence", lifeline.Storage{PostgreSQL: "15.18", TimescaleDB: "2.28.3", Hypertables: true},
			"timescaledb", "2.28.3", "TimescaleDB 2.28.3 on PostgreSQL 15.18 (hypertables)"},
		{"hypertables with policies", lifeline.Storage{PostgreSQL: "15.18", TimescaleDB: "2.28.3", Hypertables: true, Compression: true, Retention: true},
			"timescaledb", "2.28.3", "TimescaleDB 2.28.3 on PostgreSQL 15.18 (hypertables, compression, retention)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.storage
			if s.Engine() != tt.engine || s.Version() != tt.version || s.String() != tt.line {
				t.Errorf("got %q %q %q, want %q %q %q", s.Engine(), s.Version(), s.String(), tt.engine, tt.version, tt.line)
			}
		})
	}
}

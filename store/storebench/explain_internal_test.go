package storebench

import (
	"maps"
	"testing"
)

func TestWholeReadsCountsWhatEachScanRead(t *testing.T) {
	for _, tt := range []struct {
		name, plan string
		want       map[string]int
	}{
		{"an index scan reads nothing whole", `Index Scan using sessions_pkey on sessions  (cost=0.28..8.29 rows=1 width=60) (actual time=0.010..0.011 rows=1 loops=1)
  Index Cond: (token_hash = $1)
Planning Time: 0.1 ms`, map[string]int{}},
		{"returned and removed rows, over every loop", `Nested Loop  (cost=0.00..50.00 rows=1 width=8) (actual time=0.1..2.0 rows=3 loops=1)
  ->  Seq Scan on sessions  (cost=0.00..6.50 rows=1 width=60) (actual time=0.010..0.050 rows=1 loops=3)
        Filter: (token_hash = $1)
        Rows Removed by Filter: 199
        Buffers: shared hit=4
  ->  Seq Scan on check_ins c  (cost=0.00..9.00 rows=8 width=8) (actual time=0.01..0.9 rows=8000 loops=1)
Execution Time: 2.1 ms`, map[string]int{"sessions": 202, "check_ins": 8000}},
		{"a scan never executed read nothing", `  ->  Seq Scan on locations  (cost=0.00..900.00 rows=100 width=8) (never executed)
        Filter: (user_id = $1)`, map[string]int{"locations": 0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := wholeReads(tt.plan); !maps.Equal(got, tt.want) {
				t.Errorf("wholeReads = %v, want %v", got, tt.want)
			}
		})
	}
}

package natsshard_test

import (
	"fmt"
	"testing"

	"lifeline/ingest/natsshard"
)

func TestAccountsAndUsers(t *testing.T) {
	tests := []struct {
		shards int
		want   []string
	}{
		{0, []string{"LIFELINE"}},
		{1, []string{"LIFELINE"}},
		{3, []string{"LIFELINE", "LIFELINE_1", "LIFELINE_2"}},
	}
	for _, tt := range tests {
		if got := natsshard.Accounts(tt.shards); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("Accounts(%d) = %v, want %v", tt.shards, got, tt.want)
		}
	}
	if got := natsshard.User("lifeline-ingest", 0); got != "lifeline-ingest" {
		t.Errorf("User(…, 0) = %q: the first shard's user is the user itself", got)
	}
	if got := natsshard.User("lifeline-ingest", 2); got != "lifeline-ingest-shard2" {
		t.Errorf("User(…, 2) = %q", got)
	}
}

// TestDevicesSpreadEvenlyAndStayPut: a device's shard is its stream, so it
// must not change from one call (or one release) to the next, and a fleet
// must spread about evenly.
func TestDevicesSpreadEvenlyAndStayPut(t *testing.T) {
	pinned := map[string]int{"brc_0001": 0, "brc_zz99": 2, "brc_k3Jq9xWm": 0}
	for id, want := range pinned {
		if got := natsshard.Of(id, 3); got != want {
			t.Errorf("Of(%q, 3) = %d, want %d (the hash moved: devices would land in streams no worker reads)", id, got, want)
		}
	}
	for _, n := range []int{0, 1} {
		if got := natsshard.Of("brc_zz99", n); got != 0 {
			t.Errorf("Of(brc_zz99, %d) = %d, want 0", n, got)
		}
	}
	const devices, shards = 30000, 3
	counts := make([]int, shards)
	for i := range devices {
		counts[natsshard.Of(fmt.Sprintf("brc_%08x", uint32(i*2654435761)), shards)]++
	}
	for k, c := range counts {
		if c < devices/shards*9/10 || c > devices/shards*11/10 {
			t.Errorf("shard %d holds %d of %d devices, want within 10%% of %d", k, c, devices, devices/shards)
		}
	}
	if got := natsshard.AccountOf("brc_zz99", 3); got != "LIFELINE_2" {
		t.Errorf("AccountOf(brc_zz99, 3) = %q, want LIFELINE_2", got)
	}
}

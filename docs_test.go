package lifeline_test

import (
	"os"
	"regexp"
	"testing"

	"lifeline/internal/doctable"
)

// TestWebappREADMEListsEveryFeature: each folder of webapp/src/features has
// a row in webapp/README.md's "Features so far" table, and each feature the
// table names has a folder.
func TestWebappREADMEListsEveryFeature(t *testing.T) {
	rows, err := doctable.Read("webapp/README.md", "## Features so far")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	name := regexp.MustCompile("`([a-z0-9-]+)`")
	for _, row := range rows {
		for _, m := range name.FindAllStringSubmatch(row.Cells[0], -1) {
			listed[m[1]] = true
		}
	}
	entries, err := os.ReadDir("webapp/src/features")
	if err != nil {
		t.Fatal(err)
	}
	folders := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		folders[e.Name()] = true
		if !listed[e.Name()] {
			t.Errorf("webapp/src/features/%s has no row in webapp/README.md's \"Features so far\" table: add | `%s` | what it does, its routes and its key factory |", e.Name(), e.Name())
		}
	}
	for name := range listed {
		if !folders[name] {
			t.Errorf("webapp/README.md's \"Features so far\" table names `%s`, but webapp/src/features/%s does not exist: remove the row or rename it", name, name)
		}
	}
}

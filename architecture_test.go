package lifeline_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestImportDirection checks the dependency rules of ARCHITECTURE.md on the
// real import graph (production files only; tests may reach further).
func TestImportDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	imports := map[string][]string{}
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		imports[p.ImportPath] = p.Imports
	}
	ours := func(path string) bool { return path == "lifeline" || strings.HasPrefix(path, "lifeline/") }
	stdlib := func(path string) bool { return !strings.Contains(strings.Split(path, "/")[0], ".") }

	// allowed lists, per package, the packages of ours it may import.
	allowed := map[string][]string{
		"lifeline":                      {},
		"lifeline/store":                {"lifeline"},
		"lifeline/api":                  {"lifeline", "lifeline/live"},
		"lifeline/ingest":               {"lifeline", "lifeline/ingest/wire", "lifeline/live"},
		"lifeline/live":                 {"lifeline"},
		"lifeline/geofence":             {"lifeline"},
		"lifeline/chat":                 {"lifeline"},
		"lifeline/content":              {"lifeline"},
		"lifeline/guard":                {"lifeline", "lifeline/geofence", "lifeline/live"},
		"lifeline/migrations":           {},
		"lifeline/webapp":               {},
		"lifeline/ingest/wire":          {},
		"lifeline/firmware-sim":         {"lifeline/ingest/wire", "lifeline/latency"},
		"lifeline/store/storetest":      {"lifeline/store", "lifeline/migrations"},
		"lifeline/ingest/mosquittotest": {"lifeline/ingest"},
		"lifeline/faults":               {},
		"lifeline/latency":              {},
		"lifeline/httpload":             {"lifeline/latency"},
	}
	for pkg, deps := range imports {
		if pkg == "lifeline/cmd/lifeline" {
			continue // the one place that wires everything
		}
		rule, known := allowed[pkg]
		if !known {
			t.Errorf("package %s has no import rule: add it to this test, following ARCHITECTURE.md", pkg)
			continue
		}
		for _, dep := range deps {
			if ours(dep) && !contains(rule, dep) {
				t.Errorf("%s imports %s, which ARCHITECTURE.md does not allow", pkg, dep)
			}
		}
	}
	for _, dep := range imports["lifeline"] {
		if !stdlib(dep) {
			t.Errorf("the domain package imports %s: it must use the standard library only", dep)
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

package lifeline_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportDirection checks the dependency rules of docs/architecture.md on the
// real import graph (production files only; tests may reach further).
func TestImportDirection(t *testing.T) {
	imports := importGraph(t)
	ours := func(path string) bool { return path == "lifeline" || strings.HasPrefix(path, "lifeline/") }
	stdlib := func(path string) bool { return !strings.Contains(strings.Split(path, "/")[0], ".") }

	// allowed lists, per package, the packages of ours it may import.
	allowed := map[string][]string{
		"lifeline":                      {},
		"lifeline/store":                {"lifeline", "lifeline/signals"},
		"lifeline/pgcluster":            {"lifeline/store", "lifeline/internal/child"},
		"lifeline/signals":              {"lifeline"},
		"lifeline/api":                  {"lifeline", "lifeline/live", "lifeline/measures", "lifeline/signals", "lifeline/fhir", "lifeline/ingest/phone", "lifeline/internal/ratelimit", "lifeline/internal/gate", "lifeline/internal/netguard"},
		"lifeline/ingest":               {"lifeline", "lifeline/ingest/wire", "lifeline/ingest/phone", "lifeline/ingest/natsshard", "lifeline/live", "lifeline/internal/ratelimit", "lifeline/internal/gate"},
		"lifeline/live":                 {"lifeline"},
		"lifeline/ingest/phone":         {"lifeline", "lifeline/ingest/wire"},
		"lifeline/internal/ratelimit":   {},
		"lifeline/internal/gate":        {},
		"lifeline/geofence":             {"lifeline"},
		"lifeline/chat":                 {"lifeline"},
		"lifeline/measures":             {"lifeline"},
		"lifeline/fhir":                 {"lifeline", "lifeline/measures"},
		"lifeline/content":              {"lifeline"},
		"lifeline/guard":                {"lifeline", "lifeline/geofence", "lifeline/live"},
		"lifeline/migrations":           {},
		"lifeline/webapp":               {},
		"lifeline/ingest/wire":          {},
		"lifeline/firmware-sim":         {"lifeline/ingest/wire", "lifeline/internal/bench/latency", "lifeline/internal/bench/apiclient", "lifeline/internal/bench/rawmqtt", "lifeline/internal/fdlimit"},
		"lifeline/internal/fdlimit":     {},
		"lifeline/internal/doctable":    {},
		"lifeline/store/storetest":      {"lifeline/store", "lifeline/pgcluster", "lifeline/migrations"},
		"lifeline/ingest/mosquittotest": {"lifeline/ingest"},
		"lifeline/ingest/brokercluster": {"lifeline/ingest/natsauth", "lifeline/ingest/natsshard", "lifeline/internal/child"},
		"lifeline/internal/child":       {},
		"lifeline/ingest/natsauth":      {"lifeline", "lifeline/ingest", "lifeline/ingest/natsshard", "lifeline/ingest/wire"},
		"lifeline/ingest/natskick":      {"lifeline/ingest/natsshard"},
		"lifeline/ingest/natsshard":     {},
		"lifeline/faults":               {},
		"lifeline/delivery":             {"lifeline", "lifeline/internal/netguard"},
		"lifeline/internal/netguard":    {},
		"lifeline/internal/smtptest":    {},
		// A test server as a process, for the browser suite; never linked
		// into lifeline.
		"lifeline/cmd/lifeline-smtptest": {"lifeline/internal/smtptest"},
		// The composition root builds the running program from every
		// product package; only cmd/lifeline and its test helper import it.
		"lifeline/app": {"lifeline", "lifeline/api", "lifeline/chat", "lifeline/content", "lifeline/delivery", "lifeline/guard",
			"lifeline/ingest", "lifeline/ingest/natsauth", "lifeline/ingest/natskick", "lifeline/internal/gate", "lifeline/live", "lifeline/migrations", "lifeline/pgcluster",
			"lifeline/signals", "lifeline/store", "lifeline/webapp"},
		"lifeline/app/apptest": {"lifeline/app", "lifeline/store/storetest", "lifeline/internal/child"},
		// The command: flags and subcommands; serve hands its Config to app.
		"lifeline/cmd/lifeline": {"lifeline", "lifeline/app", "lifeline/api", "lifeline/content", "lifeline/ingest", "lifeline/ingest/natsshard",
			"lifeline/live", "lifeline/migrations", "lifeline/pgcluster", "lifeline/store", "lifeline/internal/fdlimit"},
		// The benchmarks' code, which the product never imports (see
		// TestProductBinaryHasNoBenchCode): store's and ingest's parts sit
		// under them because they own pgx, mochi and paho.
		"lifeline/internal/bench/latency":    {},
		"lifeline/internal/bench/httpload":   {"lifeline/internal/bench/latency"},
		"lifeline/internal/bench/apiclient":  {},
		"lifeline/internal/bench/rawmqtt":    {},
		"lifeline/internal/bench/chateval":   {"lifeline", "lifeline/chat"},
		"lifeline/internal/bench/signaleval": {"lifeline", "lifeline/signals"},
		"lifeline/store/storebench":          {"lifeline", "lifeline/store"},
		"lifeline/ingest/barebroker":         {},
		"lifeline/ingest/benchbracelet":      {"lifeline/ingest/wire"},
		"lifeline/cmd/lifeline-bench": {"lifeline/store", "lifeline/pgcluster", "lifeline/store/storebench", "lifeline/migrations",
			"lifeline/ingest/barebroker", "lifeline/internal/bench/httpload",
			"lifeline/ingest/benchbracelet", "lifeline/ingest/wire", "lifeline/internal/bench/latency", "lifeline/internal/bench/apiclient",
			"lifeline/chat", "lifeline/internal/bench/chateval", "lifeline/signals", "lifeline/internal/bench/signaleval",
			"lifeline/ingest/brokercluster", "lifeline/internal/bench/rawmqtt"},
	}
	for pkg, deps := range imports {
		rule, known := allowed[pkg]
		if !known {
			t.Errorf("package %s has no import rule: add it to this test, following docs/architecture.md", pkg)
			continue
		}
		for _, dep := range deps {
			if ours(dep) && !contains(rule, dep) {
				t.Errorf("%s imports %s, which docs/architecture.md does not allow", pkg, dep)
			}
		}
	}
	for _, dep := range imports["lifeline"] {
		if !stdlib(dep) {
			t.Errorf("the domain package imports %s: it must use the standard library only", dep)
		}
	}
}

// TestOutsideLibraryOwners checks that each outside library is imported
// only by the package that owns it (or that package's subpackages), so a
// dependency can be understood, upgraded or replaced in one place.
func TestOutsideLibraryOwners(t *testing.T) {
	owners := map[string][]string{
		"github.com/paulmach/orb":             {"lifeline/geofence"},
		"github.com/tidwall/rtree":            {"lifeline/geofence"},
		"github.com/jackc/pgx":                {"lifeline/store"},
		"github.com/mochi-mqtt/server":        {"lifeline/ingest"},
		"github.com/eclipse/paho.mqtt.golang": {"lifeline/ingest", "lifeline/firmware-sim"},
		"github.com/gorilla/websocket":        {"lifeline/ingest"},
		"github.com/nats-io/nats.go":          {"lifeline/ingest"},
		"github.com/nats-io/jwt":              {"lifeline/ingest"},
		"github.com/nats-io/nkeys":            {"lifeline/ingest"},
		"github.com/go-chi/chi":               {"lifeline/api"},
		"github.com/coreos/go-oidc":           {"lifeline/api"},
		"golang.org/x/oauth2":                 {"lifeline/api"},
		"github.com/wneessen/go-mail":         {"lifeline/delivery"},
		"github.com/yuin/goldmark":            {"lifeline/content"},
		"go.abhg.dev/goldmark/frontmatter":    {"lifeline/content"},
		"gopkg.in/yaml.v3":                    {"lifeline/content"},
		"golang.org/x/sys":                    {"lifeline/cmd/lifeline"}, // a terminal's echo, for a password typed in
	}
	for pkg, deps := range importGraph(t) {
		for _, dep := range deps {
			for lib, allowed := range owners {
				if dep != lib && !strings.HasPrefix(dep, lib+"/") {
					continue
				}
				if !ownedBy(pkg, allowed) {
					t.Errorf("%s imports %s, which only %s may import", pkg, dep, strings.Join(allowed, " and "))
				}
			}
		}
	}
}

// ownedBy reports whether pkg is one of owners or a subpackage of one.
func ownedBy(pkg string, owners []string) bool {
	for _, o := range owners {
		if pkg == o || strings.HasPrefix(pkg, o+"/") {
			return true
		}
	}
	return false
}

// TestProductBinaryHasNoBenchCode builds the product and reads its symbol
// table: nothing of ours named for the benchmarks (lifeline-bench's
// packages, a seeder, a load generator) may be linked into lifeline.
func TestProductBinaryHasNoBenchCode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the product binary")
	}
	bin := filepath.Join(t.TempDir(), "lifeline")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/lifeline").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command("go", "tool", "nm", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	var ours, found int
	for _, line := range strings.Split(string(out), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		sym := fields[len(fields)-1]
		if !strings.Contains(sym, "lifeline") && !strings.HasPrefix(sym, "main.") {
			continue // the standard library's and other modules'
		}
		ours++
		if strings.Contains(strings.ToLower(sym), "bench") && found < 20 {
			found++
			t.Errorf("lifeline links %s: benchmark code belongs in cmd/lifeline-bench", sym)
		}
	}
	if ours < 100 {
		t.Fatalf("only %d symbols of ours in the binary: is the symbol table read right?", ours)
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

// importGraph maps each package of this module to its production imports.
func importGraph(t *testing.T) map[string][]string {
	t.Helper()
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
	return imports
}

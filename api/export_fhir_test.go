package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/measures"
)

// fhirValidator runs webapp/scripts/fhir-validate.mjs (Medplum's validator
// with the R4 definitions, docs/fhir.md) on a file and returns its exit
// code and output. It skips, saying why, where node or the web app's
// packages are missing; make test has both.
func fhirValidator(t *testing.T, file string) (int, string) {
	t.Helper()
	webapp, err := filepath.Abs(filepath.Join("..", "webapp"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is not installed: the FHIR export is validated with webapp/scripts/fhir-validate.mjs (make test installs what it needs)")
	}
	if _, err := os.Stat(filepath.Join(webapp, "node_modules", "@medplum", "core")); err != nil {
		t.Fatal("webapp/node_modules has no @medplum/core: run make deps-test (or npm install --no-audit --no-fund in webapp/) to validate the FHIR export")
	}
	cmd := exec.CommandContext(t.Context(), "node", filepath.Join("scripts", "fhir-validate.mjs"), file)
	cmd.Dir = webapp
	out, err := cmd.CombinedOutput()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode(), string(out)
	}
	if err != nil {
		t.Fatalf("run the FHIR validator: %v\n%s", err, out)
	}
	return 0, string(out)
}

// seedMeasures stores one response to every instrument for the user,
// scored by the instrument itself: every item at its highest option for
// PHQ-9 (item 9 too), the lowest elsewhere, optional items skipped in the
// BAM, a day apart.
func seedMeasures(t *testing.T, app *testApp, userID int64) {
	t.Helper()
	at := time.Date(2026, 11, 1, 18, 0, 0, 0, time.UTC)
	for i, in := range measures.All() {
		answers := make([]*int, len(in.Items))
		for j, item := range in.Items {
			if item.Optional && in.ID == "bam" {
				continue
			}
			v := item.Options[0].Value
			if in.ID == "phq9" {
				v = item.Options[len(item.Options)-1].Value
			}
			answers[j] = &v
		}
		res, err := in.Score(answers)
		if err != nil {
			t.Fatalf("score %s: %v", in.ID, err)
		}
		r := &lifeline.MeasureResponse{UserID: userID, Instrument: in.ID, Answers: answers, Total: res.Total, Band: res.Band.Key,
			Subscores: res.Subscores, Note: "a private note", TakenAt: at.Add(time.Duration(i) * 24 * time.Hour)}
		if err := app.db.SaveMeasureResponse(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
}

func signedInUser(t *testing.T, c *client) lifeline.User {
	t.Helper()
	var u lifeline.User
	c.do("GET", "/api/auth/user", nil).json(t, &u)
	return u
}

func TestExportFHIR(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	alice, _ := app.registerUser("Alice")
	alice.do("PATCH", "/api/auth/user", map[string]any{"phone": "+1 555 010 2000"})
	me := signedInUser(t, alice)
	seedMeasures(t, app, me.ID)

	resp := alice.do("GET", "/api/export/fhir?include=name,phone", nil)
	if resp.status != http.StatusOK || !strings.HasPrefix(resp.header.Get("Content-Type"), "application/fhir+json") ||
		!strings.Contains(resp.header.Get("Content-Disposition"), `filename="lifeline-fhir-2026-11-22.json"`) {
		t.Fatalf("GET /api/export/fhir = %d %v\n%s", resp.status, resp.header, resp.body)
	}
	var bundle struct {
		ResourceType, Type string
		Entry              []struct {
			FullURL  string
			Resource map[string]any
		}
	}
	resp.json(t, &bundle)
	kinds := map[string]int{}
	for _, e := range bundle.Entry {
		kinds[e.Resource["resourceType"].(string)]++
	}
	// 4 Questionnaires and responses; an Observation of each score, and of
	// each answered item with a LOINC code: PHQ-9's 10, GAD-7's 7, AUDIT-C's 3.
	want := map[string]int{"Patient": 1, "Questionnaire": 4, "QuestionnaireResponse": 4, "Observation": 4 + 10 + 7 + 3}
	for kind, n := range want {
		if kinds[kind] != n {
			t.Errorf("%d %s resources, want %d (all: %v)", kinds[kind], kind, n, kinds)
		}
	}
	body := string(resp.body)
	for _, held := range []string{`"family": "Tester"`, `"value": "+1 555 010 2000"`, `"code": "44261-6"`, `"code": "LA6571-9"`} {
		if !strings.Contains(body, held) {
			t.Errorf("the export lacks %s", held)
		}
	}
	for _, never := range []string{me.Email, "a private note", "Europe/London"} {
		if strings.Contains(body, never) {
			t.Errorf("the export holds %q, which was not chosen", never)
		}
	}

	t.Run("the same export twice is identical", func(t *testing.T) {
		if again := alice.do("GET", "/api/export/fhir?include=name,phone", nil); !bytes.Equal(again.body, resp.body) {
			t.Error("two exports of the same data differ")
		}
	})

	t.Run("by default the Patient carries nothing that identifies the person", func(t *testing.T) {
		plain := alice.do("GET", "/api/export/fhir", nil)
		for _, never := range []string{"Alice", "Tester", me.Email, "555 010 2000"} {
			if bytes.Contains(plain.body, []byte(never)) {
				t.Errorf("the default export holds %q", never)
			}
		}
	})

	t.Run("a third-party validator finds no error", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "bundle.json")
		if err := os.WriteFile(file, resp.body, 0o600); err != nil {
			t.Fatal(err)
		}
		code, out := fhirValidator(t, file)
		if code != 0 || !strings.Contains(out, " 0 errors") {
			t.Fatalf("fhir-validate exit %d:\n%s", code, out)
		}
	})

	t.Run("the validator catches a broken resource", func(t *testing.T) {
		var raw map[string]any
		if err := json.Unmarshal(resp.body, &raw); err != nil {
			t.Fatal(err)
		}
		for _, e := range raw["entry"].([]any) {
			r := e.(map[string]any)["resource"].(map[string]any)
			if r["resourceType"] == "Observation" {
				delete(r, "status")   // required, 1..1
				r["score"] = "severe" // no such element
				break
			}
		}
		broken, _ := json.Marshal(raw)
		file := filepath.Join(t.TempDir(), "broken.json")
		if err := os.WriteFile(file, broken, 0o600); err != nil {
			t.Fatal(err)
		}
		code, out := fhirValidator(t, file)
		if code != 1 || !strings.Contains(out, "Observation.status") || !strings.Contains(out, "score") {
			t.Fatalf("fhir-validate exit %d on a broken Observation, want 1 naming both faults:\n%s", code, out)
		}
	})
}

func TestExportFHIRRefusesUnknownFields(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	alice, _ := app.registerUser("Alice")
	for _, include := range []string{"location", "name,address", "Name"} {
		resp := alice.do("GET", "/api/export/fhir?include="+include, nil)
		if code, _, fields := resp.errorBody(t); resp.status != http.StatusBadRequest || code != "invalid" || fields["include"] == "" {
			t.Errorf("include=%s: %d %s", include, resp.status, resp.body)
		}
	}
}

func TestExportFHIRIsOnlyTheCallersOwn(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	alice, bruno := app.twoUsers()
	seedMeasures(t, app, signedInUser(t, alice).ID)
	resp := bruno.do("GET", "/api/export/fhir?include=name,email,phone", nil)
	if resp.status != http.StatusOK {
		t.Fatalf("GET /api/export/fhir = %d %s", resp.status, resp.body)
	}
	if bytes.Contains(resp.body, []byte("Questionnaire")) || bytes.Contains(resp.body, []byte("Alice")) {
		t.Errorf("Bruno's export holds someone else's questionnaires:\n%s", resp.body)
	}
}

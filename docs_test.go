package lifeline_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
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

// TestOutboxPurposesAreDocumented: every outbox purpose (a Purpose…
// constant of this package) has a row in docs/care-circle.md's outbox
// table, and the table names no purpose the code lacks.
func TestOutboxPurposesAreDocumented(t *testing.T) {
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	inCode := map[string]bool{}
	for _, pkg := range pkgs {
		for _, file := range pkg.Files {
			for _, decl := range file.Decls {
				gen, ok := decl.(*ast.GenDecl)
				if !ok || gen.Tok != token.CONST {
					continue
				}
				for _, spec := range gen.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if !strings.HasPrefix(name.Name, "Purpose") || i >= len(vs.Values) {
							continue
						}
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							value, _ := strconv.Unquote(lit.Value)
							inCode[value] = true
						}
					}
				}
			}
		}
	}
	if len(inCode) < 5 {
		t.Fatalf("found only %d Purpose constants in the root package: the test no longer reads them right", len(inCode))
	}
	rows, err := doctable.Read("docs/care-circle.md", "### The outbox")
	if err != nil {
		t.Fatal(err)
	}
	inDocs := map[string]bool{}
	for _, row := range rows {
		inDocs[strings.Trim(row.Cells[0], "` ")] = true
	}
	for purpose := range inCode {
		if !inDocs[purpose] {
			t.Errorf("outbox purpose %q has no row in docs/care-circle.md's outbox table: add | `%s` | made by | to | key |", purpose, purpose)
		}
	}
	for purpose := range inDocs {
		if !inCode[purpose] {
			t.Errorf("docs/care-circle.md's outbox table lists %q, which no Purpose constant defines", purpose)
		}
	}
}

package main

import (
	"regexp"
	"strings"
	"testing"

	"lifeline/app"
	"lifeline/internal/doctable"
)

var (
	readmeFlag = regexp.MustCompile("^`--([a-z0-9-]+)`$")
	readmeEnv  = regexp.MustCompile("^`([A-Z0-9_]+)`$")
	readmeCode = regexp.MustCompile("^`([^`]*)`$")
)

// TestREADMEListsEveryFlag keeps README.md's configuration table and the
// flags of lifeline serve the same: one row per flag, with its variable
// and, where the row gives one as code or "unset", its default.
func TestREADMEListsEveryFlag(t *testing.T) {
	table, err := doctable.Read("../../README.md", "## Configuration")
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		line       int
		env, deflt string
	}
	rows := map[string]row{}
	for _, r := range table {
		if len(r.Cells) != 4 {
			t.Errorf("README.md:%d: a row has four cells: | `--name` | `LIFELINE_NAME` | default | meaning |", r.Line)
			continue
		}
		if r.Cells[0] == "—" {
			continue // a variable read outside the flags, such as LIFELINE_PG_BIN
		}
		flag, env := readmeFlag.FindStringSubmatch(r.Cells[0]), readmeEnv.FindStringSubmatch(r.Cells[1])
		if flag == nil || env == nil {
			t.Errorf("README.md:%d: write one flag and one variable per row, as | `--name` | `LIFELINE_NAME` | default | meaning |, not %s and %s", r.Line, r.Cells[0], r.Cells[1])
			continue
		}
		if _, dup := rows[flag[1]]; dup {
			t.Errorf("README.md:%d: --%s has a second row", r.Line, flag[1])
		}
		rows[flag[1]] = row{line: r.Line, env: env[1], deflt: r.Cells[2]}
	}
	var c app.Config
	known := map[string]bool{}
	for _, s := range settings(&c, &raw{}) {
		known[s.flag] = true
		row, ok := rows[s.flag]
		if !ok {
			def := "unset"
			if s.def != "" {
				def = "`" + s.def + "`"
			}
			t.Errorf("README.md's configuration table has no row for --%s: add | `--%s` | `%s` | %s | %s |", s.flag, s.flag, s.env, def, s.usage)
			continue
		}
		if row.env != s.env {
			t.Errorf("README.md:%d: --%s is read from %s, not %s", row.line, s.flag, s.env, row.env)
		}
		want := s.def
		if s.flag == "mqtt-external-username" {
			want = strings.Replace(want, defaultWorkerID(), "lifeline-ingest-HOSTNAME", 1)
		}
		if m := readmeCode.FindStringSubmatch(row.deflt); m != nil && m[1] != want {
			t.Errorf("README.md:%d: the default of --%s is %q, not %q", row.line, s.flag, want, m[1])
		}
		if row.deflt == "unset" && want != "" {
			t.Errorf("README.md:%d: the default of --%s is %q, not unset", row.line, s.flag, want)
		}
	}
	for flag, row := range rows {
		if !known[flag] {
			t.Errorf("README.md:%d: lifeline serve has no flag --%s: remove the row or add the flag", row.line, flag)
		}
	}
}

package lifeline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTreeCheck runs scripts/check-tree.sh on this repository (it must pass)
// and on small repositories that each track one thing it must refuse.
func TestTreeCheck(t *testing.T) {
	script, err := filepath.Abs("scripts/check-tree.sh")
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(script, ".").CombinedOutput(); err != nil {
		t.Fatalf("this repository fails its own tree check: %v\n%s", err, out)
	}
	elf, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Skip("no ELF binary at hand:", err)
	}
	cases := []struct {
		name, path string
		content    []byte
		complaint  string
	}{
		{"an ELF binary", "lifeline", elf, "ELF binary"},
		{"a Mach-O binary", "tool", append([]byte{0xcf, 0xfa, 0xed, 0xfe}, make([]byte, 64)...), "Mach-O"},
		{"a file under a nested data folder", "cmd/lifeline/data/pg/PG_VERSION", []byte("15\n"), "data/ folder"},
		{"a large file", "fixtures/dump.json", make([]byte, 1100*1024), "over the 1 MB limit"},
	}
	for _, tc := range cases {
		t.Run("refuses "+tc.name, func(t *testing.T) {
			dir := t.TempDir()
			git(t, dir, "init", "-q")
			file := filepath.Join(dir, tc.path)
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, tc.content, 0o644); err != nil {
				t.Fatal(err)
			}
			git(t, dir, "add", "-f", tc.path)
			out, err := exec.Command(script, dir).CombinedOutput()
			if err == nil {
				t.Fatalf("the check passed a repository tracking %s:\n%s", tc.name, out)
			}
			if !strings.Contains(string(out), tc.path) || !strings.Contains(string(out), tc.complaint) {
				t.Errorf("the complaint does not name %s as %q:\n%s", tc.path, tc.complaint, out)
			}
		})
	}
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lifeline/store/storetest"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestContentCommandLoadsGoodFilesAndReportsBadOnes(t *testing.T) {
	url := storetest.NewURL(t)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"articles/sleep.md": "---\ntitle: Sleep\ncategory: Health\npublishedAt: 2026-03-24\n---\nRest.\n",
		"blog/one-day.md":   "---\ntitle: One Day\nexcerpt: x\ncategory: Insights\nauthor: Lifeline Team\n---\nToday.\n",
		"blog/broken.md":    "---\ntitle: Broken\ncategory: Insights\nauthor: Lifeline Team\nwhen: soon\n---\nx\n",
	})
	content := func(args ...string) (string, string, error) {
		var out, errOut strings.Builder
		err := contentCommand(context.Background(), args, envOf(map[string]string{"DATABASE_URL": url}), &out, &errOut)
		return out.String(), errOut.String(), err
	}

	out, errOut, err := content("load", dir)
	if err == nil || !strings.Contains(errOut, "blog/broken.md:5: unknown field \"when\"") || !strings.Contains(errOut, `blog/broken.md:1: "excerpt" is required`) {
		t.Errorf("load with a bad file: err %v, stderr %q", err, errOut)
	}
	if !strings.Contains(out, "articles:   1 new") || !strings.Contains(out, "blog posts: 1 new") {
		t.Errorf("the good files did not load: %q", out)
	}
	if _, _, err := content("load", dir, "--prune"); err == nil || !strings.Contains(err.Error(), "--prune is refused") {
		t.Errorf("prune with problems: %v", err)
	}

	os.Remove(filepath.Join(dir, "blog/broken.md"))
	out, _, err = content("load", dir)
	if err != nil || !strings.Contains(out, "articles:   0 new, 0 updated, 1 unchanged") {
		t.Errorf("second load = %q, %v", out, err)
	}
	if _, _, err := content("check", dir); err != nil {
		t.Errorf("check = %v", err)
	}
	if _, _, err := content("load", filepath.Join(dir, "missing")); err == nil {
		t.Error("loading a missing directory succeeded")
	}
	if out, _, err := content("help"); err != nil || !strings.Contains(out, "lifeline content load DIR") {
		t.Errorf("help = %q, %v", out, err)
	}
}

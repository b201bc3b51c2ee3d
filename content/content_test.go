package content_test

import (
	"os"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"lifeline"
	"lifeline/content"
)

const goodArticle = `---
title: "HALT: A Quick Check"
category: Coping Skills
readTime: 4
author: Lifeline Team
publishedAt: 2026-03-10
image: /content/coping-skills.svg
---
Some tools are *simple*.

## Try this today

- Set a reminder.
`

const goodPost = `---
title: One Day at a Time
excerpt: Shrinking the horizon.
category: Insights
author: Lifeline Team
---
Today is the only day you can act on.
`

const goodStatistic = `---
title: People with a substance use disorder
category: prevalence
year: 2024
value: 48.4 million
description: 16.8% of people aged 12 or older.
source: SAMHSA, 2024 NSDUH
sourceUrl: https://www.samhsa.gov/data/
order: 2
---
Checked against: "In 2024, 48.4 million people ..."
`

func file(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }

func TestLoadGoodFiles(t *testing.T) {
	set, problems, err := content.Load(fstest.MapFS{
		"articles/halt.md":         file(goodArticle),
		"articles/notes.txt":       file("not content"),
		"blog/one-day.md":          file(goodPost),
		"statistics/sud-2024.md":   file(goodStatistic),
		"statistics/.DS_Store":     file("\x00"),
		"README.md":                file("ignored: not in a content folder"),
		"articles/drafts/draft.md": file("subfolders are not read"),
	})
	if err != nil || len(problems) != 0 {
		t.Fatalf("Load = %v, %v", problems, err)
	}
	if len(set.Articles) != 1 || len(set.BlogPosts) != 1 || len(set.Statistics) != 1 {
		t.Fatalf("set = %d articles, %d posts, %d statistics", len(set.Articles), len(set.BlogPosts), len(set.Statistics))
	}
	if !slices.Equal(set.Kinds, []string{lifeline.KindArticles, lifeline.KindBlog, lifeline.KindStatistics}) {
		t.Errorf("kinds = %v", set.Kinds)
	}
	a := set.Articles[0]
	if a.Slug != "halt" || a.Title != "HALT: A Quick Check" || a.Category != "Coping Skills" || a.ReadTime != 4 ||
		a.Author != "Lifeline Team" || a.PublishedAt.String() != "2026-03-10" || a.ImageURL != "/content/coping-skills.svg" {
		t.Errorf("article = %+v", a)
	}
	if !strings.HasPrefix(a.Content, "Some tools are *simple*.") || !strings.Contains(a.ContentHTML, "<em>simple</em>") {
		t.Errorf("content = %q, html = %q", a.Content, a.ContentHTML)
	}
	if a.Excerpt != "Some tools are simple. Try this today Set a reminder." {
		t.Errorf("excerpt = %q", a.Excerpt)
	}
	p := set.BlogPosts[0]
	if p.Slug != "one-day" || p.PublishedAt != nil || p.ReadTime != 1 || p.Excerpt != "Shrinking the horizon." || p.Category != "Insights" {
		t.Errorf("post = %+v", p)
	}
	s := set.Statistics[0]
	if s.Slug != "sud-2024" || s.Category != "prevalence" || s.Year != 2024 || s.Value != "48.4 million" ||
		s.SourceURL != "https://www.samhsa.gov/data/" || s.Order != 2 {
		t.Errorf("statistic = %+v", s)
	}
}

func TestReadTimeIsComputedFromWords(t *testing.T) {
	words := strings.Repeat("word ", 401) // 401 words at 200 a minute: 3 minutes
	src := "---\ntitle: Long\ncategory: Health\npublishedAt: 2026-01-01\n---\n" + words
	set, problems, err := content.Load(fstest.MapFS{"articles/long.md": file(src)})
	if err != nil || len(problems) != 0 {
		t.Fatal(problems, err)
	}
	if got := set.Articles[0].ReadTime; got != 3 {
		t.Errorf("read time = %d, want 3", got)
	}
}

// TestLoadReportsEachProblemWithFileAndLine covers every kind of error; each
// case is one file among good ones, which must still load.
func TestLoadReportsEachProblemWithFileAndLine(t *testing.T) {
	article := func(replace, with string) string { return strings.Replace(goodArticle, replace, with, 1) }
	statistic := func(replace, with string) string { return strings.Replace(goodStatistic, replace, with, 1) }
	tests := []struct {
		name, path, src string
		line            int
		want            string
	}{
		{"no front matter", "articles/plain.md", "# Just Markdown\n", 1, "must start with front matter"},
		{"front matter never closed", "articles/open.md", "---\ntitle: x\n", 1, "never closed"},
		{"not key: value", "articles/bad-line.md", article("author: Lifeline Team", "Lifeline Team"), 5, `write "key: value" lines`},
		{"indented line", "articles/indent.md", article("author:", "  author:"), 5, "not valid YAML"},
		{"list value", "articles/list.md", article("author: Lifeline Team", "author: [a, b]"), 5, "author: lists are not supported"},
		{"dash list", "articles/dash.md", article("author: Lifeline Team", "- a"), 5, "not valid YAML"},
		{"duplicate key", "articles/dup.md", article("readTime: 4", "title: Again"), 4, `"title" appears twice (first on line 2)`},
		{"bad key", "articles/key.md", article("readTime: 4", "read time: 4"), 4, `unknown field "read time"`},
		{"unquoted colon", "articles/colon.md", article(`title: "HALT: A Quick Check"`, `title: HALT: A Quick Check`), 2, `in "double quotes" when it holds ": "`},
		{"map value", "articles/map.md", article("author: Lifeline Team", "author:\n  name: Lifeline Team"), 6, "maps"},
		{"flow map", "articles/flow.md", "---\n{title: x, category: Health}\n---\nBody\n", 2, `"key: value" lines`},
		{"alias", "articles/alias.md", article("author: Lifeline Team", "author: &team Lifeline Team\nby: *team"), 6, "alias"},
		{"line break in a value", "articles/block.md", article("author: Lifeline Team", "author: |\n  Lifeline\n  Team"), 5, "control characters"},
		{"unterminated quote", "articles/quote.md", article(`title: "HALT: A Quick Check"`, `title: "HALT`), 2, "not valid YAML"},
		{"control character", "articles/ctl.md", article(`title: "HALT: A Quick Check"`, `title: "a\u0007b"`), 2, "control characters"},
		{"invalid UTF-8", "articles/utf8.md", article("author: Lifeline Team", "author: \xff"), 5, "not valid UTF-8"},
		{"unknown field", "articles/typo.md", article("readTime: 4", "readtime: 4"), 4, `unknown field "readtime"`},
		{"missing title", "articles/untitled.md", article(`title: "HALT: A Quick Check"`, ""), 1, `"title" is required`},
		{"category label instead of id", "articles/label.md", article("category: Coping Skills", "category: Health & Wellness"), 3, `use "Health"`},
		{"bad read time", "articles/slow.md", article("readTime: 4", "readTime: four"), 4, "whole number from 1 to 600"},
		{"bad date", "articles/date.md", article("publishedAt: 2026-03-10", "publishedAt: 10/03/2026"), 6, "not a date"},
		{"outside image host", "articles/img.md", article("/content/coping-skills.svg", "https://cdn.example/x.png"), 7, "path on this site"},
		{"empty body", "articles/empty.md", "---\ntitle: x\ncategory: Health\npublishedAt: 2026-01-01\n---\n\n", 6, "empty"},
		{"bad file name", "articles/Bad Name.md", goodArticle, 0, "file name"},
		{"statistic category", "statistics/cat.md", statistic("category: prevalence", "category: cost"), 3, "prevalence, trends, impact"},
		{"statistic year", "statistics/year.md", statistic("year: 2024", "year: 24"), 4, "1900 to 2100"},
		{"statistic without source URL", "statistics/nourl.md", statistic("sourceUrl: https://www.samhsa.gov/data/", ""), 1, `"sourceUrl" is required`},
		{"statistic with a javascript: URL", "statistics/js.md", statistic("https://www.samhsa.gov/data/", "javascript:alert(1)"), 8, "not an http(s) URL"},
		{"blog post without author", "blog/anon.md", strings.Replace(goodPost, "author: Lifeline Team\n", "", 1), 1, `"author" is required`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"articles/good.md":        file(goodArticle),
				"blog/good.md":            file(goodPost),
				"statistics/good.md":      file(goodStatistic),
				tt.path:                   file(tt.src),
				"articles/zz-after-it.md": file(goodArticle),
			}
			set, problems, err := content.Load(fsys)
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) != 1 {
				t.Fatalf("problems = %v, want one", problems)
			}
			p := problems[0]
			if p.Path != tt.path || p.Line != tt.line || !strings.Contains(p.Msg, tt.want) {
				t.Errorf("problem = %q (path %q line %d), want %s:%d containing %q", p.Error(), p.Path, p.Line, tt.path, tt.line, tt.want)
			}
			if !strings.HasPrefix(p.Error(), tt.path) {
				t.Errorf("message %q does not name the file", p.Error())
			}
			if len(set.Articles) < 2 || len(set.BlogPosts) < 1 || len(set.Statistics) < 1 {
				t.Errorf("the good files did not all load: %d articles, %d posts, %d statistics", len(set.Articles), len(set.BlogPosts), len(set.Statistics))
			}
		})
	}
}

func TestLoadCollectsSeveralProblemsInOneFile(t *testing.T) {
	src := "---\ntitle: x\ncategory: Nope\npublishedAt: soon\nfoo: bar\n---\nBody\n"
	_, problems, err := content.Load(fstest.MapFS{"articles/many.md": file(src)})
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, p := range problems {
		lines = append(lines, p.Line)
	}
	slices.Sort(lines)
	if !slices.Equal(lines, []int{3, 4, 5}) {
		t.Errorf("problems on lines %v, want 3, 4 and 5: %v", lines, problems)
	}
}

func TestLoadEmptyDirectory(t *testing.T) {
	if _, _, err := content.Load(fstest.MapFS{"other/x.md": file(goodPost)}); err == nil {
		t.Error("a directory without content folders loaded")
	}
	set, problems, err := content.Load(fstest.MapFS{"blog/only.md": file(goodPost)})
	if err != nil || len(problems) != 0 || !slices.Equal(set.Kinds, []string{lifeline.KindBlog}) {
		t.Errorf("blog only = %v %v %v", set.Kinds, problems, err)
	}
}

func TestParseFrontMatterValues(t *testing.T) {
	tests := []struct{ line, want string }{
		{`title: "quoted: with colon"`, "quoted: with colon"},
		{`title: plain, with 2026-01-31 and 4`, "plain, with 2026-01-31 and 4"},
		{`title: "quoted \"x\" \u00e9"`, `quoted "x" é`},
		{`title: 'it''s'`, "it's"},
		{`title:   spaced   `, "spaced"},
		{`title:`, ""},
		{"title: tab\there", "tab\there"},
	}
	for _, tt := range tests {
		doc, err := content.Parse([]byte("\ufeff---\r\n# a comment\r\n\r\n" + tt.line + "\r\n---\r\nbody"))
		if err != nil {
			t.Errorf("%s: %v", tt.line, err)
			continue
		}
		f, _ := doc.Get("title")
		if f.Value != tt.want || f.Line != 4 || doc.Body != "body" || doc.BodyLine != 6 {
			t.Errorf("%s: got %q at line %d, body %q at %d", tt.line, f.Value, f.Line, doc.Body, doc.BodyLine)
		}
	}
}

// TestShippedContent checks the content that ships in the binary: it loads
// without problems, covers what the product promises, and every image it
// names ships with the web app.
func TestShippedContent(t *testing.T) {
	set, problems, err := content.Load(content.Files())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	if len(set.Articles) < 12 || len(set.BlogPosts) < 8 || len(set.Statistics) < 9 {
		t.Errorf("%d articles, %d posts, %d statistics; want at least 12, 8 and 9", len(set.Articles), len(set.BlogPosts), len(set.Statistics))
	}
	perCategory := map[string]int{}
	for _, a := range set.Articles {
		perCategory[a.Category]++
		words := content.WordCount(a.Content)
		if words < 400 || words > 900 {
			t.Errorf("%s: %d words, want 400 to 900", a.Slug, words)
		}
		if !strings.Contains(a.Content, "## Try this today") {
			t.Errorf("%s has no \"Try this today\" step", a.Slug)
		}
		if a.Author == "" {
			t.Errorf("%s has no author", a.Slug)
		}
	}
	for _, c := range lifeline.ArticleCategories {
		if perCategory[c] < 2 {
			t.Errorf("category %s has %d articles, want at least 2", c, perCategory[c])
		}
	}
	for _, p := range set.BlogPosts {
		if p.PublishedAt == nil {
			t.Errorf("post %s has no date", p.Slug)
		}
	}
	statCategories := map[string]int{}
	for _, s := range set.Statistics {
		statCategories[s.Category]++
	}
	for _, c := range lifeline.StatisticCategories {
		if statCategories[c] < 3 {
			t.Errorf("statistics category %s has %d, want at least 3", c, statCategories[c])
		}
	}
	images := map[string]bool{}
	for _, a := range set.Articles {
		images[a.ImageURL] = true
	}
	for _, p := range set.BlogPosts {
		images[p.ImageURL] = true
	}
	for img := range images {
		if img == "" {
			continue
		}
		if _, err := os.Stat(path.Join("../webapp/public", img)); err != nil {
			t.Errorf("image %s does not ship with the web app: %v", img, err)
		}
	}
}

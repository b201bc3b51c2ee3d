package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"lifeline/content"
)

type article struct {
	ID          int64
	Slug        string
	Title       string
	Category    string
	ReadTime    int
	ImageURL    string
	Author      string
	PublishedAt string
	Excerpt     string
	Content     string
	ContentHTML *string
}

type blogPost struct {
	ID          int64
	Slug        string
	Title       string
	Excerpt     string
	Category    string
	Author      string
	PublishedAt *string
	ReadTime    int
	ContentHTML *string
}

type statistic struct {
	ID          int64
	Title       string
	Category    string
	Year        int
	Value       string
	Description string
	Source      string
	SourceURL   string
}

// publish loads fsys (or the shipped content) into the app's database.
func publish(t *testing.T, app *testApp, fsys fstest.MapFS) {
	t.Helper()
	src := content.Files()
	if fsys != nil {
		src = fsys
	}
	set, problems, err := content.Load(src)
	if err != nil || len(problems) > 0 {
		t.Fatalf("content.Load = %v, %v", problems, err)
	}
	if _, err := app.db.LoadContent(context.Background(), set, false); err != nil {
		t.Fatal(err)
	}
}

func TestArticles(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Reader")
	if resp := c.do("GET", "/api/articles", nil); resp.status != http.StatusOK || strings.TrimSpace(string(resp.body)) != "[]" {
		t.Errorf("no articles = %d %s, want []", resp.status, resp.body)
	}
	publish(t, app, nil)

	var list []article
	c.do("GET", "/api/articles", nil).json(t, &list)
	if len(list) < 12 {
		t.Fatalf("%d articles, want the 12 or more that ship", len(list))
	}
	for _, a := range list {
		if a.ID == 0 || a.Title == "" || a.Content == "" || a.ReadTime < 1 || a.Category == "" || a.ContentHTML != nil ||
			len([]rune(a.Excerpt)) > 150 || !strings.HasPrefix(a.ImageURL, "/content/") {
			t.Errorf("list item = %+v", a)
		}
	}

	var health []article
	c.do("GET", "/api/articles?category=Health", nil).json(t, &health)
	if len(health) < 2 {
		t.Errorf("%d Health articles", len(health))
	}
	for _, a := range health {
		if a.Category != "Health" {
			t.Errorf("?category=Health answered a %s article", a.Category)
		}
	}
	if resp := c.do("GET", "/api/articles?category="+urlQueryEscape("Health & Wellness"), nil); resp.status != http.StatusBadRequest {
		t.Errorf("a category label = %d, want 400 (the id is Health)", resp.status)
	}

	for _, ref := range []string{fmt.Sprint(list[0].ID), list[0].Slug} {
		var a article
		resp := c.do("GET", "/api/articles/"+ref, nil)
		resp.json(t, &a)
		if resp.status != http.StatusOK || a.ID != list[0].ID || a.ContentHTML == nil || !strings.Contains(*a.ContentHTML, "<h2>Try this today</h2>") {
			t.Errorf("GET /api/articles/%s = %d %+v", ref, resp.status, a)
		}
	}
	for _, ref := range []string{"999999", "no-such-article"} {
		if resp := c.do("GET", "/api/articles/"+ref, nil); resp.status != http.StatusNotFound {
			t.Errorf("GET /api/articles/%s = %d", ref, resp.status)
		}
	}
}

func TestContentIsServedEscaped(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Reader")
	publish(t, app, fstest.MapFS{
		"articles/hostile.md": {Data: []byte("---\ntitle: <b>Hi</b>\ncategory: Education\npublishedAt: 2026-01-01\n---\n" +
			"<script>alert(1)</script>\n\n[click](javascript:alert`1`) <img src=x onerror=alert(1)>\n")},
		"blog/hostile.md": {Data: []byte("---\ntitle: Post\nexcerpt: x\ncategory: News\nauthor: Team\n---\n<iframe src=/evil></iframe>\n")},
	})
	var a article
	c.do("GET", "/api/articles/hostile", nil).json(t, &a)
	want := "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>click &lt;img src=x onerror=alert(1)&gt;</p>\n"
	if a.ContentHTML == nil || *a.ContentHTML != want || a.Title != "<b>Hi</b>" {
		t.Errorf("contentHtml = %q, want %q (title %q is data, escaped by the page)", deref(a.ContentHTML), want, a.Title)
	}
	var p blogPost
	c.do("GET", "/api/blog/hostile", nil).json(t, &p)
	if p.ContentHTML == nil || *p.ContentHTML != "<p>&lt;iframe src=/evil&gt;&lt;/iframe&gt;</p>\n" {
		t.Errorf("blog contentHtml = %q", deref(p.ContentHTML))
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func TestBlog(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Reader")
	publish(t, app, nil)
	var list []blogPost
	c.do("GET", "/api/blog", nil).json(t, &list)
	if len(list) < 8 {
		t.Fatalf("%d posts, want the 8 or more that ship", len(list))
	}
	for i, p := range list {
		if p.Title == "" || p.Excerpt == "" || p.Author == "" || p.Category == "" || p.PublishedAt == nil || p.ReadTime < 1 || p.ContentHTML != nil {
			t.Errorf("post = %+v", p)
		}
		if i > 0 && *list[i-1].PublishedAt < *p.PublishedAt {
			t.Errorf("posts not newest first: %s before %s", *list[i-1].PublishedAt, *p.PublishedAt)
		}
	}
	var one blogPost
	resp := c.do("GET", fmt.Sprintf("/api/blog/%d", list[0].ID), nil)
	resp.json(t, &one)
	if resp.status != http.StatusOK || one.Slug != list[0].Slug || one.ContentHTML == nil || !strings.HasPrefix(*one.ContentHTML, "<p>") {
		t.Errorf("GET /api/blog/{id} = %d %+v", resp.status, one)
	}
	if resp := c.do("GET", "/api/blog/missing", nil); resp.status != http.StatusNotFound {
		t.Errorf("missing post = %d", resp.status)
	}
}

func TestStatistics(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Reader")
	publish(t, app, nil)
	var list []statistic
	c.do("GET", "/api/statistics", nil).json(t, &list)
	if len(list) < 9 {
		t.Fatalf("%d statistics, want the 9 or more that ship", len(list))
	}
	order := map[string]int{"prevalence": 0, "trends": 1, "impact": 2}
	for i, s := range list {
		if s.Title == "" || s.Value == "" || s.Description == "" || s.Source == "" || s.Year < 2000 ||
			!strings.HasPrefix(s.SourceURL, "https://") {
			t.Errorf("statistic = %+v", s)
		}
		if _, ok := order[s.Category]; !ok {
			t.Errorf("category %q", s.Category)
		}
		if i > 0 && order[list[i-1].Category] > order[s.Category] {
			t.Errorf("statistics not grouped prevalence, trends, impact: %s after %s", s.Category, list[i-1].Category)
		}
	}
}

func TestContentNeedsSignIn(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	signedOut := app.newClient()
	for _, p := range []string{"/api/articles", "/api/articles/1", "/api/blog", "/api/blog/1", "/api/statistics"} {
		if resp := signedOut.do("GET", p, nil); resp.status != http.StatusUnauthorized {
			t.Errorf("signed out GET %s = %d", p, resp.status)
		}
	}
}

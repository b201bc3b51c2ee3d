package store_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"lifeline"
	"lifeline/content"
	"lifeline/store/storetest"
)

const (
	articleFile = "---\ntitle: Sleep\ncategory: Health\npublishedAt: 2026-03-24\nimage: /content/health.svg\n---\nSleep is **hard** at first.\n"
	postFile    = "---\ntitle: One Day\nexcerpt: Small steps.\ncategory: Insights\nauthor: Lifeline Team\n---\nToday counts.\n"
	statFile    = "---\ntitle: SUD\ncategory: prevalence\nyear: 2024\nvalue: 48.4 million\ndescription: x\nsource: NSDUH 2024\nsourceUrl: https://example.org/nsduh\n---\n"
)

func mustLoad(t *testing.T, fsys fstest.MapFS) lifeline.ContentSet {
	t.Helper()
	set, problems, err := content.Load(fsys)
	if err != nil || len(problems) > 0 {
		t.Fatalf("content.Load = %v, %v", problems, err)
	}
	return set
}

func TestLoadContentUpsertsBySlug(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	files := fstest.MapFS{
		"articles/sleep.md":   {Data: []byte(articleFile)},
		"blog/one-day.md":     {Data: []byte(postFile)},
		"statistics/sud.md":   {Data: []byte(statFile)},
		"articles/halt.md":    {Data: []byte(strings.Replace(articleFile, "title: Sleep", "title: HALT", 1))},
		"statistics/other.md": {Data: []byte(strings.Replace(statFile, "category: prevalence", "category: impact", 1))},
	}
	report, err := db.LoadContent(ctx, mustLoad(t, files), false)
	if err != nil {
		t.Fatal(err)
	}
	want := lifeline.LoadReport{Articles: lifeline.LoadCounts{Inserted: 2}, BlogPosts: lifeline.LoadCounts{Inserted: 1}, Statistics: lifeline.LoadCounts{Inserted: 2}}
	if report != want {
		t.Errorf("first load = %+v, want %+v", report, want)
	}
	sleep, err := db.FindArticle(ctx, "sleep")
	if err != nil {
		t.Fatal(err)
	}
	if sleep.Title != "Sleep" || sleep.ContentHTML != "<p>Sleep is <strong>hard</strong> at first.</p>\n" || sleep.Excerpt != "Sleep is hard at first." ||
		sleep.PublishedAt.String() != "2026-03-24" || sleep.ImageURL != "/content/health.svg" || sleep.ReadTime != 1 {
		t.Errorf("article = %+v", sleep)
	}
	byID, err := db.FindArticle(ctx, strconv.FormatInt(sleep.ID, 10))
	if err != nil || byID.Slug != "sleep" {
		t.Errorf("by id = %+v, %v", byID, err)
	}

	t.Run("loading the same files again changes nothing", func(t *testing.T) {
		report, err := db.LoadContent(ctx, mustLoad(t, files), false)
		want := lifeline.LoadReport{Articles: lifeline.LoadCounts{Unchanged: 2}, BlogPosts: lifeline.LoadCounts{Unchanged: 1}, Statistics: lifeline.LoadCounts{Unchanged: 2}}
		if err != nil || report != want {
			t.Errorf("second load = %+v, %v; want %+v", report, err, want)
		}
		again, _ := db.FindArticle(ctx, "sleep")
		if !again.UpdatedAt.Equal(sleep.UpdatedAt) || again.ID != sleep.ID {
			t.Errorf("the unchanged article was rewritten: %v -> %v", sleep.UpdatedAt, again.UpdatedAt)
		}
	})

	t.Run("a changed file updates its row and keeps its id", func(t *testing.T) {
		changed := fstest.MapFS{"articles/sleep.md": {Data: []byte(strings.Replace(articleFile, "**hard**", "*tricky*", 1))}}
		report, err := db.LoadContent(ctx, mustLoad(t, changed), false)
		if err != nil || report.Articles != (lifeline.LoadCounts{Updated: 1}) {
			t.Errorf("load = %+v, %v", report, err)
		}
		a, _ := db.FindArticle(ctx, "sleep")
		if a.ID != sleep.ID || !strings.Contains(a.ContentHTML, "<em>tricky</em>") || !a.UpdatedAt.After(sleep.UpdatedAt) {
			t.Errorf("updated article = %+v", a)
		}
		if list, _ := db.FindArticles(ctx, ""); len(list) != 2 {
			t.Errorf("a partial load removed articles: %d left", len(list))
		}
	})

	t.Run("prune removes items whose file is gone, only in the folders loaded", func(t *testing.T) {
		only := fstest.MapFS{"statistics/sud.md": {Data: []byte(statFile)}}
		report, err := db.LoadContent(ctx, mustLoad(t, only), true)
		if err != nil || report.Statistics != (lifeline.LoadCounts{Unchanged: 1, Removed: 1}) || report.Articles.Removed != 0 {
			t.Errorf("prune = %+v, %v", report, err)
		}
		stats, _ := db.FindStatistics(ctx)
		articles, _ := db.FindArticles(ctx, "")
		if len(stats) != 1 || stats[0].Slug != "sud" || len(articles) != 2 {
			t.Errorf("after prune: %d statistics, %d articles", len(stats), len(articles))
		}
	})
}

func TestContentQueries(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	dated := strings.Replace(postFile, "author:", "publishedAt: 2026-05-01\nauthor:", 1)
	stat := func(cat, order, title string) []byte {
		s := strings.Replace(statFile, "category: prevalence", "category: "+cat, 1)
		return []byte(strings.Replace(strings.Replace(s, "title: SUD", "title: "+title, 1), "---\n", "---\norder: "+order+"\n", 1))
	}
	set := mustLoad(t, fstest.MapFS{
		"articles/old.md":     {Data: []byte(strings.Replace(articleFile, "2026-03-24", "2025-01-01", 1))},
		"articles/new.md":     {Data: []byte(articleFile)},
		"articles/coping.md":  {Data: []byte(strings.Replace(articleFile, "category: Health", "category: Coping Skills", 1))},
		"blog/undated.md":     {Data: []byte(postFile)},
		"blog/dated.md":       {Data: []byte(dated)},
		"statistics/i1.md":    {Data: stat("impact", "1", "I1")},
		"statistics/t2.md":    {Data: stat("trends", "2", "T2")},
		"statistics/t1.md":    {Data: stat("trends", "1", "T1")},
		"statistics/p9.md":    {Data: stat("prevalence", "9", "P9")},
		"statistics/p-1.md":   {Data: stat("prevalence", "-1", "P-1")},
		"statistics/ignored":  {Data: []byte("x")},
		"articles/README.txt": {Data: []byte("x")},
	})
	if _, err := db.LoadContent(ctx, set, false); err != nil {
		t.Fatal(err)
	}
	health, _ := db.FindArticles(ctx, "Health")
	if len(health) != 2 || health[0].Slug != "new" || health[1].Slug != "old" || health[0].ContentHTML != "" {
		t.Errorf("Health articles = %v", slugsOf(health))
	}
	posts, _ := db.FindBlogPosts(ctx)
	if len(posts) != 2 || posts[0].Slug != "dated" || posts[0].PublishedAt.String() != "2026-05-01" || posts[1].PublishedAt != nil {
		t.Errorf("posts = %+v", posts)
	}
	stats, _ := db.FindStatistics(ctx)
	var titles []string
	for _, s := range stats {
		titles = append(titles, s.Title)
	}
	if want := []string{"P-1", "P9", "T1", "T2", "I1"}; !equal(titles, want) {
		t.Errorf("statistics order = %v, want %v", titles, want)
	}
	if _, err := db.FindBlogPost(ctx, "nope"); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("unknown post = %v", err)
	}
	if _, err := db.FindArticle(ctx, "999999"); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("unknown article = %v", err)
	}
}

func slugsOf(list []*lifeline.Article) []string {
	var s []string
	for _, a := range list {
		s = append(s, a.Slug)
	}
	return s
}

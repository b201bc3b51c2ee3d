package app

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"lifeline/migrations"
	"lifeline/store"
	"lifeline/store/storetest"
)

func TestLoadContentAtStartPublishesTheBuiltInContent(t *testing.T) {
	db, err := store.Open(context.Background(), storetest.NewURL(t), migrations.FS, store.TimescaleAuto)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	for range 2 { // a restart loads the same content again: no change
		if err := loadContentAtStart(context.Background(), db, "", logger); err != nil {
			t.Fatal(err)
		}
	}
	articles, _ := db.FindArticles(context.Background(), "")
	posts, _ := db.FindBlogPosts(context.Background())
	stats, _ := db.FindStatistics(context.Background())
	if len(articles) < 12 || len(posts) < 8 || len(stats) < 9 {
		t.Errorf("published %d articles, %d posts, %d statistics", len(articles), len(posts), len(stats))
	}
}

package app

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"os"

	"lifeline"
	"lifeline/content"
)

// loadContentAtStart publishes dir (a path; "" means the content built into
// the binary) when the server starts. A file with problems is logged and
// skipped; only a database failure is an error.
func loadContentAtStart(ctx context.Context, loader lifeline.ContentLoader, dir string, logger *slog.Logger) error {
	var fsys fs.FS = content.Files()
	source := "built-in content"
	if dir != "" {
		fsys, source = os.DirFS(dir), dir
	}
	set, problems, err := content.Load(fsys)
	if err != nil {
		logger.Warn("content not loaded", "source", source, "err", err)
		return nil
	}
	for _, p := range problems {
		logger.Warn("content file skipped", "source", source, "problem", p.Error())
	}
	report, err := loader.LoadContent(ctx, set, false)
	if err != nil {
		return fmt.Errorf("load content from %s: %w", source, err)
	}
	logger.Info("content loaded", "source", source,
		"articles", fmt.Sprintf("%d new, %d updated", report.Articles.Inserted, report.Articles.Updated),
		"blogPosts", fmt.Sprintf("%d new, %d updated", report.BlogPosts.Inserted, report.BlogPosts.Updated),
		"statistics", fmt.Sprintf("%d new, %d updated", report.Statistics.Inserted, report.Statistics.Updated))
	return nil
}

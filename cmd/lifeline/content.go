package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"lifeline"
	"lifeline/content"
)

const contentUsage = `Usage:
  lifeline content load DIR [--prune]   publish the content in DIR
  lifeline content check DIR            check DIR's files without publishing

DIR holds up to three folders: articles/, blog/ and statistics/, each of
Markdown files with front matter (see the content package's documentation,
or the files that ship in the repository's content/ folder). Loading is an
upsert by slug (the file name): new files are added, changed ones updated,
identical ones left alone, so loading twice changes nothing. A file with
problems is reported with its line and left out; the others still load, and
the command then exits with an error. --prune also removes published items
of the folders in DIR that have no file any more (refused while any file has
problems, so a typo never unpublishes anything).

load takes --data-dir and --database-url (or DATABASE_URL), like serve, and
works beside a running lifeline serve.
`

// contentCommand publishes and checks content files for operators.
func contentCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, contentUsage)
		return nil
	}
	sub, args := args[0], args[1:]
	fs := flag.NewFlagSet("content "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataDir := fs.String("data-dir", envOr(getenv, "LIFELINE_DATA_DIR", "./data"), "data folder of the private cluster")
	dbURL := fs.String("database-url", getenv("DATABASE_URL"), "PostgreSQL URL; unset: the private cluster")
	prune := fs.Bool("prune", false, "remove published items whose file is gone (load)")
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if sub != "load" && sub != "check" {
		fmt.Fprint(stderr, contentUsage)
		return fmt.Errorf("unknown content command %q", sub)
	}
	if len(positional) != 1 {
		return fmt.Errorf("%s takes one directory (see lifeline content help)", sub)
	}
	dir := positional[0]
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	set, problems, err := content.Load(os.DirFS(dir))
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	for _, p := range problems {
		fmt.Fprintln(stderr, p)
	}
	fmt.Fprintf(stdout, "%s: %d article(s), %d blog post(s), %d statistic(s) ready; %d problem(s)\n",
		dir, len(set.Articles), len(set.BlogPosts), len(set.Statistics), len(problems))
	if sub == "check" {
		return problemsError(problems)
	}
	if *prune && len(problems) > 0 {
		return errors.New("--prune is refused while files have problems: fix them first (nothing was loaded)")
	}
	db, closeDB, err := openForCommand(ctx, *dataDir, *dbURL)
	if err != nil {
		return err
	}
	defer closeDB()
	report, err := db.LoadContent(ctx, set, *prune)
	if err != nil {
		return errors.New(lifeline.ErrorMessage(err))
	}
	printLoadReport(stdout, report)
	return problemsError(problems)
}

func problemsError(problems []*content.FileError) error {
	if len(problems) > 0 {
		return fmt.Errorf("%d problem(s) in the content files (listed above); those files were left out", len(problems))
	}
	return nil
}

func printLoadReport(w io.Writer, r lifeline.LoadReport) {
	for _, row := range []struct {
		name string
		c    lifeline.LoadCounts
	}{{"articles", r.Articles}, {"blog posts", r.BlogPosts}, {"statistics", r.Statistics}} {
		fmt.Fprintf(w, "%-11s %d new, %d updated, %d unchanged, %d removed\n", row.name+":", row.c.Inserted, row.c.Updated, row.c.Unchanged, row.c.Removed)
	}
}

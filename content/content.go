// Package content reads Lifeline's published content (Learn & Grow
// articles, blog posts and statistics) from a directory of Markdown files
// with front matter, and renders Markdown to safe HTML (CommonMark through
// github.com/yuin/goldmark; see HTML for what the HTML may hold).
//
// A content directory has up to three folders, each optional:
//
//	articles/<slug>.md    front matter: title, category, publishedAt, and
//	                      optionally readTime, author, image
//	blog/<slug>.md        title, excerpt, category, author, and optionally
//	                      publishedAt, readTime, image
//	statistics/<slug>.md  title, category, year, value, description, source,
//	                      sourceUrl, and optionally order
//
// The slug is the file name without .md: lower-case letters and digits in
// words joined by single hyphens. Articles and posts have a Markdown body;
// a statistic's body is free notes for operators (for example the passage
// of the source the figure was checked against) and is not published.
// Files not ending in .md are ignored.
package content

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"lifeline"
)

// MaxFileSize bounds one content file.
const MaxFileSize = 1 << 20

// WordsPerMinute is the reading speed a computed read time assumes.
const WordsPerMinute = 200

// FileError is a problem with one content file: Path is relative to the
// content directory, Line is 0 when the problem is the file as a whole.
type FileError struct {
	Path string
	Line int
	Msg  string
}

func (e *FileError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.Path, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
}

// Load reads every content file of fsys. A file with problems is left out
// and reported (each problem with its file and line); the others load. The
// error is for a directory with none of the three folders, or one that
// cannot be read.
func Load(fsys fs.FS) (lifeline.ContentSet, []*FileError, error) {
	var set lifeline.ContentSet
	var problems []*FileError
	for _, kind := range []string{lifeline.KindArticles, lifeline.KindBlog, lifeline.KindStatistics} {
		entries, err := fs.ReadDir(fsys, kind)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return lifeline.ContentSet{}, nil, fmt.Errorf("content: read %s: %w", kind, err)
		}
		set.Kinds = append(set.Kinds, kind)
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			name := path.Join(kind, e.Name())
			errs := loadFile(fsys, kind, name, &set)
			problems = append(problems, errs...)
		}
	}
	if len(set.Kinds) == 0 {
		return set, nil, fmt.Errorf("content: no %s/, %s/ or %s/ folder found", lifeline.KindArticles, lifeline.KindBlog, lifeline.KindStatistics)
	}
	return set, problems, nil
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func loadFile(fsys fs.FS, kind, name string, set *lifeline.ContentSet) []*FileError {
	fail := func(line int, format string, args ...any) []*FileError {
		return []*FileError{{Path: name, Line: line, Msg: fmt.Sprintf(format, args...)}}
	}
	slug := strings.TrimSuffix(path.Base(name), ".md")
	if !slugPattern.MatchString(slug) || len(slug) > 120 {
		return fail(0, "the file name must be lower-case words of letters and digits joined by hyphens, like sleep-in-early-recovery.md (at most 120 characters)")
	}
	if info, err := fs.Stat(fsys, name); err == nil && info.Size() > MaxFileSize {
		return fail(0, "the file is larger than %d bytes", MaxFileSize)
	}
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fail(0, "cannot read: %v", err)
	}
	doc, err := Parse(src)
	if err != nil {
		var le *LineError
		errors.As(err, &le)
		return fail(le.Line, "%s", le.Msg)
	}
	v := &validator{doc: doc, path: name}
	switch kind {
	case lifeline.KindArticles:
		if a := v.article(slug); a != nil {
			set.Articles = append(set.Articles, a)
		}
	case lifeline.KindBlog:
		if p := v.blogPost(slug); p != nil {
			set.BlogPosts = append(set.BlogPosts, p)
		}
	case lifeline.KindStatistics:
		if s := v.statistic(slug); s != nil {
			set.Statistics = append(set.Statistics, s)
		}
	}
	return v.problems
}

// validator checks one document's fields against its kind, collecting
// every problem with its line.
type validator struct {
	doc      *Document
	path     string
	problems []*FileError
}

func (v *validator) fail(line int, format string, args ...any) {
	v.problems = append(v.problems, &FileError{Path: v.path, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// known reports fields that are not in keys.
func (v *validator) known(kind string, keys ...string) {
	for _, f := range v.doc.Fields {
		if !slices.Contains(keys, f.Key) {
			v.fail(f.Line, "unknown field %q (%s take: %s)", f.Key, kind, strings.Join(keys, ", "))
		}
	}
}

// text returns a field's value, checking presence and length.
func (v *validator) text(key string, required bool, max int) (string, int) {
	f, ok := v.doc.Get(key)
	if !ok || f.Value == "" {
		if required {
			v.fail(1, "%q is required", key)
		}
		return "", f.Line
	}
	if utf8.RuneCountInString(f.Value) > max {
		v.fail(f.Line, "%s: at most %d characters", key, max)
	}
	return f.Value, f.Line
}

func (v *validator) oneOf(key string, choices []string, hint map[string]string) string {
	s, line := v.text(key, true, 200)
	if s != "" && !slices.Contains(choices, s) {
		msg := fmt.Sprintf("%s: %q is not one of: %s", key, s, strings.Join(choices, ", "))
		if h, ok := hint[s]; ok {
			msg += "; use " + strconv.Quote(h)
		}
		v.fail(line, "%s", msg)
		return ""
	}
	return s
}

func (v *validator) integer(key string, required bool, min, max int) (int, bool) {
	s, line := v.text(key, required, 20)
	if s == "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < min || n > max {
		v.fail(line, "%s: %q is not a whole number from %d to %d", key, s, min, max)
		return 0, false
	}
	return n, true
}

func (v *validator) date(key string, required bool) *lifeline.Date {
	s, line := v.text(key, required, 20)
	if s == "" {
		return nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || t.Year() < 1900 || t.Year() > 2100 {
		v.fail(line, "%s: %q is not a date like 2026-01-31", key, s)
		return nil
	}
	return &lifeline.Date{Time: t}
}

// image checks a path of an image that ships with the web app.
func (v *validator) image() string {
	s, line := v.text("image", false, 300)
	if s == "" {
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") || u.Scheme != "" || u.Host != "" ||
		strings.ContainsAny(s, "\\\"'<> \t") || strings.Contains(s, "..") {
		v.fail(line, "image: %q must be a path on this site, like /content/sleep.svg (no outside image hosts)", s)
		return ""
	}
	return s
}

func (v *validator) body(required bool) string {
	b := strings.TrimSpace(v.doc.Body)
	if required && b == "" {
		v.fail(v.doc.BodyLine, "the content after the front matter is empty")
	}
	return b
}

// readTime is the readTime field, or the words of body at WordsPerMinute.
func (v *validator) readTime(body string) int {
	if n, ok := v.integer("readTime", false, 1, 600); ok {
		return n
	}
	return max(1, int(math.Ceil(float64(WordCount(body))/WordsPerMinute)))
}

var categoryHints = map[string]string{"Health & Wellness": "Health", "Health and Wellness": "Health"}

func (v *validator) article(slug string) *lifeline.Article {
	v.known("articles", "title", "category", "readTime", "author", "publishedAt", "image")
	title, _ := v.text("title", true, 200)
	category := v.oneOf("category", lifeline.ArticleCategories, categoryHints)
	author, _ := v.text("author", false, 120)
	published := v.date("publishedAt", true)
	image := v.image()
	body := v.body(true)
	readTime := v.readTime(body)
	if len(v.problems) > 0 {
		return nil
	}
	return &lifeline.Article{
		Slug: slug, Title: title, Category: category, ReadTime: readTime, ImageURL: image, Author: author,
		PublishedAt: *published, Excerpt: Excerpt(body, lifeline.ExcerptLength), Content: body, ContentHTML: HTML(body),
	}
}

func (v *validator) blogPost(slug string) *lifeline.BlogPost {
	v.known("blog posts", "title", "excerpt", "category", "author", "publishedAt", "readTime", "image")
	title, _ := v.text("title", true, 200)
	excerpt, _ := v.text("excerpt", true, 500)
	category, _ := v.text("category", true, 60)
	author, _ := v.text("author", true, 120)
	published := v.date("publishedAt", false)
	image := v.image()
	body := v.body(true)
	readTime := v.readTime(body)
	if len(v.problems) > 0 {
		return nil
	}
	return &lifeline.BlogPost{
		Slug: slug, Title: title, Excerpt: excerpt, Category: category, Author: author, PublishedAt: published,
		ReadTime: readTime, ImageURL: image, Content: body, ContentHTML: HTML(body),
	}
}

func (v *validator) statistic(slug string) *lifeline.Statistic {
	v.known("statistics", "title", "category", "year", "value", "description", "source", "sourceUrl", "order")
	title, _ := v.text("title", true, 200)
	category := v.oneOf("category", lifeline.StatisticCategories, nil)
	year, _ := v.integer("year", true, 1900, 2100)
	value, _ := v.text("value", true, 60)
	description, _ := v.text("description", true, 1000)
	source, _ := v.text("source", true, 500)
	sourceURL, line := v.text("sourceUrl", true, 2000)
	if sourceURL != "" {
		if u, err := url.Parse(sourceURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			v.fail(line, "sourceUrl: %q is not an http(s) URL", sourceURL)
		}
	}
	order, _ := v.integer("order", false, -1000000, 1000000)
	v.body(false)
	if len(v.problems) > 0 {
		return nil
	}
	return &lifeline.Statistic{
		Slug: slug, Title: title, Category: category, Year: year, Value: value, Description: description,
		Source: source, SourceURL: sourceURL, Order: order,
	}
}

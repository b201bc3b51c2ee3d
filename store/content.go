package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var (
	_ lifeline.ContentService = (*DB)(nil)
	_ lifeline.ContentLoader  = (*DB)(nil)
)

// Publication dates are calendar dates, stored as midnight UTC.
func dateTime(d lifeline.Date) time.Time { return d.Time }

func dateOf(t time.Time) lifeline.Date { return lifeline.DateOf(t, time.UTC) }

// refWhere turns an id-or-slug reference into a WHERE clause and argument.
func refWhere(ref string) (string, any) {
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		return "id = $1", id
	}
	return "slug = $1", ref
}

const articleColumns = `id, slug, title, category, read_time_minutes, coalesce(image_url, ''), coalesce(author, ''),
	published_at, excerpt, content, updated_at`

func scanArticle(row pgx.Row, html *string) (*lifeline.Article, error) {
	var a lifeline.Article
	var published time.Time
	dst := []any{&a.ID, &a.Slug, &a.Title, &a.Category, &a.ReadTime, &a.ImageURL, &a.Author,
		&published, &a.Excerpt, &a.Content, &a.UpdatedAt}
	if html != nil {
		dst = append(dst, html)
	}
	err := row.Scan(dst...)
	a.PublishedAt = dateOf(published)
	return &a, err
}

func (db *DB) FindArticles(ctx context.Context, category string) ([]*lifeline.Article, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+articleColumns+` FROM articles
		WHERE ($1 = '' OR category = $1)
		ORDER BY published_at DESC, id DESC`, category)
	if err != nil {
		return nil, fmt.Errorf("store: find articles: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.Article, error) { return scanArticle(row, nil) })
	if err != nil {
		return nil, fmt.Errorf("store: find articles: %w", err)
	}
	return list, nil
}

func (db *DB) FindArticle(ctx context.Context, ref string) (*lifeline.Article, error) {
	where, arg := refWhere(ref)
	var html string
	a, err := scanArticle(db.Pool.QueryRow(ctx, `SELECT `+articleColumns+`, content_html FROM articles WHERE `+where, arg), &html)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Article not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: find article %q: %w", ref, err)
	}
	a.ContentHTML = html
	return a, nil
}

const blogPostColumns = `id, slug, title, excerpt, category, author, published_at, read_time_minutes,
	coalesce(image_url, ''), content, updated_at`

func scanBlogPost(row pgx.Row, html *string) (*lifeline.BlogPost, error) {
	var p lifeline.BlogPost
	var published *time.Time
	dst := []any{&p.ID, &p.Slug, &p.Title, &p.Excerpt, &p.Category, &p.Author, &published, &p.ReadTime,
		&p.ImageURL, &p.Content, &p.UpdatedAt}
	if html != nil {
		dst = append(dst, html)
	}
	err := row.Scan(dst...)
	if published != nil {
		d := dateOf(*published)
		p.PublishedAt = &d
	}
	return &p, err
}

func (db *DB) FindBlogPosts(ctx context.Context) ([]*lifeline.BlogPost, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+blogPostColumns+` FROM blog_posts
		ORDER BY published_at DESC NULLS LAST, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: find blog posts: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.BlogPost, error) { return scanBlogPost(row, nil) })
	if err != nil {
		return nil, fmt.Errorf("store: find blog posts: %w", err)
	}
	return list, nil
}

func (db *DB) FindBlogPost(ctx context.Context, ref string) (*lifeline.BlogPost, error) {
	where, arg := refWhere(ref)
	var html string
	p, err := scanBlogPost(db.Pool.QueryRow(ctx, `SELECT `+blogPostColumns+`, content_html FROM blog_posts WHERE `+where, arg), &html)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Blog post not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: find blog post %q: %w", ref, err)
	}
	p.ContentHTML = html
	return p, nil
}

func (db *DB) FindStatistics(ctx context.Context) ([]*lifeline.Statistic, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT id, slug, title, category, year, value, description, source, coalesce(source_url, ''), sort_order
		FROM statistics
		ORDER BY array_position($1::text[], category), sort_order, title, id`, lifeline.StatisticCategories)
	if err != nil {
		return nil, fmt.Errorf("store: find statistics: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.Statistic, error) {
		var s lifeline.Statistic
		var year int16
		err := row.Scan(&s.ID, &s.Slug, &s.Title, &s.Category, &year, &s.Value, &s.Description, &s.Source, &s.SourceURL, &s.Order)
		s.Year = int(year)
		return &s, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: find statistics: %w", err)
	}
	return list, nil
}

// LoadContent writes each kind of content in slug order, so two nodes
// loading the same content at start lock rows in the same order and never
// deadlock. With prune, it removes the items of each kind set.Kinds names
// whose slug the set no longer has.
func (db *DB) LoadContent(ctx context.Context, set lifeline.ContentSet, prune bool) (lifeline.LoadReport, error) {
	var report lifeline.LoadReport
	pruning := func(kind string) bool { return prune && slices.Contains(set.Kinds, kind) }
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		if err := loadKind(ctx, tx, articleKind, set.Articles, pruning(lifeline.KindArticles), &report.Articles); err != nil {
			return err
		}
		if err := loadKind(ctx, tx, blogPostKind, set.BlogPosts, pruning(lifeline.KindBlog), &report.BlogPosts); err != nil {
			return err
		}
		return loadKind(ctx, tx, statisticKind, set.Statistics, pruning(lifeline.KindStatistics), &report.Statistics)
	})
	if err != nil {
		return lifeline.LoadReport{}, err
	}
	return report, nil
}

// contentKind is how LoadContent writes one kind of content: its upsert
// (INSERT … ON CONFLICT (slug) DO UPDATE … WHERE something changed
// RETURNING xmax = 0, so no row back means nothing changed) and its prune,
// both constants, and an item's slug and upsert arguments.
type contentKind[T any] struct {
	name, upsert, prune string
	slug                func(T) string
	args                func(T) []any
}

var articleKind = contentKind[*lifeline.Article]{
	name: "articles",
	upsert: `
		INSERT INTO articles (slug, title, content, content_html, excerpt, category, read_time_minutes, image_url, author, published_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content,
			content_html = EXCLUDED.content_html, excerpt = EXCLUDED.excerpt, category = EXCLUDED.category,
			read_time_minutes = EXCLUDED.read_time_minutes, image_url = EXCLUDED.image_url,
			author = EXCLUDED.author, published_at = EXCLUDED.published_at, updated_at = now()
		WHERE (articles.title, articles.content, articles.content_html, articles.excerpt, articles.category,
			articles.read_time_minutes, articles.image_url, articles.author, articles.published_at)
			IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.content, EXCLUDED.content_html, EXCLUDED.excerpt, EXCLUDED.category,
			EXCLUDED.read_time_minutes, EXCLUDED.image_url, EXCLUDED.author, EXCLUDED.published_at)
		RETURNING xmax = 0`,
	prune: `DELETE FROM articles WHERE NOT (slug = ANY($1))`,
	slug:  func(a *lifeline.Article) string { return a.Slug },
	args: func(a *lifeline.Article) []any {
		return []any{a.Slug, a.Title, a.Content, a.ContentHTML, a.Excerpt, a.Category, a.ReadTime, nullIfEmpty(a.ImageURL),
			nullIfEmpty(a.Author), dateTime(a.PublishedAt)}
	},
}

var blogPostKind = contentKind[*lifeline.BlogPost]{
	name: "blog posts",
	upsert: `
		INSERT INTO blog_posts (slug, title, excerpt, content, content_html, category, author, image_url, published_at, read_time_minutes)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, excerpt = EXCLUDED.excerpt,
			content = EXCLUDED.content, content_html = EXCLUDED.content_html, category = EXCLUDED.category,
			author = EXCLUDED.author, image_url = EXCLUDED.image_url, published_at = EXCLUDED.published_at,
			read_time_minutes = EXCLUDED.read_time_minutes, updated_at = now()
		WHERE (blog_posts.title, blog_posts.excerpt, blog_posts.content, blog_posts.content_html, blog_posts.category,
			blog_posts.author, blog_posts.image_url, blog_posts.published_at, blog_posts.read_time_minutes)
			IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.excerpt, EXCLUDED.content, EXCLUDED.content_html, EXCLUDED.category,
			EXCLUDED.author, EXCLUDED.image_url, EXCLUDED.published_at, EXCLUDED.read_time_minutes)
		RETURNING xmax = 0`,
	prune: `DELETE FROM blog_posts WHERE NOT (slug = ANY($1))`,
	slug:  func(p *lifeline.BlogPost) string { return p.Slug },
	args: func(p *lifeline.BlogPost) []any {
		var published any
		if p.PublishedAt != nil {
			published = dateTime(*p.PublishedAt)
		}
		return []any{p.Slug, p.Title, p.Excerpt, p.Content, p.ContentHTML, p.Category, p.Author, nullIfEmpty(p.ImageURL),
			published, p.ReadTime}
	},
}

var statisticKind = contentKind[*lifeline.Statistic]{
	name: "statistics",
	upsert: `
		INSERT INTO statistics (slug, title, category, year, value, description, source, source_url, sort_order)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, category = EXCLUDED.category,
			year = EXCLUDED.year, value = EXCLUDED.value, description = EXCLUDED.description,
			source = EXCLUDED.source, source_url = EXCLUDED.source_url, sort_order = EXCLUDED.sort_order,
			updated_at = now()
		WHERE (statistics.title, statistics.category, statistics.year, statistics.value, statistics.description,
			statistics.source, statistics.source_url, statistics.sort_order)
			IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.category, EXCLUDED.year, EXCLUDED.value, EXCLUDED.description,
			EXCLUDED.source, EXCLUDED.source_url, EXCLUDED.sort_order)
		RETURNING xmax = 0`,
	prune: `DELETE FROM statistics WHERE NOT (slug = ANY($1))`,
	slug:  func(s *lifeline.Statistic) string { return s.Slug },
	args: func(s *lifeline.Statistic) []any {
		return []any{s.Slug, s.Title, s.Category, s.Year, s.Value, s.Description, s.Source, nullIfEmpty(s.SourceURL), s.Order}
	},
}

// loadKind upserts items in slug order, counting what each did, then, with
// prune, deletes the rows of the kind whose slug is not among them.
func loadKind[T any](ctx context.Context, tx pgx.Tx, kind contentKind[T], items []T, prune bool, counts *lifeline.LoadCounts) error {
	slugs := make([]string, 0, len(items))
	for _, item := range slices.SortedFunc(slices.Values(items), func(a, b T) int { return strings.Compare(kind.slug(a), kind.slug(b)) }) {
		slug := kind.slug(item)
		slugs = append(slugs, slug)
		var inserted bool
		err := tx.QueryRow(ctx, kind.upsert, kind.args(item)...).Scan(&inserted)
		switch {
		case isNoRows(err):
			counts.Unchanged++
		case isDataError(err):
			return lifeline.Errorf(lifeline.EINVALID, "%s: the database refused it: %v", slug, err)
		case err != nil:
			return fmt.Errorf("store: load %s %s: %w", kind.name, slug, err)
		case inserted:
			counts.Inserted++
		default:
			counts.Updated++
		}
	}
	if !prune {
		return nil
	}
	tag, err := tx.Exec(ctx, kind.prune, slugs)
	if err != nil {
		return fmt.Errorf("store: prune %s: %w", kind.name, err)
	}
	counts.Removed = int(tag.RowsAffected())
	return nil
}

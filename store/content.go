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

// LoadContent upserts in slug order, so two nodes loading the same content
// at start lock rows in the same order and never deadlock.
func (db *DB) LoadContent(ctx context.Context, set lifeline.ContentSet, prune bool) (lifeline.LoadReport, error) {
	var report lifeline.LoadReport
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		articles := slices.SortedFunc(slices.Values(set.Articles), func(a, b *lifeline.Article) int { return strings.Compare(a.Slug, b.Slug) })
		for _, a := range articles {
			if err := upsert(ctx, tx, &report.Articles, a.Slug, `
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
				a.Slug, a.Title, a.Content, a.ContentHTML, a.Excerpt, a.Category, a.ReadTime, nullIfEmpty(a.ImageURL),
				nullIfEmpty(a.Author), dateTime(a.PublishedAt)); err != nil {
				return err
			}
		}
		posts := slices.SortedFunc(slices.Values(set.BlogPosts), func(a, b *lifeline.BlogPost) int { return strings.Compare(a.Slug, b.Slug) })
		for _, p := range posts {
			var published any
			if p.PublishedAt != nil {
				published = dateTime(*p.PublishedAt)
			}
			if err := upsert(ctx, tx, &report.BlogPosts, p.Slug, `
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
				p.Slug, p.Title, p.Excerpt, p.Content, p.ContentHTML, p.Category, p.Author, nullIfEmpty(p.ImageURL),
				published, p.ReadTime); err != nil {
				return err
			}
		}
		stats := slices.SortedFunc(slices.Values(set.Statistics), func(a, b *lifeline.Statistic) int { return strings.Compare(a.Slug, b.Slug) })
		for _, s := range stats {
			if err := upsert(ctx, tx, &report.Statistics, s.Slug, `
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
				s.Slug, s.Title, s.Category, s.Year, s.Value, s.Description, s.Source, nullIfEmpty(s.SourceURL), s.Order); err != nil {
				return err
			}
		}
		if !prune {
			return nil
		}
		for _, kind := range set.Kinds {
			var table string
			var slugs []string
			var counts *lifeline.LoadCounts
			switch kind {
			case lifeline.KindArticles:
				table, counts = "articles", &report.Articles
				for _, a := range set.Articles {
					slugs = append(slugs, a.Slug)
				}
			case lifeline.KindBlog:
				table, counts = "blog_posts", &report.BlogPosts
				for _, p := range set.BlogPosts {
					slugs = append(slugs, p.Slug)
				}
			case lifeline.KindStatistics:
				table, counts = "statistics", &report.Statistics
				for _, s := range set.Statistics {
					slugs = append(slugs, s.Slug)
				}
			default:
				continue
			}
			if slugs == nil {
				slugs = []string{}
			}
			tag, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE NOT (slug = ANY($1))`, slugs)
			if err != nil {
				return fmt.Errorf("store: prune %s: %w", table, err)
			}
			counts.Removed = int(tag.RowsAffected())
		}
		return nil
	})
	if err != nil {
		return lifeline.LoadReport{}, err
	}
	return report, nil
}

// upsert runs an INSERT … ON CONFLICT DO UPDATE … WHERE changed RETURNING
// xmax = 0 and counts what it did: no row back means nothing changed.
func upsert(ctx context.Context, tx pgx.Tx, counts *lifeline.LoadCounts, slug, sql string, args ...any) error {
	var inserted bool
	err := tx.QueryRow(ctx, sql, args...).Scan(&inserted)
	switch {
	case isNoRows(err):
		counts.Unchanged++
	case isDataError(err):
		return lifeline.Errorf(lifeline.EINVALID, "%s: the database refused it: %v", slug, err)
	case err != nil:
		return fmt.Errorf("store: load %s: %w", slug, err)
	case inserted:
		counts.Inserted++
	default:
		counts.Updated++
	}
	return nil
}

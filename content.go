package lifeline

import (
	"context"
	"time"
)

// Content categories. ArticleCategories are docs/spec.md §3's article category
// ids (the Learn & Grow button "Health & Wellness" is the id "Health");
// StatisticCategories are the statistic categories the page has icons for.
var (
	ArticleCategories   = []string{"Recovery Basics", "Coping Skills", "Community", "Health", "Education", "Relationships"}
	StatisticCategories = []string{"prevalence", "trends", "impact"}
)

// Content kinds, named as their folders in a content directory.
const (
	KindArticles   = "articles"
	KindBlog       = "blog"
	KindStatistics = "statistics"
)

// Article is a Learn & Grow article. Content is Markdown; ContentHTML is
// that Markdown rendered safe by the content package (raw HTML escaped as
// text, only a short list of tags, links to http(s) or this site only). Excerpt is
// the start of the content as plain text, at most ExcerptLength characters.
// The slug comes from the file name and is stable across loads; the ID is
// the database's.
type Article struct {
	ID          int64     `json:"id"`
	Slug        string    `json:"slug"`
	Title       string    `json:"title"`
	Category    string    `json:"category"`
	ReadTime    int       `json:"readTime"`
	ImageURL    string    `json:"imageUrl"`
	Author      string    `json:"author"`
	PublishedAt Date      `json:"publishedAt"`
	Excerpt     string    `json:"excerpt"`
	Content     string    `json:"content"`
	ContentHTML string    `json:"contentHtml,omitempty"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// ExcerptLength is docs/spec.md's article card excerpt, in characters.
const ExcerptLength = 150

// BlogPost is a Recovery Blog post. PublishedAt is nil while it has no date
// (the blog then says "Recently").
type BlogPost struct {
	ID          int64     `json:"id"`
	Slug        string    `json:"slug"`
	Title       string    `json:"title"`
	Excerpt     string    `json:"excerpt"`
	Category    string    `json:"category"`
	Author      string    `json:"author"`
	PublishedAt *Date     `json:"publishedAt"`
	ReadTime    int       `json:"readTime"`
	ImageURL    string    `json:"imageUrl"`
	Content     string    `json:"content"`
	ContentHTML string    `json:"contentHtml,omitempty"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Statistic is one figure of the statistics page, with the public source it
// was checked against. Value is as displayed ("48.4 million", "1 in 11").
type Statistic struct {
	ID          int64  `json:"id"`
	Slug        string `json:"slug"`
	Title       string `json:"title"`
	Category    string `json:"category"`
	Year        int    `json:"year"`
	Value       string `json:"value"`
	Description string `json:"description"`
	Source      string `json:"source"`
	SourceURL   string `json:"sourceUrl"`
	// Order sorts statistics within their category (smaller first).
	Order int `json:"-"`
}

// ContentService reads published content. Ref is an item's numeric id or
// its slug; an unknown one is ENOTFOUND.
type ContentService interface {
	// FindArticles lists articles newest first, in one category when
	// category is not empty; ContentHTML is left empty in lists.
	FindArticles(ctx context.Context, category string) ([]*Article, error)
	FindArticle(ctx context.Context, ref string) (*Article, error)
	// FindBlogPosts lists posts newest first, undated ones last;
	// ContentHTML is left empty in lists.
	FindBlogPosts(ctx context.Context) ([]*BlogPost, error)
	FindBlogPost(ctx context.Context, ref string) (*BlogPost, error)
	// FindStatistics lists statistics by category (prevalence, trends,
	// impact), then Order, then title.
	FindStatistics(ctx context.Context) ([]*Statistic, error)
}

// ContentSet is what a content directory holds. Kinds names the folders
// that were read (KindArticles, KindBlog, KindStatistics).
type ContentSet struct {
	Articles   []*Article
	BlogPosts  []*BlogPost
	Statistics []*Statistic
	Kinds      []string
}

// LoadCounts says what loading did to one kind of content.
type LoadCounts struct {
	Inserted, Updated, Unchanged, Removed int
}

// LoadReport is LoadCounts per kind.
type LoadReport struct {
	Articles, BlogPosts, Statistics LoadCounts
}

// ContentLoader publishes content.
type ContentLoader interface {
	// LoadContent upserts every item of set by slug in one transaction: a
	// new slug is inserted, a changed item updated, an identical one left
	// alone (loading the same set twice changes nothing). With prune, items
	// of the kinds in set.Kinds whose slug is not in set are removed.
	LoadContent(ctx context.Context, set ContentSet, prune bool) (LoadReport, error)
}

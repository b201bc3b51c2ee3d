-- Content: articles (Learn & Grow), blog posts, statistics. Loaded from Markdown
-- files in the repository at start and by `lifeline content load DIR`; the slug
-- (from the file name) is the natural key, so loading is an upsert on slug.
-- Not user-owned: no user_id.

CREATE TABLE articles (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug              text NOT NULL,
    title             text NOT NULL,
    content           text NOT NULL,          -- Markdown; rendered escaped
    -- Canonical ids are SPEC.md §3's article category ids. SPEC.md's Learn &
    -- Grow buttons say "Health & Wellness" for the id 'Health': the web app
    -- maps that label to 'Health'; the database stores only the six ids.
    category          text NOT NULL,
    read_time_minutes integer NOT NULL,
    image_url         text,
    author            text,
    published_at      timestamptz NOT NULL DEFAULT now(),
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT articles_slug_unique UNIQUE (slug),
    CONSTRAINT articles_slug_shape CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 120),
    CONSTRAINT articles_title_present CHECK (btrim(title) <> '' AND char_length(title) <= 200),
    CONSTRAINT articles_content_present CHECK (btrim(content) <> ''),
    CONSTRAINT articles_category_known CHECK (category IN (
        'Recovery Basics', 'Coping Skills', 'Community', 'Health', 'Education', 'Relationships')),
    CONSTRAINT articles_read_time_positive CHECK (read_time_minutes BETWEEN 1 AND 600),
    -- Images ship with the app (no outside image hosts; the CSP allows 'self').
    CONSTRAINT articles_image_url_local CHECK (image_url ~ '^/[^/\\]')
);
CREATE INDEX articles_category_idx ON articles (category, published_at DESC);

CREATE TABLE blog_posts (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug              text NOT NULL,
    title             text NOT NULL,
    excerpt           text NOT NULL,
    content           text NOT NULL,          -- Markdown; rendered escaped
    category          text NOT NULL,          -- free label; SPEC.md gives no list
    author            text NOT NULL,
    image_url         text,
    -- NULL: unpublished date; the web app shows "Recently".
    published_at      timestamptz,
    read_time_minutes integer NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT blog_posts_slug_unique UNIQUE (slug),
    CONSTRAINT blog_posts_slug_shape CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 120),
    CONSTRAINT blog_posts_title_present CHECK (btrim(title) <> '' AND char_length(title) <= 200),
    CONSTRAINT blog_posts_content_present CHECK (btrim(content) <> ''),
    CONSTRAINT blog_posts_category_present CHECK (btrim(category) <> '' AND char_length(category) <= 60),
    CONSTRAINT blog_posts_author_present CHECK (btrim(author) <> '' AND char_length(author) <= 120),
    CONSTRAINT blog_posts_read_time_positive CHECK (read_time_minutes BETWEEN 1 AND 600),
    CONSTRAINT blog_posts_image_url_local CHECK (image_url ~ '^/[^/\\]')
);
CREATE INDEX blog_posts_published_at_idx ON blog_posts (published_at DESC NULLS LAST, id DESC);

CREATE TABLE statistics (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug        text NOT NULL,
    title       text NOT NULL,
    category    text NOT NULL,
    year        smallint NOT NULL,
    value       text NOT NULL,                -- as displayed: "48.5 million", "1 in 6"
    description text NOT NULL DEFAULT '',
    source      text NOT NULL,                -- report, year, table or page
    source_url  text,
    sort_order  integer NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT statistics_slug_unique UNIQUE (slug),
    CONSTRAINT statistics_slug_shape CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 120),
    CONSTRAINT statistics_title_present CHECK (btrim(title) <> '' AND char_length(title) <= 200),
    CONSTRAINT statistics_category_known CHECK (category IN ('prevalence', 'trends', 'impact')),
    CONSTRAINT statistics_year_range CHECK (year BETWEEN 1900 AND 2100),
    CONSTRAINT statistics_value_present CHECK (btrim(value) <> '' AND char_length(value) <= 60),
    -- Every figure must name where it comes from.
    CONSTRAINT statistics_source_present CHECK (btrim(source) <> ''),
    CONSTRAINT statistics_source_url_http CHECK (source_url ~ '^https?://')
);

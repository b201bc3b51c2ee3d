-- Rendered content. The loader renders each article's and blog post's
-- Markdown with the content package's safe renderer (every character of the
-- source escaped; only the renderer's own tags) and stores the result, so
-- the API never serves HTML that did not come out of that renderer. The
-- article excerpt is the content's start as plain text, for the cards.
ALTER TABLE articles
    ADD COLUMN content_html text NOT NULL DEFAULT '',
    ADD COLUMN excerpt      text NOT NULL DEFAULT '';
ALTER TABLE blog_posts
    ADD COLUMN content_html text NOT NULL DEFAULT '';

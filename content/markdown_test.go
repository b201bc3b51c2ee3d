package content_test

import (
	"regexp"
	"strings"
	"testing"

	"lifeline/content"
)

func TestHTML(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"paragraphs", "One\nline.\n\nTwo.", "<p>One\nline.</p>\n<p>Two.</p>\n"},
		{"headings", "## Try this today\n### Small #", "<h2>Try this today</h2>\n<h3>Small</h3>\n"},
		{"not a heading", "#hashtag", "<p>#hashtag</p>\n"},
		{"bullets", "- one\n- two\n  continued\n\nafter", "<ul>\n<li>one</li>\n<li>two\ncontinued</li>\n</ul>\n<p>after</p>\n"},
		{"numbers", "1. first\n2. second", "<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n"},
		{"numbers from three", "3) third\n4) fourth", "<ol start=\"3\">\n<li>third</li>\n<li>fourth</li>\n</ol>\n"},
		{"emphasis", "**bold**, *em*, _em_ and `code`", "<p><strong>bold</strong>, <em>em</em>, <em>em</em> and <code>code</code></p>\n"},
		{"snake_case stays", "a snake_case_name", "<p>a snake_case_name</p>\n"},
		{"lone stars stay", "5 * 3 * 2", "<p>5 * 3 * 2</p>\n"},
		{"https link", "[SAMHSA](https://www.samhsa.gov/find-help)", `<p><a href="https://www.samhsa.gov/find-help" rel="noopener noreferrer">SAMHSA</a></p>` + "\n"},
		{"relative link", "[crisis page](/crisis) and [top](#top)", `<p><a href="/crisis">crisis page</a> and <a href="#top">top</a></p>` + "\n"},
		{"reference link", "[help][h]\n\n[h]: https://988lifeline.org", `<p><a href="https://988lifeline.org" rel="noopener noreferrer">help</a></p>` + "\n"},
		{"link title left out", `[x](/a "A title")`, `<p><a href="/a">x</a></p>` + "\n"},
		{"quote", "> Be gentle.\n> Always.", "<blockquote>\n<p>Be gentle.\nAlways.</p>\n</blockquote>\n"},
		{"rule", "a\n\n---\n\nb", "<p>a</p>\n<hr>\n<p>b</p>\n"},
		{"hard line break", "one\\\ntwo", "<p>one<br>\ntwo</p>\n"},
		{"fence", "```\n<b>x</b>\n```", "<pre><code>&lt;b&gt;x&lt;/b&gt;\n</code></pre>\n"},
		{"fence info string left out", "```go\nx := 1\n```", "<pre><code>x := 1\n</code></pre>\n"},
		{"backslash escape", `\*not em\*`, "<p>*not em*</p>\n"},
		{"entities", "Fish & chips < 5", "<p>Fish &amp; chips &lt; 5</p>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := content.HTML(tt.src)
			if got != tt.want {
				t.Errorf("HTML(%q) =\n%q\nwant\n%q", tt.src, got, tt.want)
			}
			requireSafeHTML(t, got)
		})
	}
}

// TestHTMLEscapesHostileInput: no markup from a content file reaches the
// page but the renderer's own, and no link leads anywhere but an http(s)
// address or this site.
func TestHTMLEscapesHostileInput(t *testing.T) {
	tests := []struct{ name, src, want string }{
		// Raw HTML is text.
		{"script tag", "<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"},
		{"script in a heading", "# <script>x</script>", "<h1>&lt;script&gt;x&lt;/script&gt;</h1>\n"},
		{"HTML block", "<div>\n<script>alert(1)</script>\n</div>", "<p>&lt;div&gt;\n&lt;script&gt;alert(1)&lt;/script&gt;\n&lt;/div&gt;</p>\n"},
		{"inline tag with an event handler", "Hi <b onclick=alert(1)>there</b>", "<p>Hi &lt;b onclick=alert(1)&gt;there&lt;/b&gt;</p>\n"},
		{"img onerror", `<img src=x onerror="alert(1)">`, "<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>\n"},
		{"svg onload", `<svg onload=alert(1)>`, "<p>&lt;svg onload=alert(1)&gt;</p>\n"},
		{"HTML anchor", `<a href="javascript:alert(1)">x</a>`, "<p>&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;</p>\n"},
		{"html comment", "<!-- x --><iframe src=/>", "<p>&lt;!-- x --&gt;&lt;iframe src=/&gt;</p>\n"},
		{"style attribute", `<p style="x">y</p>`, "<p>&lt;p style=&quot;x&quot;&gt;y&lt;/p&gt;</p>\n"},
		{"entity-encoded tag", "&#60;script&#62;alert(1)&#60;/script&#62;", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"},
		{"autolink", "<javascript:alert(1)>", "<p>&lt;javascript:alert(1)&gt;</p>\n"},
		{"tag in a code span", "`<script>`", "<p><code>&lt;script&gt;</code></p>\n"},
		// A link anywhere else is its text, however it is spelled.
		{"javascript link", "[click](javascript:alert(1))", "<p>click</p>\n"},
		{"javascript link without parentheses", "[click](javascript:alert`1`)", "<p>click</p>\n"},
		{"javascript link, mixed case", "[click](JaVaScRiPt:alert%281%29)", "<p>click</p>\n"},
		{"javascript link, numeric entity", "[x](javascript&#58;alert(1))", "<p>x</p>\n"},
		{"javascript link, hex entity", "[x](javascript&#x3A;alert(1))", "<p>x</p>\n"},
		{"javascript link, named entity", "[x](javascript&colon;alert(1))", "<p>x</p>\n"},
		{"javascript link, backslash escape", `[x](javascript\:alert(1))`, "<p>x</p>\n"},
		{"javascript link in angle brackets", "[x](<javascript:alert(1)>)", "<p>x</p>\n"},
		{"javascript link with a space", "[x](< javascript:alert(1)>)", "<p>x</p>\n"},
		{"javascript link with a tab", "[x](<java\tscript:alert(1)>)", "<p>x</p>\n"},
		{"javascript link, percent-encoded", "[x](%6Aavascript:alert(1))", "<p>x</p>\n"},
		{"javascript reference link", "[x][r]\n\n[r]: javascript:alert(1)", "<p>x</p>\n"},
		{"data link", "[x](data:text/html;base64,PHNjcmlwdD4=)", "<p>x</p>\n"},
		{"vbscript link", "[x](vbscript:msgbox)", "<p>x</p>\n"},
		{"file link", "[x](file:///etc/passwd)", "<p>x</p>\n"},
		{"protocol-relative link", "[x](//evil.example/)", "<p>x</p>\n"},
		{"backslash host", `[x](/\evil.example)`, "<p>x</p>\n"},
		{"http without a host", "[x](http:/evil)", "<p>x</p>\n"},
		{"quote breaking out of href", `[x](/a"onmouseover="alert)`, "<p>x</p>\n"},
		{"title breaking out", `[x](/a "t"" onmouseover="alert(1)")`, `<p>[x](/a &quot;t&quot;&quot; onmouseover=&quot;alert(1)&quot;)</p>` + "\n"},
		{"on attribute in link text", `[<b onclick=alert(1)>hi</b>](/ok)`, `<p><a href="/ok">&lt;b onclick=alert(1)&gt;hi&lt;/b&gt;</a></p>` + "\n"},
		{"nested link", "[a [b](/b)](/a)", `<p>[a <a href="/b">b</a>](/a)</p>` + "\n"},
		// An image is its description.
		{"image", "![A calm lake](/content/lake.svg)", "<p>A calm lake</p>\n"},
		{"image with a javascript source", "![x](javascript:alert(1))", "<p>x</p>\n"},
		{"image with a data source", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)", "<p>x</p>\n"},
		{"tracking image", "![](https://tracker.example/p.gif)", "<p></p>\n"},
		{"image inside a link", "[![x](/a.png)](javascript:alert(1))", "<p>x</p>\n"},
		{"code block info string", "```\" onmouseover=\"alert(1)\nx\n```", "<pre><code>x\n</code></pre>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := content.HTML(tt.src)
			if got != tt.want {
				t.Errorf("HTML(%q) =\n%q\nwant\n%q", tt.src, got, tt.want)
			}
			requireSafeHTML(t, got)
		})
	}
}

// allowedTag matches every tag the renderer may emit; an href is an http(s)
// URL or a relative one (not //host, no scheme in its first segment).
var allowedTag = regexp.MustCompile(`^<(/?(h[1-6]|p|ul|ol|li|blockquote|pre|code|strong|em|a)|hr|br|ol start="\d+"|a href="((?i:https?)://[^"<>\s]+|/|/[^/"<>\s][^"<>\s]*|[?#][^"<>\s]*|[^"<>\s:/?#]+([/?#][^"<>\s]*)?)"( rel="noopener noreferrer")?)>`)

// requireSafeHTML fails unless every tag in html is one of the renderer's.
func requireSafeHTML(t testing.TB, html string) {
	t.Helper()
	for i := strings.IndexByte(html, '<'); i >= 0; {
		if !allowedTag.MatchString(html[i:]) {
			t.Fatalf("unexpected markup at %q in %q", clipTo(html[i:], 60), html)
		}
		next := strings.IndexByte(html[i+1:], '<')
		if next < 0 {
			break
		}
		i += 1 + next
	}
}

func clipTo(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func TestPlainTextAndExcerpt(t *testing.T) {
	src := "Hello **there**, [friend](/x) &amp; you.\n\n## Next\n\n- a\n- b\n\n```\n<code>\n```"
	if got := content.PlainText(src); got != "Hello there, friend & you. Next a b <code>" {
		t.Errorf("PlainText = %q", got)
	}
	long := strings.Repeat("word ", 60)
	ex := content.Excerpt(long, 150)
	if len(ex) > 150 || strings.HasSuffix(ex, " ") || !strings.HasPrefix(ex, "word word") {
		t.Errorf("Excerpt = %q (%d)", ex, len(ex))
	}
	if got := content.Excerpt("Short.", 150); got != "Short." {
		t.Errorf("Excerpt = %q", got)
	}
}

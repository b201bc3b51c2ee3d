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
		{"numbers", "1. first\n2) second", "<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n"},
		{"emphasis", "**bold**, *em*, _em_ and `code`", "<p><strong>bold</strong>, <em>em</em>, <em>em</em> and <code>code</code></p>\n"},
		{"snake_case stays", "a snake_case_name", "<p>a snake_case_name</p>\n"},
		{"lone stars stay", "5 * 3 * 2", "<p>5 * 3 * 2</p>\n"},
		{"https link", "[SAMHSA](https://www.samhsa.gov/find-help)", `<p><a href="https://www.samhsa.gov/find-help" rel="noopener noreferrer">SAMHSA</a></p>` + "\n"},
		{"relative link", "[crisis page](/crisis) and [top](#top)", `<p><a href="/crisis">crisis page</a> and <a href="#top">top</a></p>` + "\n"},
		{"quote", "> Be gentle.\n> Always.", "<blockquote>\n<p>Be gentle.\nAlways.</p>\n</blockquote>\n"},
		{"rule", "a\n\n---\n\nb", "<p>a</p>\n<hr>\n<p>b</p>\n"},
		{"fence", "```\n<b>x</b>\n```", "<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>\n"},
		{"backslash escape", `\*not em\*`, "<p>*not em*</p>\n"},
		{"entities", "Fish & chips < 5", "<p>Fish &amp; chips &lt; 5</p>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := content.HTML(tt.src); got != tt.want {
				t.Errorf("HTML(%q) =\n%q\nwant\n%q", tt.src, got, tt.want)
			}
		})
	}
}

// TestHTMLEscapesHostileInput: no raw HTML from content reaches the page.
func TestHTMLEscapesHostileInput(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"script tag", "<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"},
		{"script in a heading", "# <script>x</script>", "<h1>&lt;script&gt;x&lt;/script&gt;</h1>\n"},
		{"img onerror", `<img src=x onerror="alert(1)">`, "<p>&lt;img src=x onerror=&#34;alert(1)&#34;&gt;</p>\n"},
		{"javascript link", "[click](javascript:alert(1))", "<p>[click](javascript:alert(1))</p>\n"},
		{"javascript link without parentheses", "[click](javascript:alert`1`)", "<p>click</p>\n"},
		{"javascript link, mixed case", "[click](JaVaScRiPt:alert%281%29)", "<p>click</p>\n"},
		{"data link", "[x](data:text/html;base64,PHNjcmlwdD4=)", "<p>x</p>\n"},
		{"vbscript link", "[x](vbscript:msgbox)", "<p>x</p>\n"},
		{"protocol-relative link", "[x](//evil.example/)", "<p>x</p>\n"},
		{"quote breaking out of href", `[x](/a"onmouseover="alert)`, "<p>x</p>\n"},
		{"entity-encoded scheme", "[x](javascript&#58;alert)", "<p>x</p>\n"},
		{"on attribute in link text", `[<b onclick=alert(1)>hi</b>](/ok)`, `<p><a href="/ok">&lt;b onclick=alert(1)&gt;hi&lt;/b&gt;</a></p>` + "\n"},
		{"nested link", "[a [b](/b)](/a)", `<p>[a <a href="/b">b</a>](/a)</p>` + "\n"},
		{"html comment", "<!-- x --><iframe src=/>", "<p>&lt;!-- x --&gt;&lt;iframe src=/&gt;</p>\n"},
		{"style attribute", `<p style="x">y</p>`, "<p>&lt;p style=&#34;x&#34;&gt;y&lt;/p&gt;</p>\n"},
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

// allowedTag matches every tag the renderer may emit.
var allowedTag = regexp.MustCompile(`^<(/?(h[1-6]|p|ul|ol|li|blockquote|pre|code|strong|em|a)|hr|a href="(https?://[^"<>\s]+|[^"<>\s:]*)"( rel="noopener noreferrer")?)>`)

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
	if strings.Contains(strings.ToLower(html), "javascript:") && strings.Contains(html, `href="javascript`) {
		t.Fatalf("javascript: link in %q", html)
	}
}

func clipTo(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func TestPlainTextAndExcerpt(t *testing.T) {
	src := "Hello **there**, [friend](/x).\n\n## Next\n\n- a\n- b"
	if got := content.PlainText(src); got != "Hello there, friend. Next a b" {
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

package api

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// webApp serves the built single-page app from memory: files by path,
// index.html for every other page path so the client router decides (and
// shows its 404 page). Hashed assets are cached for a year; index.html, the
// manifest and the service worker (sw.js) are revalidated on every load, so a
// deploy is picked up at once.
type webApp struct {
	files map[string]*webFile
	index *webFile
}

type webFile struct {
	name    string
	body    []byte
	gzipped []byte // nil when compression does not pay
	etag    string
	ctype   string
}

// compressible types are worth gzipping; images and fonts are compressed already.
var compressible = []string{"text/", "application/javascript", "application/json", "image/svg+xml", "application/manifest+json", "application/wasm"}

func newWebApp(fsys fs.FS) (*webApp, error) {
	app := &webApp{files: map[string]*webFile{}}
	if fsys == nil {
		return app, nil
	}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		f := &webFile{name: p, body: body, ctype: contentType(p)}
		if f.ctype == "" {
			f.ctype = http.DetectContentType(body)
		}
		sum := sha256.Sum256(body)
		f.etag = `"` + hex.EncodeToString(sum[:8]) + `"`
		if len(body) > 512 && isCompressible(f.ctype) {
			f.gzipped = gzipBytes(body)
		}
		app.files["/"+p] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("api: load web app: %w", err)
	}
	app.index = app.files["/index.html"]
	return app, nil
}

// contentType knows the web manifest, which Go's mime table may not.
func contentType(name string) string {
	if path.Ext(name) == ".webmanifest" {
		return "application/manifest+json"
	}
	return mime.TypeByExtension(path.Ext(name))
}

func isCompressible(ctype string) bool {
	for _, prefix := range compressible {
		if strings.HasPrefix(ctype, prefix) {
			return true
		}
	}
	return false
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

const notBuiltPage = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Lifeline</title>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>The web app is not built into this binary</h1>
<p>Run <code>make run</code> from the repository, which builds the web app before the server.
If you need help right now, call or text <a href="tel:988">988</a>; in an emergency call <a href="tel:911">911</a>.</p>`

func (a *webApp) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if a.index == nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprint(w, notBuiltPage)
		return
	}
	p := path.Clean("/" + r.URL.Path)
	f, ok := a.files[p]
	switch {
	case ok && p != "/index.html":
		if strings.HasPrefix(p, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
	case strings.HasPrefix(p, "/assets/"), isRootFileName(p) && !ok:
		// A missing hashed asset is an old page asking for a file of an
		// older build, and /sitemap.xml or /apple-touch-icon.png are asked
		// for by crawlers and phones: answering with index.html would
		// pretend the file exists.
		http.NotFound(w, r)
		return
	default:
		f = a.index
		w.Header().Set("Cache-Control", "no-cache")
	}
	a.serveFile(w, r, f)
}

// isRootFileName is true for /name.ext: no client route looks like that.
func isRootFileName(p string) bool {
	return path.Dir(p) == "/" && path.Ext(p) != ""
}

func (a *webApp) serveFile(w http.ResponseWriter, r *http.Request, f *webFile) {
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("X-Content-Type-Options", "nosniff")
	body := f.body
	if f.gzipped != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			body = f.gzipped
			h.Set("Content-Encoding", "gzip")
		}
	}
	// The ETag differs per encoding so caches never mix them up.
	etag := f.etag
	if h.Get("Content-Encoding") == "gzip" {
		etag = strings.TrimSuffix(etag, `"`) + `-gz"`
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, f.name, time.Time{}, bytes.NewReader(body))
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// Package webapp embeds the built web app into the lifeline binary. `npm run
// build` writes it to dist/app; dist/.keep keeps the embed pattern valid in a
// checkout where it has not been built yet.
package webapp

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Files returns the built web app, or nil when the binary was built without
// it (then the server explains how to build it).
func Files() fs.FS {
	app, err := fs.Sub(dist, "dist/app")
	if err != nil {
		return nil
	}
	if _, err := fs.Stat(app, "index.html"); err != nil {
		return nil
	}
	return app
}

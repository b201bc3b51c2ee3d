package content

import (
	"embed"
	"io/fs"
)

//go:embed articles/*.md blog/*.md statistics/*.md
var files embed.FS

// Files is the content that ships in the binary, laid out as Load expects:
// what a fresh install publishes at its first start.
func Files() fs.FS { return files }

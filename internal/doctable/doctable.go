// Package doctable reads the tables of the repository's Markdown documents,
// for the tests that keep a document and the code it describes the same
// (the README's flags, the web app's features).
package doctable

import (
	"fmt"
	"os"
	"strings"
)

// Row is one body row of a table: its line in the file and its cells,
// trimmed.
type Row struct {
	Line  int
	Cells []string
}

// Read returns the body rows of the tables in the section of file that
// starts with the heading line (such as "## Configuration") and ends at the
// next heading. A cell may not hold " | " (an escaped \| stays as it is).
func Read(file, heading string) ([]Row, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var rows []Row
	inSection, header := false, false
	for i, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(line, "#") {
			inSection = line == heading
			continue
		}
		if !inSection || !strings.HasPrefix(line, "|") {
			header = false // the next table starts with its header again
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), " | ")
		for j := range cells {
			cells[j] = strings.TrimSpace(cells[j])
		}
		switch {
		case !header:
			header = true // the header row
		case strings.HasPrefix(cells[0], "---"):
			// the separator row
		default:
			rows = append(rows, Row{Line: i + 1, Cells: cells})
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s has no table under %q", file, heading)
	}
	return rows, nil
}

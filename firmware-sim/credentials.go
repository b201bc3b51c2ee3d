package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"lifeline/ingest/wire"
)

// credential is one bracelet's MQTT login: client ID and username are the
// device ID, the password is its token.
type credential struct {
	ID, Token string
	User      string // the owner's email, when known
	Name      string
}

// csvHeader is the first row `lifeline devices add --out` writes.
var csvHeader = []string{"device_id", "token", "user", "name"}

// loadCredentials reads the CSV that `lifeline devices add --count N --out
// FILE` writes: device_id,token,user,name, with or without the header row.
func loadCredentials(path string) ([]credential, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("devices file %s does not exist (create it with: lifeline devices add --user EMAIL --count N --out %s)", path, path)
		}
		return nil, fmt.Errorf("devices file: %w", err)
	}
	defer f.Close()
	creds, err := parseCredentials(f)
	if err != nil {
		return nil, fmt.Errorf("devices file %s: %w", path, err)
	}
	return creds, nil
}

func parseCredentials(r io.Reader) ([]credential, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	var creds []credential
	seen := map[string]int{} // device ID → line
	first := true
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("line %d: not valid CSV: %v", pe.StartLine, pe.Err)
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if first {
			first = false
			if strings.EqualFold(strings.TrimSpace(rec[0]), csvHeader[0]) {
				continue // the header row
			}
		}
		if len(rec) < 2 {
			return nil, fmt.Errorf("line %d: want device_id,token,user,name; found %d field(s)", line, len(rec))
		}
		c := credential{ID: strings.TrimSpace(rec[0]), Token: strings.TrimSpace(rec[1])}
		if len(rec) > 2 {
			c.User = strings.TrimSpace(rec[2])
		}
		if len(rec) > 3 {
			c.Name = strings.TrimSpace(rec[3])
		}
		switch {
		case !wire.ValidDeviceID(c.ID):
			return nil, fmt.Errorf("line %d: %q is not a device ID (they look like brc_xxxxxxxxxxxx)", line, c.ID)
		case c.Token == "":
			return nil, fmt.Errorf("line %d: device %s has no token", line, c.ID)
		case seen[c.ID] != 0:
			return nil, fmt.Errorf("line %d: device %s is listed twice (first on line %d)", line, c.ID, seen[c.ID])
		}
		seen[c.ID] = line
		creds = append(creds, c)
	}
	if len(creds) == 0 {
		return nil, errors.New("no devices in it")
	}
	return creds, nil
}

// saveCredentials writes credentials in the format loadCredentials reads.
func saveCredentials(path string, creds []credential) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write(csvHeader)
	for _, c := range creds {
		w.Write([]string{c.ID, c.Token, c.User, c.Name})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

package main

import (
	"strings"
	"testing"
)

// FuzzParseCredentials: the credentials CSV (written by `lifeline devices
// export`, possibly edited by hand) parses or fails with an error; what it
// accepts has an ID and a token for every device, each once.
func FuzzParseCredentials(f *testing.F) {
	for _, seed := range []string{
		"id,token,user,name\nbrc_abcdefgh23456789,tok,a@b.co,Left\n", "brc_x,\n", "\"unterminated\n", "id,token\nbrc_a,t\nbrc_a,t\n", "",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		creds, err := parseCredentials(strings.NewReader(src))
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, c := range creds {
			if c.ID == "" || c.Token == "" || seen[c.ID] {
				t.Fatalf("accepted %+v from %q", c, src)
			}
			seen[c.ID] = true
		}
	})
}

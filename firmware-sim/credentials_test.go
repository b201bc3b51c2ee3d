package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadCredentials(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		want    []credential
		wantErr string // "" when the file is good
	}{
		{
			name: "as lifeline devices add writes it",
			body: "device_id,token,user,name\nbrc_aaaa1111,tok-1,me@example.com,Bracelet 1\nbrc_bbbb2222,tok-2,me@example.com,Bracelet 2\n",
			want: []credential{{"brc_aaaa1111", "tok-1", "me@example.com", "Bracelet 1"}, {"brc_bbbb2222", "tok-2", "me@example.com", "Bracelet 2"}},
		},
		{
			name: "no header, two columns, CRLF, blank lines, spaces",
			body: "brc_aaaa1111, tok-1\r\n\r\nbrc_bbbb2222,tok-2\r\n",
			want: []credential{{ID: "brc_aaaa1111", Token: "tok-1"}, {ID: "brc_bbbb2222", Token: "tok-2"}},
		},
		{
			name: "quoted name with a comma",
			body: "device_id,token,user,name\nbrc_aaaa1111,tok-1,me@example.com,\"Mum's, the blue one\"\n",
			want: []credential{{"brc_aaaa1111", "tok-1", "me@example.com", "Mum's, the blue one"}},
		},
		{name: "empty file", body: "", wantErr: "no devices in it"},
		{name: "header only", body: "device_id,token,user,name\n", wantErr: "no devices in it"},
		{name: "one column", body: "device_id,token\nbrc_aaaa1111\n", wantErr: "line 2: want device_id,token,user,name; found 1 field"},
		{name: "not a device id", body: "device_id,token\nbrc_aaaa1111,t\nhello,t\n", wantErr: `line 3: "hello" is not a device ID`},
		{name: "device id with a slash", body: "brc_aa/a1111,t\n", wantErr: "is not a device ID"},
		{name: "no token", body: "brc_aaaa1111,\n", wantErr: "line 1: device brc_aaaa1111 has no token"},
		{name: "listed twice", body: "brc_aaaa1111,a\nbrc_bbbb2222,b\nbrc_aaaa1111,c\n", wantErr: "line 3: device brc_aaaa1111 is listed twice (first on line 1)"},
		{name: "broken quoting", body: "device_id,token\n\"brc_aaaa1111,tok\n", wantErr: "not valid CSV"},
	}
	dir := t.TempDir()
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "devices"+string(rune('a'+i))+".csv")
			if err := os.WriteFile(path, []byte(tt.body), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := loadCredentials(path)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				if !strings.Contains(err.Error(), path) {
					t.Errorf("error %q does not name the file", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("row %d: got %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestLoadCredentialsMissingFile(t *testing.T) {
	_, err := loadCredentials(filepath.Join(t.TempDir(), "devices.csv"))
	if err == nil || !strings.Contains(err.Error(), "does not exist") || !strings.Contains(err.Error(), "lifeline devices add") {
		t.Errorf("error %v, want one saying how to create the file", err)
	}
}

func TestSaveCredentialsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "saved.csv")
	want := []credential{{"brc_aaaa1111", "tok,1\"", "me@example.com", "Bracelet 1"}, {"brc_bbbb2222", "tok-2", "", ""}}
	if err := saveCredentials(path, want); err != nil {
		t.Fatal(err)
	}
	got, err := loadCredentials(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("read back %+v, want %+v", got, want)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("credentials written with mode %v, want 0600", st.Mode().Perm())
	}
}

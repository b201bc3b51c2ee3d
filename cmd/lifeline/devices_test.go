package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// TestDevicesCommandBesideARunningServer pairs bracelets with the CLI while
// lifeline serve runs on the same private cluster, and connects one.
func TestDevicesCommandBesideARunningServer(t *testing.T) {
	dir := dataDir(t)
	p, stop := startProgramFull(t, dir)
	defer stop()
	url := p.url

	email := "tester@example.org"
	body := strings.NewReader(`{"email":"` + email + `","password":"a long enough passphrase","firstName":"Tess"}`)
	resp, err := http.Post(url+"/api/auth/register", "application/json", body)
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("register: %v %v", err, resp.Status)
	}

	devices := func(args ...string) (string, error) {
		var out strings.Builder
		err := run(context.Background(), append([]string{"devices"}, append(args, "--data-dir", dir)...), envOf(nil), &out, io.Discard)
		return out.String(), err
	}
	csvPath := filepath.Join(dir, "devices.csv")
	if _, err := devices("add", "--user", "nobody@example.org"); err == nil || !strings.Contains(err.Error(), "no account") {
		t.Errorf("add for an unknown user: %v", err)
	}
	if _, err := devices("add", "--user", email, "--name", "Load", "--count", "3", "--out", csvPath); err != nil {
		t.Fatalf("devices add: %v", err)
	}
	f, _ := os.Open(csvPath)
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != 4 || rows[0][0] != "device_id" || rows[1][2] != email || rows[3][3] != "Load 3" {
		t.Fatalf("devices.csv = %v (%v)", rows, err)
	}

	list, _ := devices("list")
	for _, row := range rows[1:] {
		if !strings.Contains(list, row[0]) {
			t.Errorf("devices list lacks %s:\n%s", row[0], list)
		}
	}

	// A phone paired from the command line reports through OwnTracks'
	// HTTP mode to the running server with its own credentials.
	if _, err := devices("add", "--user", email, "--kind", "watch"); err == nil || !strings.Contains(err.Error(), "--kind") {
		t.Errorf("add of an unknown kind: %v", err)
	}
	out, err := devices("add", "--user", email, "--name", "My phone", "--kind", "phone")
	phoneRows, _ := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(phoneRows) != 2 {
		t.Fatalf("devices add --kind phone: %v\n%s", err, out)
	}
	fix := fmt.Sprintf(`{"_type":"location","lat":51.5,"lon":-0.12,"tst":%d,"tid":"MP"}`, time.Now().Unix())
	req, _ := http.NewRequest("POST", url+"/api/ingest/owntracks", strings.NewReader(fix))
	req.SetBasicAuth(phoneRows[1][0], phoneRows[1][1])
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("OwnTracks fix from a CLI-paired phone: %v %v", err, resp)
	}
	if list, _ := devices("list"); !strings.Contains(list, phoneRows[1][0]+"  phone") {
		t.Errorf("devices list does not show the phone's kind:\n%s", list)
	}

	// The first bracelet connects to the running server with its token.
	mqttAddr := p.mqtt
	id, token := rows[1][0], rows[1][1]
	lost := make(chan struct{})
	c := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + mqttAddr).SetClientID(id).SetUsername(id).SetPassword(token).
		SetProtocolVersion(4).SetAutoReconnect(false).SetConnectionLostHandler(func(paho.Client, error) { close(lost) }))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("a CLI-paired bracelet cannot connect: %v", tok.Error())
	}

	if out, err := devices("revoke", id); err != nil || !strings.Contains(out, "Revoked") {
		t.Fatalf("revoke: %v %s", err, out)
	}
	select {
	case <-lost: // the running server closed the live connection
	case <-time.After(10 * time.Second):
		t.Fatal("the revoked bracelet's open connection stayed open")
	}
	again := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + mqttAddr).SetClientID(id).SetUsername(id).SetPassword(token).SetProtocolVersion(4))
	if tok := again.Connect(); tok.WaitTimeout(10*time.Second) && tok.Error() == nil {
		t.Fatal("a revoked bracelet connected")
	}
	if _, err := devices("revoke", id); err == nil {
		t.Error("revoking twice succeeded")
	}

	// Erasing the account cuts its other bracelets' connections too.
	owner := signIn(t, url, email, "a long enough passphrase")
	second := rows[2]
	lost = make(chan struct{})
	c = paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + mqttAddr).SetClientID(second[0]).SetUsername(second[0]).SetPassword(second[1]).
		SetProtocolVersion(4).SetAutoReconnect(false).SetConnectionLostHandler(func(paho.Client, error) { close(lost) }))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("the second bracelet cannot connect: %v", tok.Error())
	}
	owner.call("DELETE", "/api/account", `{"password":"a long enough passphrase"}`, http.StatusNoContent, nil)
	select {
	case <-lost:
	case <-time.After(10 * time.Second):
		t.Fatal("the erased account's bracelet stayed connected")
	}
}

package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The compose file and Dockerfile cannot run here (no Docker engine), so
// this test parses them and checks them against the program's real config.

type composeFile struct {
	Services map[string]struct {
		Image       string            `yaml:"image"`
		Build       any               `yaml:"build"`
		Environment map[string]string `yaml:"environment"`
		Ports       []string          `yaml:"ports"`
		Volumes     []string          `yaml:"volumes"`
		DependsOn   map[string]struct {
			Condition string `yaml:"condition"`
		} `yaml:"depends_on"`
		Healthcheck *struct {
			Test []string `yaml:"test"`
		} `yaml:"healthcheck"`
	} `yaml:"services"`
	Volumes map[string]any `yaml:"volumes"`
}

func TestDockerComposeFile(t *testing.T) {
	compose, err := os.ReadFile("../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var c composeFile
	if err := yaml.Unmarshal(compose, &c); err != nil {
		t.Fatalf("docker-compose.yml does not parse: %v", err)
	}

	db, ok := c.Services["timescaledb"]
	if !ok {
		t.Fatal("no timescaledb service")
	}
	m := regexp.MustCompile(`^timescale/timescaledb:.*pg(\d+)`).FindStringSubmatch(db.Image)
	if m == nil {
		t.Fatalf("timescaledb image %q is not timescale/timescaledb with a pgNN tag", db.Image)
	}
	if pg, _ := strconv.Atoi(m[1]); pg < 16 {
		t.Errorf("timescaledb image is PostgreSQL %d, want 16 or newer", pg)
	}
	if db.Healthcheck == nil || !strings.Contains(strings.Join(db.Healthcheck.Test, " "), "pg_isready") {
		t.Error("timescaledb has no pg_isready health check")
	}
	if len(db.Volumes) == 0 {
		t.Fatal("timescaledb has no volume")
	}
	if _, named := c.Volumes[strings.SplitN(db.Volumes[0], ":", 2)[0]]; !named {
		t.Error("timescaledb data is not on a named volume")
	}

	app, ok := c.Services["lifeline"]
	if !ok {
		t.Fatal("no lifeline service")
	}
	if app.Build == nil {
		t.Error("lifeline is not built from the Dockerfile")
	}
	if app.DependsOn["timescaledb"].Condition != "service_healthy" {
		t.Error("lifeline does not wait for a healthy timescaledb")
	}
	if !strings.Contains(app.Environment["DATABASE_URL"], "@timescaledb:5432/") {
		t.Errorf("DATABASE_URL %q does not point at the timescaledb service", app.Environment["DATABASE_URL"])
	}
	known := map[string]bool{}
	for _, s := range (&Config{}).settings(&raw{}) {
		known[s.env] = true
	}
	for name := range app.Environment {
		if !known[name] {
			t.Errorf("lifeline's environment sets %s, which the program does not read", name)
		}
	}
	for _, port := range []string{"8080", "1883", "8083"} {
		if !containsPrefix(app.Ports, port+":"+port) {
			t.Errorf("lifeline does not publish port %s", port)
		}
	}
}

func TestDockerfile(t *testing.T) {
	raw, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	stages := regexp.MustCompile(`(?m)^FROM\s+(\S+)`).FindAllStringSubmatch(text, -1)
	if len(stages) != 3 || !strings.HasPrefix(stages[0][1], "node:") || !strings.HasPrefix(stages[1][1], "golang:") {
		t.Fatalf("stages = %v, want node build, go build, runtime", stages)
	}
	final := text[strings.LastIndex(text, "\nFROM "):]
	if !regexp.MustCompile(`(?m)^USER\s+nonroot`).MatchString(final) {
		t.Error("the runtime stage does not run as a non-root user")
	}
	if !strings.Contains(final, "EXPOSE 8080 1883 8083") {
		t.Error("the runtime stage does not expose 8080, 1883 and 8083")
	}
	if !strings.Contains(text, "webapp/dist/app") {
		t.Error("the Go stage does not embed the built web app")
	}
}

func containsPrefix(list []string, prefix string) bool {
	for _, s := range list {
		if strings.HasPrefix(strings.Trim(s, `"`), prefix) {
			return true
		}
	}
	return false
}

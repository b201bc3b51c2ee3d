package main

import (
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"lifeline/ingest"
	"lifeline/ingest/wire"

	"lifeline/app"
)

// The compose file and Dockerfile cannot run here (no Docker engine), so
// this test parses them and checks them against the program's real config.

type composeFile struct {
	Services map[string]struct {
		Image       string            `yaml:"image"`
		Build       any               `yaml:"build"`
		Profiles    []string          `yaml:"profiles"`
		Command     []string          `yaml:"command"`
		Environment map[string]string `yaml:"environment"`
		Ports       []string          `yaml:"ports"`
		Volumes     []string          `yaml:"volumes"`
		DependsOn   dependsOn         `yaml:"depends_on"`
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

	svc, ok := c.Services["lifeline"]
	if !ok {
		t.Fatal("no lifeline service")
	}
	if svc.Build == nil {
		t.Error("lifeline is not built from the Dockerfile")
	}
	if svc.DependsOn["timescaledb"].Condition != "service_healthy" {
		t.Error("lifeline does not wait for a healthy timescaledb")
	}
	if !strings.Contains(svc.Environment["DATABASE_URL"], "@timescaledb:5432/") {
		t.Errorf("DATABASE_URL %q does not point at the timescaledb service", svc.Environment["DATABASE_URL"])
	}
	known := map[string]bool{}
	for _, s := range settings(&app.Config{}, &raw{}) {
		known[s.env] = true
	}
	for name := range svc.Environment {
		if !known[name] {
			t.Errorf("lifeline's environment sets %s, which the program does not read", name)
		}
	}
	for _, port := range []string{"8080", "1883", "8083"} {
		if !containsPrefix(svc.Ports, port+":"+port) {
			t.Errorf("lifeline does not publish port %s", port)
		}
	}
}

// dependsOn reads both forms of depends_on: a list, or a map with conditions.
type dependsOn map[string]struct {
	Condition string `yaml:"condition"`
}

func (d *dependsOn) UnmarshalYAML(n *yaml.Node) error {
	*d = dependsOn{}
	if n.Kind == yaml.SequenceNode {
		var names []string
		if err := n.Decode(&names); err != nil {
			return err
		}
		for _, name := range names {
			(*d)[name] = struct {
				Condition string `yaml:"condition"`
			}{}
		}
		return nil
	}
	m := map[string]struct {
		Condition string `yaml:"condition"`
	}{}
	err := n.Decode(&m)
	*d = m
	return err
}

// interpolate resolves ${VAR:-default} as Compose does with VAR unset.
func interpolate(s string) string {
	return regexp.MustCompile(`\$\{[A-Z_]+:-([^}]*)\}`).ReplaceAllString(s, "$1")
}

// The scale profile: EMQX, two API nodes, two ingest workers on a shared
// subscription, a proxy, and Prometheus/Grafana beside them. Each lifeline
// node's command and environment go through the real config parser.
func TestDockerComposeScaleProfile(t *testing.T) {
	raw, err := os.ReadFile("../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var c composeFile
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatalf("docker-compose.yml does not parse: %v", err)
	}
	byProfile := map[string][]string{}
	for name, s := range c.Services {
		if len(s.Profiles) == 0 {
			byProfile[""] = append(byProfile[""], name)
		}
		for _, p := range s.Profiles {
			byProfile[p] = append(byProfile[p], name)
		}
	}
	for p, want := range map[string][]string{
		"":              {"lifeline", "timescaledb"},
		"scale":         {"emqx", "lifeline-api-1", "lifeline-api-2", "lifeline-ingest-1", "lifeline-ingest-2", "proxy"},
		"observability": {"grafana", "prometheus"},
	} {
		got := byProfile[p]
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("profile %q has services %v, want %v", p, got, want)
		}
	}

	roles := map[string]app.Config{}
	for _, name := range []string{"lifeline", "lifeline-api-1", "lifeline-api-2", "lifeline-ingest-1", "lifeline-ingest-2"} {
		s := c.Services[name]
		env := map[string]string{}
		for k, v := range s.Environment {
			env[k] = interpolate(v)
		}
		args := s.Command
		if len(args) > 0 && args[0] == "serve" {
			args = args[1:]
		}
		cfg, err := ParseConfig("serve", args, envOf(env), io.Discard)
		if err != nil {
			t.Errorf("%s: lifeline serve %v refuses its settings: %v", name, args, err)
			continue
		}
		if !strings.Contains(cfg.DatabaseURL, "@timescaledb:5432/") {
			t.Errorf("%s: DATABASE_URL %q does not point at timescaledb", name, cfg.DatabaseURL)
		}
		if s.DependsOn["timescaledb"].Condition != "service_healthy" {
			t.Errorf("%s does not wait for a healthy timescaledb", name)
		}
		roles[name] = cfg
	}
	if roles["lifeline"].Role != app.RoleAll || roles["lifeline"].MQTTExternal != "" {
		t.Errorf("the single node runs role %q with broker %q, want all with the embedded broker", roles["lifeline"].Role, roles["lifeline"].MQTTExternal)
	}
	workerPasswords := map[string]string{}
	for _, name := range []string{"lifeline-api-1", "lifeline-api-2"} {
		if cfg := roles[name]; cfg.Role != app.RoleAPI || cfg.MQTTAuthSecret == "" || cfg.MQTTAuthSecret != interpolate(c.Services["emqx"].Environment["LIFELINE_MQTT_AUTH_SECRET"]) {
			t.Errorf("%s: role %q, auth secret %q: want an API node with EMQX's secret", name, cfg.Role, cfg.MQTTAuthSecret)
		}
	}
	for _, name := range []string{"lifeline-ingest-1", "lifeline-ingest-2"} {
		cfg := roles[name]
		if cfg.Role != app.RoleIngest || cfg.MQTTExternal != "tcp://emqx:1883" || cfg.MQTTExternalUser != name {
			t.Errorf("%s: role %q broker %q user %q, want an ingest worker on tcp://emqx:1883 as %s", name, cfg.Role, cfg.MQTTExternal, cfg.MQTTExternalUser, name)
		}
		if c.Services[name].DependsOn["emqx"].Condition != "service_healthy" {
			t.Errorf("%s does not wait for a healthy EMQX", name)
		}
		workerPasswords[cfg.MQTTExternalUser] = cfg.MQTTExternalPass
	}

	// Files the services mount exist, and agree with the services.
	for name, s := range c.Services {
		for _, v := range s.Volumes {
			if src := strings.SplitN(v, ":", 2)[0]; strings.HasPrefix(src, "./") {
				if _, err := os.Stat("../../" + src); err != nil {
					t.Errorf("%s mounts %s, which does not exist", name, src)
				}
			}
		}
	}
	workers, _ := os.ReadFile("../../deploy/emqx/workers.csv")
	for user, pass := range workerPasswords {
		if !strings.Contains(string(workers), "\n"+user+","+pass+",false") {
			t.Errorf("deploy/emqx/workers.csv has no account %s with the worker's password", user)
		}
	}
	acl, _ := os.ReadFile("../../deploy/emqx/acl.conf")
	for _, topic := range []string{"$share/" + ingest.SharedGroup + "/" + wire.TopicRoot + "/+/position", wire.TopicRoot + "/${username}/position", wire.TopicRoot + "/${username}/config"} {
		if !strings.Contains(string(acl), `"`+topic+`"`) {
			t.Errorf("deploy/emqx/acl.conf has no rule for %s", topic)
		}
	}
	emqx, _ := os.ReadFile("../../deploy/emqx/emqx.conf")
	if !strings.Contains(string(emqx), `url = "http://proxy:8081/internal/mqtt/auth"`) {
		t.Error("EMQX does not ask Lifeline's authenticator through the proxy's internal port")
	}
	caddy, _ := os.ReadFile("../../deploy/caddy/Caddyfile")
	for _, want := range []string{"lifeline-api-1:8080 lifeline-api-2:8080", "flush_interval -1", "respond /internal/* 404", "health_uri /readyz"} {
		if !strings.Contains(string(caddy), want) {
			t.Errorf("the Caddyfile lacks %q", want)
		}
	}
	if containsPrefix(c.Services["proxy"].Ports, "8081") {
		t.Error("the proxy publishes its internal port 8081")
	}
	prom, _ := os.ReadFile("../../deploy/prometheus/prometheus.yml")
	for _, node := range []string{"lifeline-api-1", "lifeline-api-2", "lifeline-ingest-1", "lifeline-ingest-2"} {
		if !strings.Contains(string(prom), `"`+node+`:8080"`) {
			t.Errorf("Prometheus does not scrape %s:8080", node)
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

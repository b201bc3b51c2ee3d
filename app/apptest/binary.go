package apptest

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"

	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"lifeline/internal/child"
	"lifeline/store/storetest"
)

var (
	buildMu sync.Mutex
	built   = map[string]string{} // package → binary, once per test process
)

// Binary is the lifeline binary of this repository, built once per test
// process (without -race: it is the system under test, not the test).
func Binary(tb testing.TB) string { return Build(tb, "./cmd/lifeline") }

// Build builds a command of this module (such as "./firmware-sim") once
// per test process. The binary lives in a folder of the system's temporary
// directory named after the module's path, so runs replace it instead of
// adding one each.
func Build(tb testing.TB, pkg string) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("builds and starts the real lifeline program")
	}
	bin, err := build(pkg)
	if err != nil {
		tb.Fatal(err)
	}
	return bin
}

func build(pkg string) (string, error) {
	buildMu.Lock()
	defer buildMu.Unlock()
	if bin, ok := built[pkg]; ok {
		return bin, nil
	}
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	if err != nil || root == "." {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	sum := sha256.Sum256([]byte(root))
	dir := filepath.Join(os.TempDir(), "lifeline-test-bin-"+hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, filepath.Base(pkg))
	// Other test processes may run the binary at bin right now: build
	// beside it and rename over it, which leaves their copy alone.
	tmp := fmt.Sprintf("%s.%d.tmp", bin, os.Getpid())
	cmd := exec.Command("go", "build", "-o", tmp, pkg)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
	}
	if err := os.Rename(tmp, bin); err != nil {
		return "", err
	}
	built[pkg] = bin
	return bin, nil
}

// Process is `lifeline serve` running as a child process, restartable on
// the same flags, data dir and database.
type Process struct {
	Bin string
	// Args are serve's flags: the test defaults, then the test's own (a
	// later flag wins).
	Args []string
	// Env is added to the caller's environment (Environ).
	Env []string
	// DataDir is the program's --data-dir (its private cluster in pg/
	// unless --database-url is given).
	DataDir string

	mu     sync.Mutex
	url    string // http://127.0.0.1:port, as printed at the last start
	mqtt   string // the embedded broker's TCP and WebSocket addresses
	ws     string
	log    bytes.Buffer // stderr of every run
	cmd    *exec.Cmd
	exited chan struct{}
}

// StartBinary runs the lifeline binary as `lifeline serve` on free
// loopback ports, a fresh data dir, no outside map tiles, no limit on
// bracelets' publishes and this test run's storage engine, then args (Run).
func StartBinary(tb testing.TB, args ...string) *Process {
	tb.Helper()
	return Run(tb, NewProcess(Binary(tb), Dir(tb, "lifeline-data-"), args...))
}

// Run starts p and returns once the program is ready; when the test ends
// it stops it (SIGTERM) and, if the test failed, logs the end of its log.
func Run(tb testing.TB, p *Process) *Process {
	tb.Helper()
	tb.Cleanup(func() {
		p.Stop()
		if tb.Failed() {
			tb.Logf("lifeline %v, the end of its log:\n%s", p.Args[1:], p.LogTail())
		}
	})
	if err := p.Start(); err != nil {
		tb.Fatal(err)
	}
	return p
}

// Launch is StartBinary for a program shared by a whole test process (one
// server for every test of a package): Close stops it and removes its data.
func Launch(args ...string) (*Process, error) {
	bin, err := build("./cmd/lifeline")
	if err != nil {
		return nil, err
	}
	dir, err := openDir("lifeline-data-")
	if err != nil {
		return nil, err
	}
	p := NewProcess(bin, dir, args...)
	if err := p.Start(); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// NewProcess prepares `bin serve` on the test defaults, dataDir/data and
// args, without starting it.
func NewProcess(bin, dataDir string, args ...string) *Process {
	data := filepath.Join(dataDir, "data")
	defaults := []string{"serve", "--http-addr", "127.0.0.1:0", "--mqtt-addr", "127.0.0.1:0", "--mqtt-ws-addr", "127.0.0.1:0",
		"--data-dir", data, "--device-rate", "0", "--map-tile-url", "", storetest.TimescaleFlag()}
	return &Process{Bin: bin, Args: append(defaults, args...), DataDir: data}
}

// ready matches the last line the program prints when it has started, in
// each of its roles, and urlLine the one that says where HTTP is.
var (
	urlLine   = regexp.MustCompile(`^Lifeline .* at (http://\S+)`)
	brokerAt  = regexp.MustCompile(`^Bracelets connect over MQTT to (\S+) \(WebSocket: ([^)]+)\)`)
	readyLine = regexp.MustCompile(`^(Bracelets connect over MQTT|Ingesting bracelet packets|API node:)`)
)

// Start runs the program and returns once it says it is ready (within
// two minutes: a busy machine's first start creates a cluster).
func (p *Process) Start() error {
	cmd := exec.Command(p.Bin, p.Args...)
	cmd.Env = append(Environ(), p.Env...)
	cmd.Stderr = writerFunc(func(b []byte) (int, error) {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.log.Write(b)
	})
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	// SIGKILL when the test process dies first (a timeout, a kill), so no
	// server outlives its test holding ports and a database.
	proc, err := child.Start(cmd, syscall.SIGKILL)
	if err != nil {
		return err
	}
	exited := proc.Done
	p.mu.Lock()
	p.cmd, p.exited = cmd, exited
	p.mu.Unlock()

	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			if m := urlLine.FindStringSubmatch(line); m != nil {
				p.url = m[1]
			}
			if m := brokerAt.FindStringSubmatch(line); m != nil {
				p.mqtt, p.ws = m[1], m[2]
			}
			p.mu.Unlock()
			if readyLine.MatchString(line) {
				ready <- true
				io.Copy(io.Discard, stdout)
				return
			}
		}
		ready <- false
	}()
	select {
	case ok := <-ready:
		if !ok {
			return fmt.Errorf("lifeline stopped before it was ready:\n%s", p.LogTail())
		}
		return nil
	case <-time.After(2 * time.Minute):
		p.Kill()
		return fmt.Errorf("lifeline was not ready after 2 minutes:\n%s", p.LogTail())
	}
}

// URL is where HTTP answers; MQTTAddr and WSAddr where the embedded
// broker does (over TCP and WebSocket), as printed at the last start.
func (p *Process) URL() string { p.mu.Lock(); defer p.mu.Unlock(); return p.url }

func (p *Process) MQTTAddr() string { p.mu.Lock(); defer p.mu.Unlock(); return p.mqtt }

func (p *Process) WSAddr() string { p.mu.Lock(); defer p.mu.Unlock(); return p.ws }

// Pid is the running process's ID.
func (p *Process) Pid() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cmd.Process.Pid
}

// Exited is closed when the current run ends.
func (p *Process) Exited() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.exited
}

// Kill is a crash: SIGKILL, no shutdown of any kind.
func (p *Process) Kill() { p.end(syscall.SIGKILL, 0) }

// Stop is a graceful shutdown (SIGTERM), a SIGKILL after 45 s.
func (p *Process) Stop() { p.end(syscall.SIGTERM, 45*time.Second) }

// end sends sig and waits for the run to end, SIGKILLing it after grace.
func (p *Process) end(sig syscall.Signal, grace time.Duration) {
	p.mu.Lock()
	cmd, exited := p.cmd, p.exited
	p.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Signal(sig)
	if grace > 0 {
		select {
		case <-exited:
			return
		case <-time.After(grace):
			_ = cmd.Process.Kill()
		}
	}
	<-exited
}

// Close stops the program and removes its data dir's folder (Launch's).
func (p *Process) Close() {
	p.Stop()
	os.RemoveAll(filepath.Dir(p.DataDir))
}

// Log is the program's stderr, of every run so far.
func (p *Process) Log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}

// LogTail is the end of Log, for a failure message.
func (p *Process) LogTail() string {
	l := p.Log()
	return l[max(0, len(l)-6000):]
}

// WaitLog waits until the program's log matches re.
func (p *Process) WaitLog(re string, within time.Duration) bool {
	rx := regexp.MustCompile(re)
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if rx.MatchString(p.Log()) {
			return true
		}
	}
	return false
}

// Environ is the caller's environment without anything that would point
// lifeline elsewhere than a test's flags say: no DATABASE_URL and no
// LIFELINE_* but LIFELINE_PG_BIN (where PostgreSQL is installed).
func Environ() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DATABASE_URL=") && (!strings.HasPrefix(kv, "LIFELINE_") || strings.HasPrefix(kv, "LIFELINE_PG_BIN=")) {
			env = append(env, kv)
		}
	}
	return env
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

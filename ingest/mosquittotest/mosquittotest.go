// Package mosquittotest runs a real, private Mosquitto for tests of the
// scale-out mode (lifeline serve --mqtt-external), configured with the
// files `lifeline devices export-mosquitto` writes.
package mosquittotest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"lifeline/ingest"
)

// Broker is a running Mosquitto.
type Broker struct {
	URL string // tcp://127.0.0.1:PORT
	cmd *exec.Cmd
}

// Start runs Mosquitto on a free loopback port with the given accounts,
// workers getting the ingest workers' ACL and everyone else a device's; it
// is stopped when the test ends, and its log printed if the test failed.
func Start(tb testing.TB, workers []string, accounts []ingest.MosquittoAccount) *Broker {
	tb.Helper()
	bin, err := exec.LookPath("mosquitto")
	if err != nil {
		bin = "/usr/sbin/mosquitto"
		if _, err := os.Stat(bin); err != nil {
			tb.Fatal("mosquitto is not installed (apt-get install mosquitto; make test installs it)")
		}
	}
	// Run as root, Mosquitto drops to its own user: the files must be
	// reachable by it (t.TempDir's parent is private).
	dir, err := os.MkdirTemp("", "lifeline-mosquitto-")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	write := func(name string, fill func(*os.File) error) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err == nil {
			err = fill(f)
			f.Close()
		}
		if err != nil {
			tb.Fatal(err)
		}
		os.Chmod(path, 0o644)
		return path
	}
	passwd := write("passwd", func(f *os.File) error { return ingest.WriteMosquittoPasswd(f, accounts) })
	acl := write("acl", func(f *os.File) error { return ingest.WriteMosquittoACL(f, workers) })

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	conf := write("mosquitto.conf", func(f *os.File) error {
		_, err := fmt.Fprintf(f, `listener %d 127.0.0.1
allow_anonymous false
password_file %s
acl_file %s
use_username_as_clientid true
persistence false
max_inflight_messages 200
max_queued_messages 100000
`, port, passwd, acl)
		return err
	})
	logPath := filepath.Join(dir, "mosquitto.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		tb.Fatal(err)
	}
	b := &Broker{URL: fmt.Sprintf("tcp://127.0.0.1:%d", port), cmd: exec.Command(bin, "-c", conf)}
	b.cmd.Stdout, b.cmd.Stderr = logFile, logFile
	if err := b.cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		b.cmd.Process.Signal(syscall.SIGTERM)
		b.cmd.Wait()
		logFile.Close()
		if tb.Failed() {
			out, _ := os.ReadFile(logPath)
			tb.Logf("mosquitto log:\n%s", out)
		}
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return b
		}
		if time.Now().After(deadline) {
			tb.Fatal("mosquitto did not start listening")
		}
	}
}

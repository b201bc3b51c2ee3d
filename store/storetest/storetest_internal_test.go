package storetest

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// The shared cluster's folder stays locked while the process lives, however
// often the garbage collector runs: an unlocked folder is taken for an
// earlier run's and removed by the next test process that starts
// (removeAbandonedClusters), under the running server.
func TestTheClusterStaysLockedWhileInUse(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") != "" {
		t.Skip("an outside server: no private cluster")
	}
	start(t)
	lock := ""
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "lifeline-test-pg-*"))
	for _, d := range dirs {
		if b, _ := os.ReadFile(filepath.Join(d, "lifeline.lock")); string(b) == strconv.Itoa(os.Getpid())+"\n" {
			lock = filepath.Join(d, "lifeline.lock")
		}
	}
	for range 5 {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // let finalizers run
	}
	f, err := os.Open(lock)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if !errors.Is(err, syscall.EWOULDBLOCK) {
		t.Fatalf("the lock on %s could be taken (%v): another test process would remove the running cluster", lock, err)
	}
}

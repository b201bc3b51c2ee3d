package storetest

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// The shared cluster's folder stays locked while the process lives, however
// often the garbage collector runs: an unlocked folder is taken for an
// earlier run's and removed by the next test process that starts
// (removeAbandonedClusters), under the running server.
func TestTheClusterStaysLockedWhileInUse(t *testing.T) {
	// A server of its own, started as the shared one is (whatever
	// TEST_DATABASE_URL says for the others), so there is a cluster to watch.
	t.Setenv("TEST_DATABASE_URL", "")
	srv, err := startServer()
	if err != nil {
		t.Fatal(err)
	}
	// The test holds the server, as the package holds its shared one; the
	// cluster lives on only if the server keeps it.
	t.Cleanup(func() { srv.cluster.Stop() })
	lock := ""
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "lifeline-test-pg-*"))
	for _, d := range dirs {
		if d == srv.cluster.Dir {
			lock = filepath.Join(d, "lifeline.lock")
		}
	}
	if lock == "" {
		t.Fatalf("the cluster's folder %s is not where the next test process looks for abandoned ones", srv.cluster.Dir)
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

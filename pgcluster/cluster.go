// Package pgcluster runs a private PostgreSQL cluster as a child process:
// initdb on first start, ownership of its folder (the "postgres" user when
// run as root), a lock so one process owns it, recovery from a crashed run,
// start, readiness and stop. It is Lifeline's embedded database when no
// DATABASE_URL is given, and the throwaway server of the tests. It speaks no
// SQL of its own: store creates its database.
package pgcluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"lifeline/internal/child"
	"lifeline/store"
)

// clusterUser is the PostgreSQL superuser of a private cluster.
const clusterUser = "lifeline"

// Cluster is a private PostgreSQL cluster that Lifeline owns: created under
// Dir on first start with the machine's PostgreSQL server binaries, started as
// a child process, stopped by Stop. It is the embedded default when no
// DATABASE_URL is given, and the throwaway server of the test helper.
//
// Layout of Dir: data/ (the cluster), postgres.log, password (the loopback
// password), lifeline.lock (held while a process uses the cluster).
//
// Keep the Cluster reachable until Stop: the lock is an open file in it, and
// a Cluster the garbage collector takes closes that file, so another process
// would find the folder unowned (the test helper then removes it under the
// running server).
type Cluster struct {
	Dir string
	// Ephemeral marks a throwaway test cluster: durability is switched off
	// for speed and it listens on its unix socket only.
	Ephemeral bool
	// Attach lets a short-lived command (lifeline devices …) use the
	// cluster that a running lifeline serve owns, instead of failing.
	Attach bool
	// Timescale: Auto (the zero value) preloads TimescaleDB when the
	// extension is installed for these server binaries, Require fails
	// without it, Off never preloads it.
	Timescale store.Timescale
	Logger    *slog.Logger

	bin       string
	cred      *syscall.Credential // set when running as root: the cluster runs as "postgres"
	lock      *os.File
	cmd       *exec.Cmd
	proc      *child.Process
	socketDir string
	tmpSocket bool
	attached  bool
	port      int
	password  string
	timescale bool // the server preloads TimescaleDB
}

// debianBinGlob is where Debian installs each PostgreSQL major version.
var debianBinGlob = "/usr/lib/postgresql/*/bin"

// ErrNoPostgres says the PostgreSQL server binaries are missing.
var ErrNoPostgres = errors.New("PostgreSQL server binaries (initdb, postgres) not found in /usr/lib/postgresql/*/bin or on PATH: " +
	"install them with `apt-get install postgresql` (Debian/Ubuntu), set LIFELINE_PG_BIN to their folder, " +
	"or set DATABASE_URL to use an existing PostgreSQL server")

// Start creates the cluster if it does not exist yet, recovers from a crash
// of an earlier run, and starts PostgreSQL. It returns once the server
// accepts connections and the database "lifeline" exists.
func (c *Cluster) Start(ctx context.Context) error {
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	dir, err := filepath.Abs(c.Dir)
	if err != nil {
		return fmt.Errorf("pgcluster: cluster dir: %w", err)
	}
	c.Dir = dir
	if err := c.prepareDir(); err != nil {
		return err
	}
	if err := c.lockDir(); err != nil {
		if errors.Is(err, errInUse) && c.Attach {
			return c.attach()
		}
		return err
	}
	if err := c.findBinaries(); err != nil {
		c.unlock()
		return err
	}
	if err := c.chooseTimescale(); err != nil {
		c.unlock()
		return err
	}
	if err := c.stopOrphan(); err != nil {
		c.unlock()
		return err
	}
	if err := c.initIfNeeded(ctx); err != nil {
		c.unlock()
		return err
	}
	if err := c.run(ctx); err != nil {
		c.unlock()
		return err
	}
	if err := store.CreateDatabase(ctx, c.URL("postgres"), "lifeline"); err != nil {
		_ = c.Stop()
		return err
	}
	return nil
}

// URL is the connection string for database db over the cluster's unix socket.
func (c *Cluster) URL(db string) string {
	q := url.Values{"host": {c.socketDir}, "port": {strconv.Itoa(c.port)}}
	return (&url.URL{Scheme: "postgres", User: url.User(clusterUser), Path: "/" + db, RawQuery: q.Encode()}).String()
}

// LoopbackURL is the connection string over 127.0.0.1 with the password
// masked, for people and tools; "" for an ephemeral cluster.
func (c *Cluster) LoopbackURL(db string) string {
	if c.Ephemeral {
		return ""
	}
	return fmt.Sprintf("postgres://%s:PASSWORD@127.0.0.1:%d/%s (password in %s)", clusterUser, c.port, db, filepath.Join(c.Dir, "password"))
}

// Stop shuts PostgreSQL down (fast mode: connections are closed, the data is
// checkpointed) and waits for it to exit.
func (c *Cluster) Stop() error {
	if c.attached {
		return nil // the owner stops it
	}
	defer c.unlock()
	if c.cmd == nil {
		return nil
	}
	defer func() {
		if c.tmpSocket {
			os.RemoveAll(c.socketDir)
		}
	}()
	// SIGINT is PostgreSQL's "fast shutdown"; escalate if it hangs.
	for _, step := range []struct {
		sig  syscall.Signal
		wait time.Duration
	}{{syscall.SIGINT, 30 * time.Second}, {syscall.SIGQUIT, 5 * time.Second}, {syscall.SIGKILL, 5 * time.Second}} {
		_ = c.cmd.Process.Signal(step.sig)
		select {
		case <-c.proc.Done:
			c.Logger.Info("private PostgreSQL stopped", "dir", c.Dir)
			return nil
		case <-time.After(step.wait):
		}
	}
	return fmt.Errorf("pgcluster: PostgreSQL (pid %d) did not stop", c.cmd.Process.Pid)
}

// Preloads reports whether the running server preloads TimescaleDB.
func (c *Cluster) Preloads() bool { return c.timescale }

// TimescaleInstalled reports whether the TimescaleDB extension is installed
// for the PostgreSQL server binaries in binDir (its control file is in the
// server's share directory).
func TimescaleInstalled(binDir string) bool {
	share := ""
	if out, err := exec.Command(filepath.Join(binDir, "pg_config"), "--sharedir").Output(); err == nil {
		share = strings.TrimSpace(string(out))
	} else if major := pgMajor(binDir); major > 0 {
		share = fmt.Sprintf("/usr/share/postgresql/%d", major) // Debian's layout
	}
	_, err := os.Stat(filepath.Join(share, "extension", "timescaledb.control"))
	return share != "" && err == nil
}

func (c *Cluster) chooseTimescale() error {
	switch c.Timescale {
	case store.TimescaleOff:
		c.timescale = false
	case store.TimescaleRequire:
		if !TimescaleInstalled(c.bin) {
			return fmt.Errorf("pgcluster: TimescaleDB is required but not installed for the PostgreSQL server in %s", c.bin)
		}
		c.timescale = true
	default:
		c.timescale = TimescaleInstalled(c.bin)
	}
	return nil
}

func (c *Cluster) dataDir() string { return filepath.Join(c.Dir, "data") }

// prepareDir creates Dir and, as root, hands it to the postgres user, because
// initdb and postgres refuse to run as root.
func (c *Cluster) prepareDir() error {
	// Parents stay traversable (the cluster may run as "postgres"); the
	// cluster's own folder is private.
	if err := os.MkdirAll(filepath.Dir(c.Dir), 0o755); err != nil {
		return fmt.Errorf("pgcluster: create cluster dir: %w", err)
	}
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return fmt.Errorf("pgcluster: create cluster dir: %w", err)
	}
	if os.Geteuid() != 0 {
		return nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return fmt.Errorf("pgcluster: running as root, the private cluster must run as the system user \"postgres\", which does not exist (apt-get install postgresql creates it): %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	c.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: true}
	if blocked := unreachableAncestor(c.Dir, uid, gid); blocked != "" {
		return fmt.Errorf("pgcluster: running as root, the private cluster runs as user \"postgres\", which cannot enter %s: choose a data directory outside it (--data-dir or LIFELINE_DATA_DIR), or use DATABASE_URL", blocked)
	}
	return chownTree(c.Dir, uid, gid)
}

// unreachableAncestor returns the first folder on the way to dir that uid/gid
// may not traverse, or "".
func unreachableAncestor(dir string, uid, gid int) string {
	for p := filepath.Dir(dir); ; p = filepath.Dir(p) {
		info, err := os.Stat(p)
		if err == nil {
			st := info.Sys().(*syscall.Stat_t)
			mode := info.Mode().Perm()
			ok := mode&0o001 != 0 ||
				(int(st.Gid) == gid && mode&0o010 != 0) ||
				(int(st.Uid) == uid && mode&0o100 != 0)
			if !ok {
				return p
			}
		}
		if p == "/" || p == "." {
			return ""
		}
	}
}

// chownTree gives dir to uid:gid. Files may vanish during the walk: after a
// crash, the earlier run's PostgreSQL can still be shutting down and
// removing its postmaster.pid and temporary files.
func chownTree(dir string, uid, gid int) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			var info fs.FileInfo
			if info, err = d.Info(); err == nil {
				if st := info.Sys().(*syscall.Stat_t); int(st.Uid) == uid && int(st.Gid) == gid {
					return nil
				}
				err = os.Lchown(p, uid, gid)
			}
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	})
}

// lockDir makes sure only one process uses the cluster at a time. The lock
// dies with the process, so a crash never leaves it held.
func (c *Cluster) lockDir() error {
	f, err := os.OpenFile(filepath.Join(c.Dir, "lifeline.lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("pgcluster: lock cluster dir: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(f.Name())
		f.Close()
		return fmt.Errorf("%w: the private cluster in %s is in use by another lifeline process (pid %s); stop it first or use another --data-dir", errInUse, c.Dir, strings.TrimSpace(string(holder)))
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	c.lock = f
	return nil
}

var errInUse = errors.New("pgcluster: cluster in use")

// attach joins the server another lifeline process runs on this cluster,
// found through postmaster.pid (pid, data dir, start time, port, socket dir).
func (c *Cluster) attach() error {
	raw, err := os.ReadFile(filepath.Join(c.dataDir(), "postmaster.pid"))
	if err != nil {
		return fmt.Errorf("pgcluster: the cluster in %s is in use but not running yet; try again in a moment", c.Dir)
	}
	lines := strings.Split(string(raw), "\n")
	if len(lines) < 5 {
		return fmt.Errorf("pgcluster: unreadable postmaster.pid in %s", c.dataDir())
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(lines[0]))
	port, err := strconv.Atoi(strings.TrimSpace(lines[3]))
	if err != nil || !processAlive(pid) {
		return fmt.Errorf("pgcluster: the cluster in %s is in use but its server is not running", c.Dir)
	}
	c.port, c.socketDir, c.attached = port, strings.TrimSpace(lines[4]), true
	return nil
}

func (c *Cluster) unlock() {
	if c.lock != nil {
		c.lock.Close()
		c.lock = nil
	}
}

// findBinaries picks the server binaries: LIFELINE_PG_BIN, else the newest
// /usr/lib/postgresql/N/bin (the one matching an existing cluster first),
// else PATH.
func (c *Cluster) findBinaries() error {
	want, _ := os.ReadFile(filepath.Join(c.dataDir(), "PG_VERSION"))
	var candidates []string
	if env := os.Getenv("LIFELINE_PG_BIN"); env != "" {
		candidates = append(candidates, env)
	}
	debian, _ := filepath.Glob(debianBinGlob)
	sort.Slice(debian, func(i, j int) bool { return pgMajor(debian[i]) > pgMajor(debian[j]) })
	if v := strings.TrimSpace(string(want)); v != "" {
		for _, d := range debian {
			if strconv.Itoa(pgMajor(d)) == v {
				candidates = append(candidates, d)
			}
		}
	}
	candidates = append(candidates, debian...)
	if p, err := exec.LookPath("initdb"); err == nil {
		candidates = append(candidates, filepath.Dir(p))
	}
	for _, d := range candidates {
		if isExecutable(filepath.Join(d, "initdb")) && isExecutable(filepath.Join(d, "postgres")) {
			c.bin = d
			return nil
		}
	}
	return ErrNoPostgres
}

func pgMajor(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

func isExecutable(p string) bool {
	info, err := os.Stat(p)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}

// stopOrphan deals with postmaster.pid left by a run that crashed: a live
// postgres on our data dir is an orphan (we hold the lock), so it is shut
// down; a stale file whose pid is gone or reused is removed.
func (c *Cluster) stopOrphan() error {
	pidFile := filepath.Join(c.dataDir(), "postmaster.pid")
	raw, err := os.ReadFile(pidFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return fmt.Errorf("pgcluster: read %s: %w", pidFile, err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(raw), "\n", 2)[0]))
	if pid > 0 && isPostgresOn(pid, c.dataDir()) {
		c.Logger.Warn("stopping an orphaned private PostgreSQL left by an earlier run", "pid", pid)
		_ = syscall.Kill(pid, syscall.SIGINT)
		deadline := time.Now().Add(30 * time.Second)
		for processAlive(pid) {
			if time.Now().After(deadline) {
				return fmt.Errorf("pgcluster: orphaned PostgreSQL (pid %d) on %s does not stop", pid, c.dataDir())
			}
			time.Sleep(50 * time.Millisecond)
		}
		return nil
	}
	c.Logger.Warn("removing a stale postmaster.pid left by a crash", "pid", pid)
	if err := os.Remove(pidFile); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("pgcluster: remove stale %s: %w", pidFile, err)
	}
	return nil
}

func processAlive(pid int) bool {
	_, err := os.Stat(fmt.Sprintf("/proc/%d", pid))
	return err == nil
}

// isPostgresOn reports whether pid is a postgres server for dataDir.
func isPostgresOn(pid int, dataDir string) bool {
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return false
	}
	args := strings.Split(string(cmdline), "\x00")
	return len(args) > 0 && filepath.Base(args[0]) == "postgres" && strings.Contains(string(cmdline), dataDir)
}

func (c *Cluster) initIfNeeded(ctx context.Context) error {
	if _, err := os.Stat(filepath.Join(c.dataDir(), "PG_VERSION")); err == nil {
		pw, err := os.ReadFile(filepath.Join(c.Dir, "password"))
		if err != nil && !c.Ephemeral {
			return fmt.Errorf("pgcluster: read cluster password: %w", err)
		}
		c.password = strings.TrimSpace(string(pw))
		return nil
	}
	// A data dir without PG_VERSION is what an interrupted initdb leaves.
	if err := os.RemoveAll(c.dataDir()); err != nil {
		return fmt.Errorf("pgcluster: remove incomplete cluster: %w", err)
	}
	c.password = randomHex(24)
	pwFile := filepath.Join(c.Dir, "password")
	if err := c.writeOwned(pwFile, c.password+"\n"); err != nil {
		return err
	}
	args := []string{"-D", c.dataDir(), "-U", clusterUser, "--pwfile", pwFile,
		"--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8"}
	if c.Ephemeral {
		args = append(args, "--no-sync")
	}
	start := time.Now()
	out, err := c.command(ctx, "initdb", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("pgcluster: initdb %s: %w\n%s", c.dataDir(), err, out)
	}
	c.Logger.Info("created private PostgreSQL cluster", "dir", c.dataDir(), "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// writeOwned writes a 0600 file that the cluster's user owns.
func (c *Cluster) writeOwned(path, content string) error {
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		return fmt.Errorf("pgcluster: write %s: %w", path, err)
	}
	if c.cred != nil {
		if err := os.Chown(path, int(c.cred.Uid), int(c.cred.Gid)); err != nil {
			return fmt.Errorf("pgcluster: chown %s: %w", path, err)
		}
	}
	return nil
}

func (c *Cluster) command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, filepath.Join(c.bin, name), args...)
	cmd.Dir = c.Dir // root's cwd may be closed to "postgres"
	cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	return cmd
}

// run starts postgres and waits until it accepts connections. A busy port is
// retried with another free one.
func (c *Cluster) run(ctx context.Context) error {
	if err := c.chooseSocketDir(); err != nil {
		return err
	}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.startOnce(ctx); err == nil {
			return nil
		}
		if !strings.Contains(err.Error(), "could not bind") && !strings.Contains(err.Error(), "Address already in use") {
			return err
		}
	}
	return err
}

// chooseSocketDir puts the socket in Dir unless that path is too long for a
// unix socket (108 bytes on Linux), then in a private temporary folder.
func (c *Cluster) chooseSocketDir() error {
	c.socketDir = c.Dir
	if len(c.Dir)+len("/.s.PGSQL.65535.lock") < 100 {
		return nil
	}
	dir, err := os.MkdirTemp("", "lifeline-pg-")
	if err != nil {
		return fmt.Errorf("pgcluster: socket dir: %w", err)
	}
	if c.cred != nil {
		_ = os.Chown(dir, int(c.cred.Uid), int(c.cred.Gid))
	}
	c.socketDir, c.tmpSocket = dir, true
	return nil
}

func (c *Cluster) startOnce(ctx context.Context) error {
	args := []string{"-D", c.dataDir(), "-k", c.socketDir, "-c", "unix_socket_permissions=0700"}
	if c.Ephemeral {
		// Throwaway data: durability off, and no TCP port to collide on.
		c.port = 5432
		args = append(args, "-p", "5432", "-c", "listen_addresses=", "-c", "fsync=off",
			"-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300")
	} else {
		port, err := freePort()
		if err != nil {
			return err
		}
		c.port = port
		args = append(args, "-p", strconv.Itoa(port), "-c", "listen_addresses=127.0.0.1")
	}
	if c.timescale {
		args = append(args, timescaleSettings(c.Ephemeral)...)
	}
	logPath := filepath.Join(c.Dir, "postgres.log")
	logFile, err := os.OpenFile(logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("pgcluster: open %s: %w", logPath, err)
	}
	defer logFile.Close()
	logStart, _ := logFile.Seek(0, 2)

	cmd := c.command(context.Background(), "postgres", args...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	// Own process group: a Ctrl-C in the terminal reaches lifeline, which
	// shuts down in order, not PostgreSQL under it; if lifeline dies
	// without stopping it, PostgreSQL gets SIGINT, a fast shutdown.
	proc, err := child.Start(cmd, syscall.SIGINT)
	if err != nil {
		return fmt.Errorf("pgcluster: start postgres: %w", err)
	}
	c.cmd, c.proc = cmd, proc

	deadline := time.Now().Add(60 * time.Second)
	for {
		err := store.Ping(ctx, c.URL("postgres"))
		if err == nil {
			return nil
		}
		select {
		case <-proc.Done:
			c.cmd = nil
			return fmt.Errorf("pgcluster: postgres exited during start (%v); its log says:\n%s", proc.Err, tailFrom(logPath, logStart))
		case <-ctx.Done():
			_ = c.Stop()
			return ctx.Err()
		case <-time.After(25 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			_ = c.Stop()
			return fmt.Errorf("pgcluster: postgres did not accept connections within 60s: %w; its log says:\n%s", err, tailFrom(logPath, logStart))
		}
	}
}

// timescaleSettings preload TimescaleDB and give its job scheduler enough
// background workers: one scheduler per database that has the extension plus
// one per running job. A test cluster holds many databases at once; the
// private cluster one, with four policies. Telemetry stays off: Lifeline does
// not report to anyone.
func timescaleSettings(ephemeral bool) []string {
	workers, processes := 8, 16
	if ephemeral {
		workers, processes = 48, 64
	}
	return []string{"-c", "shared_preload_libraries=timescaledb",
		"-c", "timescaledb.max_background_workers=" + strconv.Itoa(workers),
		"-c", "max_worker_processes=" + strconv.Itoa(processes),
		"-c", "timescaledb.telemetry_level=off"}
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("pgcluster: find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func tailFrom(path string, offset int64) string {
	raw, err := os.ReadFile(path)
	if err != nil || offset > int64(len(raw)) {
		return ""
	}
	out := raw[offset:]
	if len(out) > 4000 {
		out = out[len(out)-4000:]
	}
	return string(out)
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	return hex.EncodeToString(b)
}

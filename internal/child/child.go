// Package child starts helper processes (the private PostgreSQL under
// lifeline; a test's servers, brokers and load generators) so that they die
// with the process that started them, even when that one is SIGKILLed or
// its test binary times out and no cleanup runs: each child gets its own
// process group and a signal on its parent's death (Linux's Pdeathsig).
package child

import (
	"os/exec"
	"runtime"
	"syscall"
)

// Process is a started child.
type Process struct {
	Cmd *exec.Cmd
	// Done is closed once the child has exited and Err holds what
	// cmd.Wait returned.
	Done chan struct{}
	Err  error
}

// Start starts cmd in its own process group (a Ctrl-C in the terminal
// reaches the test, which stops its children in order) with onParentDeath
// sent to it if the starting process dies first.
func Start(cmd *exec.Cmd, onParentDeath syscall.Signal) (*Process, error) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.SysProcAttr.Pdeathsig = onParentDeath
	p := &Process{Cmd: cmd, Done: make(chan struct{})}
	started := make(chan error, 1)
	go func() {
		// Pdeathsig fires when the thread that started the child exits,
		// not the process: that thread stays locked to this goroutine
		// for the child's life.
		runtime.LockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		p.Err = cmd.Wait()
		close(p.Done)
	}()
	if err := <-started; err != nil {
		return nil, err
	}
	return p, nil
}

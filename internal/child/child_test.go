package child

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestChildDiesWithItsParent: a process started by Start is SIGKILLed when
// the process that started it is, without any cleanup running.
func TestChildDiesWithItsParent(t *testing.T) {
	if os.Getenv("CHILD_TEST_PARENT") == "1" {
		p, err := Start(exec.Command("sleep", "300"), syscall.SIGKILL)
		if err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Println(p.Cmd.Process.Pid)
		<-p.Done
		return
	}
	parent := exec.Command(os.Args[0], "-test.run", "^TestChildDiesWithItsParent$")
	parent.Env = append(os.Environ(), "CHILD_TEST_PARENT=1")
	out, err := parent.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	pid, err := strconv.Atoi(line[:max(0, len(line)-1)])
	if err != nil {
		parent.Process.Kill()
		t.Fatalf("the parent printed %q", line)
	}
	if pgid, _ := syscall.Getpgid(pid); pgid != pid {
		t.Errorf("the child's process group is %d, want its own (%d)", pgid, pid)
	}
	parent.Process.Kill()
	parent.Wait()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if !alive(pid) {
			return
		}
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the child %d outlived its SIGKILLed parent", pid)
		}
	}
}

// alive: the process exists and is not a zombie (an orphan waits for
// whoever adopts it to reap it).
func alive(pid int) bool {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	var p int
	var comm, state string
	fmt.Sscanf(string(raw), "%d %s %s", &p, &comm, &state)
	return state != "Z"
}

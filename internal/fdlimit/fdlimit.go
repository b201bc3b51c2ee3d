// Package fdlimit raises the process's open-file limit, so one process can
// hold a socket per connected bracelet (100,000 and more).
package fdlimit

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Raise lifts RLIMIT_NOFILE as far as it may go: the hard limit up to the
// kernel's fs.nr_open where the process is allowed to (root), and the soft
// limit to the hard one. Go itself raises only the soft limit, and a
// 20,000 hard limit (this machine's default) is too few for a horde. It
// returns the soft limit in force afterwards.
func Raise() uint64 {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0
	}
	if raw, err := os.ReadFile("/proc/sys/fs/nr_open"); err == nil {
		if max, err := strconv.ParseUint(strings.TrimSpace(string(raw)), 10, 64); err == nil && max > lim.Max {
			want := syscall.Rlimit{Cur: max, Max: max}
			if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want) == nil {
				return max
			}
		}
	}
	if lim.Cur < lim.Max {
		lim.Cur = lim.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	}
	_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim)
	return lim.Cur
}

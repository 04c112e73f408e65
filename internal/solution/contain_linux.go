package solution

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// How a run's processes are contained on Linux. Every program starts in
// a session of its own (so in a process group of its own), with
// SIGKILL as its parent-death signal: should gamels die, even by
// SIGKILL, the program dies with it. What it starts is contained in one
// of two ways, chosen at the first run:
//
//   - Cgroup: the program starts in a cgroup v2 of its own (made beside
//     gamels's own cgroup, entered at the clone: CLONE_INTO_CGROUP), and
//     the whole cgroup is killed (cgroup.kill): nothing the program
//     starts can leave it, whatever it does with sessions, groups or
//     forks. Run returns once the cgroup is empty. It needs a cgroup v2
//     hierarchy where gamels may make a cgroup (root; a user's own
//     cgroups, which systemd delegates to each user) and Linux 5.14.
//   - Subreaper: else gamels becomes a child subreaper
//     (PR_SET_CHILD_SUBREAPER): a process whose parent exits is adopted
//     by gamels instead of init. After each run, gamels kills the
//     program's process group, then every process it adopted from a
//     session other than its own (a program's descendants are never in
//     gamels's session), and reaps them. What is left out: a process
//     still running under a parent that still runs when the run ends
//     (the process group's kill reaches it unless it left the group).
//
// Should gamels itself be killed with SIGKILL, only the program is
// killed (its parent-death signal): in a cgroup, what it started stays
// until the cgroup is killed; under the subreaper, it is adopted by init.

// Containment says how the runs of this process are contained; the first
// call chooses.
func Containment() Mode {
	contain.once.Do(chooseMode)
	return contain.mode
}

var contain struct {
	once sync.Once
	mode Mode
	// parent is the cgroup v2 directory where the runs' cgroups are made.
	parent string
	seq    atomic.Uint64

	// mu orders the starts of programs with the sweeps of what gamels
	// adopted (subreaper): a program just started is never taken for an
	// adopted process.
	mu      sync.Mutex
	running map[int]bool // the programs started and not yet reaped
}

// chooseMode chooses a cgroup when one can be made and killed, else the
// subreaper.
func chooseMode() {
	if dir, err := cgroupParent(); err == nil {
		if cg, err := newCgroup(dir); err == nil {
			cg.remove()
			contain.parent, contain.mode = dir, ModeCgroup
			removeStale(dir)
			return
		}
	}
	subreaper()
}

// removeStale kills and removes the cgroups of runs whose gamels is gone
// (killed with SIGKILL, it could not): what their programs started
// lives until the next gamels that runs a program.
func removeStale(parent string) {
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		var pid, seq int
		if n, _ := fmt.Sscanf(e.Name(), "gamels-%d-%d", &pid, &seq); n != 2 || !e.IsDir() {
			continue
		}
		if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); err == nil {
			continue
		}
		cg := &cgroup{dir: filepath.Join(parent, e.Name()), fd: -1}
		cg.kill()
		cg.remove()
	}
}

func subreaper() {
	contain.mode = ModeSubreaper
	unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
}

// cgroupParent returns the directory of this process's cgroup v2.
func cgroupParent() (string, error) {
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", err
	}
	var path string
	for _, line := range strings.Split(string(b), "\n") {
		if p, ok := strings.CutPrefix(line, "0::"); ok {
			path = p
		}
	}
	if path == "" {
		return "", errors.New("no cgroup v2")
	}
	mount, root, err := cgroup2Mount()
	if err != nil {
		return "", err
	}
	rel, ok := strings.CutPrefix(path, root)
	if !ok {
		return "", errors.New("the cgroup is outside the mounted hierarchy")
	}
	return filepath.Join(mount, rel), nil
}

// cgroup2Mount returns where the cgroup v2 hierarchy is mounted, and the
// cgroup mounted there.
func cgroup2Mount() (mount, root string, err error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return "", "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER
		fields := strings.Fields(sc.Text())
		sep := -1
		for i, f := range fields {
			if f == "-" {
				sep = i
				break
			}
		}
		if sep < 5 || sep+1 >= len(fields) || fields[sep+1] != "cgroup2" {
			continue
		}
		return unescapeMount(fields[4]), unescapeMount(fields[3]), nil
	}
	return "", "", errors.New("no cgroup v2 hierarchy mounted")
}

// unescapeMount decodes the octal escapes of mountinfo (\040 a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// A cgroup is the cgroup v2 of one run.
type cgroup struct {
	dir string
	fd  int // the directory, open, for CLONE_INTO_CGROUP
}

// newCgroup makes a cgroup in parent, one that can be killed whole.
func newCgroup(parent string) (*cgroup, error) {
	dir := filepath.Join(parent, fmt.Sprintf("gamels-%d-%d", os.Getpid(), contain.seq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	cg := &cgroup{dir: dir, fd: -1}
	if _, err := os.Stat(filepath.Join(dir, "cgroup.kill")); err != nil {
		cg.remove()
		return nil, err
	}
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		cg.remove()
		return nil, err
	}
	cg.fd = fd
	return cg, nil
}

// kill kills every process of the cgroup.
func (cg *cgroup) kill() error {
	return os.WriteFile(filepath.Join(cg.dir, "cgroup.kill"), []byte("1"), 0)
}

// empty reports whether no process is left in the cgroup.
func (cg *cgroup) empty() bool {
	b, err := os.ReadFile(filepath.Join(cg.dir, "cgroup.events"))
	return err != nil || bytes.Contains(b, []byte("populated 0"))
}

// remove kills what is in the cgroup, waits for it to be empty and
// removes it. Killed processes are gone in microseconds; one that the
// kernel holds (uninterruptible I/O) is waited for in the background.
func (cg *cgroup) remove() {
	if cg.fd >= 0 {
		unix.Close(cg.fd)
		cg.fd = -1
	}
	try := func() bool {
		if cg.empty() {
			return os.Remove(cg.dir) == nil || !exists(cg.dir)
		}
		cg.kill()
		return false
	}
	for wait := 50 * time.Microsecond; wait < time.Second; wait *= 2 {
		if try() {
			return
		}
		time.Sleep(wait)
	}
	go func() {
		for range 60 {
			if try() {
				return
			}
			time.Sleep(time.Second)
		}
	}()
}

func exists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// A tree is the processes of one run: the program and what it starts.
type tree struct {
	cg    *cgroup
	pid   atomic.Int64 // the program's, once started: kill may run meanwhile
	ended bool
}

func newTree() *tree {
	t := &tree{}
	if Containment() == ModeCgroup {
		cg, err := newCgroup(contain.parent)
		if err == nil {
			t.cg = cg
		}
	}
	return t
}

// configure sets how cmd starts: a session of its own, killed when
// gamels dies, in the run's cgroup.
func (t *tree) configure(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	if t.cg != nil {
		cmd.SysProcAttr.UseCgroupFD = true
		cmd.SysProcAttr.CgroupFD = t.cg.fd
	}
}

// start starts cmd. When the kernel does not start it in the run's
// cgroup (no clone3, a cgroup it refuses), it starts the command remake
// makes, without one; when that one starts, no later run tries a cgroup.
func (t *tree) start(cmd *exec.Cmd, remake func() *exec.Cmd) (*exec.Cmd, error) {
	contain.mu.Lock()
	defer contain.mu.Unlock()
	err := cmd.Start()
	if err != nil && t.cg != nil {
		t.cg.remove()
		t.cg = nil
		cmd = remake()
		if err = cmd.Start(); err == nil {
			subreaper()
		}
	}
	if err != nil {
		return cmd, err
	}
	t.pid.Store(int64(cmd.Process.Pid))
	if contain.running == nil {
		contain.running = map[int]bool{}
	}
	contain.running[cmd.Process.Pid] = true
	return cmd, nil
}

// kill kills the processes of the run, at a limit or an interrupt.
func (t *tree) kill() error {
	if t.cg != nil {
		return t.cg.kill()
	}
	pid := int(t.pid.Load())
	if pid == 0 {
		return nil
	}
	return syscall.Kill(-pid, syscall.SIGKILL)
}

// end kills what the program left running once it was reaped, and
// returns when it is gone. Only the first call does anything.
func (t *tree) end() {
	if t.ended {
		return
	}
	t.ended = true
	if t.cg != nil {
		t.cg.remove()
	}
	pid := int(t.pid.Load())
	if pid == 0 {
		return
	}
	contain.mu.Lock()
	delete(contain.running, pid)
	contain.mu.Unlock()
	if t.cg != nil {
		return
	}
	syscall.Kill(-pid, syscall.SIGKILL)
	if contain.mode == ModeSubreaper {
		sweep()
	}
}

// sweep kills and reaps the processes gamels adopted as a subreaper:
// its children that are not programs it started and not in its own
// session (a program starts in a session of its own, and its
// descendants cannot join gamels's). It goes on until none is left, as
// a process killed may leave orphans of its own.
func sweep() {
	self := os.Getpid()
	sid, _ := unix.Getsid(0)
	for wait := 100 * time.Microsecond; wait < 2*time.Second; wait *= 2 {
		contain.mu.Lock()
		var adopted []int
		for _, p := range children(self) {
			if contain.running[p] {
				continue
			}
			if s, err := unix.Getsid(p); err == nil && s == sid {
				continue
			}
			adopted = append(adopted, p)
			syscall.Kill(p, syscall.SIGKILL)
		}
		contain.mu.Unlock()
		left := 0
		for _, p := range adopted {
			var ws unix.WaitStatus
			if got, err := unix.Wait4(p, &ws, unix.WNOHANG, nil); got == 0 && err == nil {
				left++
			}
		}
		if len(adopted) == 0 {
			return
		}
		if left > 0 {
			time.Sleep(wait)
		}
	}
}

// children lists the processes whose parent is this process: from the
// children file of each of its threads (Linux 4.2 with
// CONFIG_PROC_CHILDREN, which most distributions have), else from the
// stat file of every process.
func children(self int) []int {
	if _, err := os.Stat("/proc/self/task/" + strconv.Itoa(self) + "/children"); err != nil {
		return scanChildren(self)
	}
	tasks, _ := os.ReadDir("/proc/self/task")
	var kids []int
	for _, task := range tasks {
		b, _ := os.ReadFile("/proc/self/task/" + task.Name() + "/children")
		for _, f := range strings.Fields(string(b)) {
			if p, err := strconv.Atoi(f); err == nil {
				kids = append(kids, p)
			}
		}
	}
	return kids
}

// scanChildren lists the processes whose parent is pid, from the stat
// file of every process.
func scanChildren(pid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var kids []int
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// PID (COMM) STATE PPID ...: COMM may hold spaces and parentheses.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			kids = append(kids, p)
		}
	}
	return kids
}

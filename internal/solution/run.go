package solution

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Limits bound one run. A zero field means no limit.
type Limits struct {
	Time   time.Duration // wall-clock time from start to exit
	Output int64         // bytes written to standard output
	// Memory is the address space of the program and of each process it
	// starts (RLIMIT_AS, set on Linux as soon as the program has
	// started; elsewhere not enforced). An allocation beyond it fails,
	// which most programs report by crashing.
	Memory int64
}

// DefaultLimits are generous for the contest problems, whose accepted
// solutions run in well under a second and a few MiB.
var DefaultLimits = Limits{Time: 10 * time.Second, Output: 64 << 20, Memory: 2 << 30}

// Ending says how a run ended.
type Ending uint8

// Endings.
const (
	Exited      Ending = iota // the program exited by itself (see Result.Exit)
	Signaled                  // the program was killed by a signal it did not expect
	TimeLimit                 // killed at the time limit
	OutputLimit               // killed when its output passed the limit
	Interrupted               // killed because the caller's context was done
)

// Result is what a run did.
type Result struct {
	Ending Ending
	Exit   int    // the exit status when Ending is Exited
	Signal string // the signal's name when Ending is Signaled
	Stdout []byte // standard output, at most Limits.Output bytes
	// StderrTail is the end of standard error: its last StderrTail
	// bytes at most.
	StderrTail []byte
	Time       time.Duration // wall-clock time
	CPU        time.Duration // user + system time of the program
	MaxRSS     int64         // the largest resident set, in bytes, when known
}

// TailSize is the most of standard error a Result keeps.
const TailSize = 2048

// OK reports whether the program exited by itself with status 0.
func (r *Result) OK() bool { return r.Ending == Exited && r.Exit == 0 }

// String says how the run ended, with its time: "exited with status 3
// after 0.41 s", "killed at the time limit of 10 s".
func (r *Result) String() string {
	t := fmt.Sprintf("%.2f s", r.Time.Seconds())
	switch r.Ending {
	case Signaled:
		return fmt.Sprintf("killed by %s after %s", r.Signal, t)
	case TimeLimit:
		return fmt.Sprintf("killed at the time limit, after %s", t)
	case OutputLimit:
		return fmt.Sprintf("killed after %s: it printed more than the output limit, %d bytes", t, len(r.Stdout))
	case Interrupted:
		return fmt.Sprintf("interrupted after %s", t)
	}
	return fmt.Sprintf("exited with status %d after %s", r.Exit, t)
}

// A StartError says why a program could not be started.
type StartError struct {
	Name string // the program as written
	Err  error
}

func (e *StartError) Error() string {
	return fmt.Sprintf("cannot start %q: %v", e.Name, e.Err)
}

func (e *StartError) Unwrap() error { return e.Err }

// Run runs argv[0] (found as exec.LookPath finds it) with the arguments
// argv[1:], input on its standard input, under the limits lim. It
// returns a *StartError when the program cannot be started; otherwise a
// Result, also when the program failed. When ctx is done the program
// and the processes it started are killed and the Result says
// Interrupted.
func Run(ctx context.Context, argv []string, input []byte, lim Limits) (*Result, error) {
	if len(argv) == 0 {
		return nil, &StartError{Err: errors.New("no program")}
	}
	path, err := lookPath(argv[0])
	if err != nil {
		return nil, &StartError{Name: argv[0], Err: err}
	}
	runCtx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	if lim.Time > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeoutCause(runCtx, lim.Time, errTime)
		defer cancel()
	}
	out := &capped{limit: lim.Output, over: func() { stop(errOutput) }}
	tail := &tailWriter{}
	// The program writes into pipes of our own, read by our own
	// goroutines: after it exits they read on until every process that
	// holds a pipe is gone, so output the program wrote is never lost to
	// a reader that was slow to be scheduled.
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, err
	}
	t := newTree()
	defer t.end()
	newCmd := func() *exec.Cmd {
		cmd := exec.CommandContext(runCtx, path, argv[1:]...)
		cmd.Args[0] = argv[0]
		cmd.Stdin = bytes.NewReader(input)
		cmd.Stdout, cmd.Stderr = outW, errW
		t.configure(cmd)
		cmd.Cancel = t.kill
		cmd.WaitDelay = 200 * time.Millisecond
		return cmd
	}
	start := time.Now()
	cmd, err := t.start(newCmd(), newCmd)
	outW.Close()
	errW.Close()
	read := drain(outR, out, errR, tail)
	if err != nil {
		read(0)
		return nil, &StartError{Name: argv[0], Err: startReason(err)}
	}
	limitMemory(cmd.Process.Pid, lim.Memory)
	werr := cmd.Wait()
	elapsed := time.Since(start)
	t.end() // whatever it started and left running
	// Once the tree is gone the pipes reach their end at once. A process
	// that escaped where the tree cannot be contained may hold them: stop
	// reading after a grace period then.
	read(2 * time.Second)
	r := &Result{Time: elapsed, Stdout: out.buf.Bytes(), StderrTail: tail.bytes()}
	if ps := cmd.ProcessState; ps != nil {
		r.CPU = ps.UserTime() + ps.SystemTime()
		r.MaxRSS = maxRSS(ps)
	}
	switch cause := context.Cause(runCtx); {
	case ctx.Err() != nil:
		r.Ending = Interrupted
	case errors.Is(cause, errTime):
		r.Ending = TimeLimit
	case errors.Is(cause, errOutput):
		r.Ending = OutputLimit
	default:
		ws, ok := waitStatus(cmd.ProcessState)
		switch {
		case ok && ws.Signaled():
			r.Ending, r.Signal = Signaled, signalName(ws.Signal())
		case cmd.ProcessState != nil:
			r.Ending, r.Exit = Exited, cmd.ProcessState.ExitCode()
		default:
			return nil, werr
		}
	}
	return r, nil
}

var (
	errTime   = errors.New("time limit")
	errOutput = errors.New("output limit")
)

// lookPath finds the program as exec does, with plainer reasons: a
// directory, a file that is not executable, a name not found.
func lookPath(name string) (string, error) {
	if strings.ContainsRune(name, os.PathSeparator) {
		info, err := os.Stat(name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return "", errors.New("no such file")
		case err != nil:
			return "", err
		case info.IsDir():
			return "", errors.New("it is a directory")
		case info.Mode()&0o111 == 0:
			return "", errors.New("it is not executable (chmod +x?)")
		}
		return name, nil
	}
	p, err := exec.LookPath(name)
	if err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return "", errors.New("not found in $PATH (write ./" + name + " for a program in this directory)")
		}
		return "", err
	}
	return p, nil
}

func startReason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// drain copies the two pipes into out and tail until their ends; the
// function it returns waits for both, closing the pipes after grace (at
// once when grace is 0) if they have not ended by then.
func drain(outR *os.File, out io.Writer, errR *os.File, tail io.Writer) func(grace time.Duration) {
	done := make(chan struct{}, 2)
	cp := func(w io.Writer, r *os.File) {
		if _, err := io.Copy(w, r); err != nil {
			io.Copy(io.Discard, r) // past the output limit: keep the pipe flowing until the kill
		}
		done <- struct{}{}
	}
	go cp(out, outR)
	go cp(tail, errR)
	return func(grace time.Duration) {
		timer := time.NewTimer(grace)
		defer timer.Stop()
		for n := 0; n < 2; {
			select {
			case <-done:
				n++
			case <-timer.C:
				outR.Close()
				errR.Close()
				timer.Reset(time.Hour)
			}
		}
		outR.Close()
		errR.Close()
	}
}

// capped keeps at most limit bytes (all when limit is 0) and calls over
// once when more come.
type capped struct {
	buf   bytes.Buffer
	limit int64
	over  func()
	done  bool
}

func (c *capped) Write(p []byte) (int, error) {
	if c.limit > 0 && int64(c.buf.Len()+len(p)) > c.limit {
		c.buf.Write(p[:c.limit-int64(c.buf.Len())])
		if !c.done {
			c.done = true
			c.over()
		}
		return 0, errOutput
	}
	return c.buf.Write(p)
}

// tailWriter keeps the last TailSize bytes written.
type tailWriter struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*TailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-TailSize:]...)
	}
	return len(p), nil
}

func (t *tailWriter) bytes() []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf[max(0, len(t.buf)-TailSize):]
}

func waitStatus(ps *os.ProcessState) (ws syscall.WaitStatus, ok bool) {
	if ps == nil {
		return ws, false
	}
	ws, ok = ps.Sys().(syscall.WaitStatus)
	return ws, ok
}

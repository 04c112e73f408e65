package solution

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamels/internal/proctest"
)

// escapes are programs that start a process meant to outlive them, out
// of their process group: each writes the pids to keep an eye on, one a
// line, to the file $0.
var escapes = []struct{ name, script string }{
	// setsid in a background job, which is not a group leader: the same
	// process makes a session of its own and holds the output open.
	{"setsid", `setsid sleep 300 & echo $! >>"$0"`},
	// setsid -f forks first; the output is not held.
	{"setsid -f", `setsid -f sh -c 'echo $$ >>"$0"; exec sleep 300' "$0" >/dev/null 2>&1; while ! [ -s "$0" ]; do sleep 0.01; done`},
	// A double fork: the middle process exits at once, the last one
	// makes a session of its own.
	{"double fork", `(setsid sh -c 'echo $$ >>"$0"; exec sleep 300' "$0" </dev/null >/dev/null 2>&1 &); while ! [ -s "$0" ]; do sleep 0.01; done`},
	// A new process group in the same session (the program's).
	{"setpgid", `python3 -c 'import os,sys,time
if os.fork() == 0:
    os.setpgid(0, 0)
    open(sys.argv[1], "a").write("%d\n" % os.getpid())
    time.sleep(300)
' "$0"; while ! [ -s "$0" ]; do sleep 0.01; done`},
}

// TestRunContainsEscapes: when Run returns, every process the program
// started is dead, also one that left its process group and its
// session, whether the program exits by itself, at the time limit or at
// an interrupt, in each way of containing it that this machine offers.
func TestRunContainsEscapes(t *testing.T) {
	for _, m := range testModes(t) {
		t.Run(m.String(), func(t *testing.T) {
			useMode(t, m)
			for _, e := range escapes {
				if strings.HasPrefix(e.script, "python3") {
					if _, err := lookPath("python3"); err != nil {
						continue
					}
				}
				for _, end := range []string{"exits", "time", "interrupt"} {
					t.Run(e.name+"/"+end, func(t *testing.T) {
						pidFile := filepath.Join(t.TempDir(), "pids")
						script := e.script
						lim := Limits{Time: 20 * time.Second}
						ctx := context.Background()
						switch end {
						case "time":
							script += "; sleep 300"
							lim.Time = 1500 * time.Millisecond
						case "interrupt":
							script += "; sleep 300"
							var cancel context.CancelFunc
							ctx, cancel = context.WithCancel(ctx)
							defer cancel()
							go func() {
								for range 300 {
									if b, _ := os.ReadFile(pidFile); len(b) > 0 {
										break
									}
									time.Sleep(10 * time.Millisecond)
								}
								cancel()
							}()
						}
						r, err := Run(ctx, []string{"sh", "-c", script, pidFile}, nil, lim)
						if err != nil {
							t.Fatal(err)
						}
						pids := proctest.ReadPids(t, pidFile)
						t.Cleanup(func() {
							for _, p := range pids {
								syscall.Kill(p, syscall.SIGKILL)
							}
						})
						if len(pids) == 0 {
							t.Fatalf("%s: no pid written", r)
						}
						for _, p := range pids {
							if proctest.Alive(p) {
								t.Errorf("%s: process %d still runs after Run returned", r, p)
							}
						}
					})
				}
			}
		})
	}
}

// testModes lists the ways of containing a run that this machine
// offers: a cgroup when gamels may make one, and the subreaper, always.
func testModes(t *testing.T) []Mode {
	var modes []Mode
	if Containment() == ModeCgroup {
		modes = append(modes, ModeCgroup)
	} else {
		t.Logf("no cgroup v2 to make here: the subreaper only")
	}
	return append(modes, ModeSubreaper)
}

// useMode makes the runs of the test contain their processes as m says.
func useMode(t *testing.T, m Mode) {
	prev := Containment()
	if m == ModeSubreaper {
		subreaper()
	}
	contain.mode = m
	t.Cleanup(func() { contain.mode = prev })
}

// BenchmarkRunTrue is the cost of a run of a program that does
// nothing, in each way of containing it: the start, the wait and the
// end of its tree.
func BenchmarkRunTrue(b *testing.B) {
	t := &testing.T{}
	for _, m := range append(testModes(t), ModeGroup) {
		b.Run(m.String(), func(b *testing.B) {
			prev := Containment()
			if m == ModeSubreaper {
				subreaper()
			}
			contain.mode = m
			defer func() { contain.mode = prev }()
			for b.Loop() {
				if _, err := Run(context.Background(), []string{"true"}, nil, Limits{Time: 5 * time.Second}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

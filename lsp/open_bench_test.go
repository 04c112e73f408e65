package lsp

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The open benchmarks time the server's work on a didOpen, not the test
// client's: the client encodes the 10 MB notification before the clock
// starts, and the clock covers only writing the ready frame to the pipe
// and what follows.

// BenchmarkServerOpen measures didOpen to the first publication of the
// document's diagnostics, received and decoded by the client; the
// notification is encoded before the clock starts.
func BenchmarkServerOpen(b *testing.B) {
	for _, name := range perfNames {
		text := string(perfInput(name))
		b.Run(name, func(b *testing.B) {
			// The hook runs when the server starts on the didOpen
			// notification: the message is read, its params not yet
			// decoded.
			var received atomic.Int64
			c, conn := startServerConn(b, func(ctx context.Context, method string) {
				if method == protocol.MethodTextDocumentDidOpen {
					received.Store(time.Now().UnixNano())
				}
			})
			c.initialize(nil, "")
			b.SetBytes(int64(len(text)))
			i, ndiags := 0, 0
			var server time.Duration
			for b.Loop() {
				i++
				u := uri.URI(fmt.Sprintf("file:///open%d.pousse", i))
				b.StopTimer()
				frame := openFrame(b, u, 1, text)
				b.StartTimer()
				writeFrame(b, conn, frame)
				ndiags = len(c.waitVersion(u, 1).Diagnostics)
				server += time.Since(time.Unix(0, received.Load()))
				b.StopTimer()
				c.closeDoc(u)
				c.forget(u)
				b.StartTimer()
			}
			b.ReportMetric(float64(ndiags), "diagnostics")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N), "ms/open")
			b.ReportMetric(float64(server.Microseconds())/1e3/float64(b.N), "ms-from-message-read")
		})
	}
}

// BenchmarkOpenVsJudge alternates, in each iteration, the judge's work
// and an open to first diagnostics on the same content, and reports the
// ratio of their total times: paired this way, the ratio holds up when
// the machine's load drifts during the run. The didOpen is encoded
// before its clock starts.
func BenchmarkOpenVsJudge(b *testing.B) {
	for _, name := range perfNames {
		text := perfInput(name)
		b.Run(name, func(b *testing.B) {
			c, conn := startServerConn(b, nil)
			c.initialize(nil, "")
			var judge, open time.Duration
			i := 0
			for b.Loop() {
				i++
				t := time.Now()
				var out bytes.Buffer
				judgeContent(text, &out)
				judge += time.Since(t)
				u := uri.URI(fmt.Sprintf("file:///pair%d.pousse", i))
				frame := openFrame(b, u, 1, string(text))
				t = time.Now()
				writeFrame(b, conn, frame)
				c.waitVersion(u, 1)
				open += time.Since(t)
				b.StopTimer()
				c.closeDoc(u)
				c.forget(u)
				b.StartTimer()
			}
			b.ReportMetric(float64(judge.Microseconds())/1e3/float64(i), "judge-ms")
			b.ReportMetric(float64(open.Microseconds())/1e3/float64(i), "open-ms")
			b.ReportMetric(float64(open)/float64(judge), "open/judge")
		})
	}
}

// BenchmarkServerOpenProcess is BenchmarkServerOpen with the server as a
// process behind OS pipes, the way an editor runs it: each iteration
// writes a pre-encoded didOpen of a new document and waits for its
// diagnostics, then closes it. Besides the time it reports the server's
// peak resident set during the open above its resident set before it,
// as a multiple of the document's size (the peak is reset before each
// open through /proc/pid/clear_refs), and the processor time the server
// spent from the didOpen to the diagnostics (user and system, from
// /proc/pid/stat), which the load of other processes skews less than
// the wall time.
func BenchmarkServerOpenProcess(b *testing.B) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("no /proc")
	}
	for _, name := range perfNames {
		text := string(perfInput(name))
		b.Run(name, func(b *testing.B) {
			c, pid, in := startServerProcessIO(b)
			c.initialize(nil, "")
			b.SetBytes(int64(len(text)))
			var peak float64
			var cpu time.Duration
			i := 0
			for b.Loop() {
				i++
				u := uri.URI(fmt.Sprintf("file:///open%d.pousse", i))
				b.StopTimer()
				frame := openFrame(b, u, 1, text)
				os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0)
				base, cpu0 := procStatus(pid, "VmRSS"), procCPU(pid)
				b.StartTimer()
				writeRaw(b, in, frame)
				c.waitVersion(u, 1)
				b.StopTimer()
				cpu += procCPU(pid) - cpu0
				peak = max(peak, float64(procStatus(pid, "VmHWM")-base)/float64(len(text)))
				c.closeDoc(u)
				c.forget(u)
				b.StartTimer()
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N), "ms/open")
			b.ReportMetric(peak, "peak-growth/size")
			b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(i), "server-cpu-ms/open")
			if code := c.shutdownExit(); code != 0 {
				b.Fatalf("server exit status %d", code)
			}
		})
	}
}

// procCPU returns the user and system time of process pid so far, from
// /proc/pid/stat (in clock ticks, taken as the usual 100 a second).
func procCPU(pid int) time.Duration {
	cpu, _ := procStat(pid)
	return cpu
}

// procStat returns procCPU and the minor page faults of process pid so
// far.
func procStat(pid int) (cpu time.Duration, minflt int64) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0
	}
	// The fields after the command name, which ends with the last ')':
	// state is the first, minflt the 8th, utime the 12th, stime the 13th.
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(f) < 13 {
		return 0, 0
	}
	minflt, _ = strconv.ParseInt(f[7], 10, 64)
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond, minflt
}

// BenchmarkOpenVsJudgeProcess pairs, in each iteration, `gamels judge
// pousse` on the 10 MB input (**many**) as a process with an open of the
// same text in a `gamels serve` process, from the didOpen written to the
// diagnostics received, and reports each one's wall time, processor time
// and minor page faults, and the ratios open/judge. The judge's process
// includes its start-up and reading the file, the open its transport.
// The binary is $GAMELS_BIN, else one built from the module.
func BenchmarkOpenVsJudgeProcess(b *testing.B) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		b.Skip("no /proc")
	}
	bin := os.Getenv("GAMELS_BIN")
	if bin == "" {
		bin = filepath.Join(b.TempDir(), "gamels")
		if out, err := exec.Command("go", "build", "-o", bin, "gamels/cmd/gamels").CombinedOutput(); err != nil {
			b.Fatalf("building gamels: %v\n%s", err, out)
		}
	}
	text := perfInput("many")
	file := filepath.Join(b.TempDir(), "many.pousse")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		b.Fatal(err)
	}
	c, pid, in := startCommandIO(b, exec.Command(bin, "serve"))
	c.initialize(nil, "")
	var judge, open, judgeCPU, openCPU time.Duration
	var judgeFaults, openFaults int64
	i := 0
	for b.Loop() {
		i++
		b.StopTimer()
		u := uri.URI(fmt.Sprintf("file:///open%d.pousse", i))
		frame := openFrame(b, u, 1, string(text))
		b.StartTimer()
		cmd := exec.Command(bin, "judge", "pousse", file)
		t := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatalf("gamels judge: %v", err)
		}
		judge += time.Since(t)
		judgeCPU += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		judgeFaults += cmd.ProcessState.SysUsage().(*syscall.Rusage).Minflt
		cpu0, faults0 := procStat(pid)
		t = time.Now()
		writeRaw(b, in, frame)
		c.waitVersion(u, 1)
		open += time.Since(t)
		cpu1, faults1 := procStat(pid)
		openCPU += cpu1 - cpu0
		openFaults += faults1 - faults0
		b.StopTimer()
		c.closeDoc(u)
		c.forget(u)
		b.StartTimer()
	}
	n := float64(i)
	b.ReportMetric(float64(judge.Microseconds())/1e3/n, "judge-ms")
	b.ReportMetric(float64(open.Microseconds())/1e3/n, "open-ms")
	b.ReportMetric(float64(open)/float64(judge), "open/judge")
	b.ReportMetric(float64(judgeCPU.Microseconds())/1e3/n, "judge-cpu-ms")
	b.ReportMetric(float64(openCPU.Microseconds())/1e3/n, "open-cpu-ms")
	b.ReportMetric(float64(openCPU)/float64(judgeCPU), "open/judge-cpu")
	b.ReportMetric(float64(judgeFaults)/n, "judge-faults")
	b.ReportMetric(float64(openFaults)/n, "open-faults")
	if code := c.shutdownExit(); code != 0 {
		b.Fatalf("server exit status %d", code)
	}
}

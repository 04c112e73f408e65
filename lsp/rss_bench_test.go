package lsp

import (
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// The resident memory of a server process: the test binary runs itself
// as a server (TestMain, main_test.go) and the benchmark reads the child's
// VmRSS and VmHWM from /proc, so that nothing of the client or of other
// benchmarks is counted.

const (
	perfServeEnv    = "GAMELS_PERF_SERVE"
	perfDebounceEnv = "GAMELS_PERF_DEBOUNCE" // the server's Debounce, when set
)

type pipeRWC struct {
	io.Reader
	io.WriteCloser
}

// BenchmarkServerRSS opens each input in a fresh server process and
// reports its resident set once the diagnostics are published (rss) and
// its peak (hwm), as multiples of the document's size, and in MB.
func BenchmarkServerRSS(b *testing.B) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("no /proc")
	}
	for _, name := range append(perfNames, "100MB") {
		var text string
		if name == "100MB" {
			// Over MaxDocumentSize: declined with a diagnostic.
			many := perfInput("many")
			text = strings.Repeat(string(many), 100e6/len(many)+1)[:100e6]
		} else {
			text = string(perfInput(name))
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				c, pid := startServerProcess(b)
				c.initialize(nil, "")
				base := procStatus(pid, "VmRSS")
				const u = "file:///rss.pousse"
				c.open(u, 1, text)
				p := c.waitVersion(u, 1)
				if name == "100MB" && (len(p.Diagnostics) != 1 || !strings.Contains(string(p.Diagnostics[0].Message.(protocol.String)), "MaxDocumentSize")) {
					b.Fatalf("100 MB document: want one diagnostic about MaxDocumentSize, got %v", p.Diagnostics)
				}
				time.Sleep(50 * time.Millisecond) // let the publication's garbage settle
				rss, hwm := procStatus(pid, "VmRSS"), procStatus(pid, "VmHWM")
				size := float64(len(text))
				b.ReportMetric(float64(rss)/size, "rss/size")
				b.ReportMetric(float64(hwm)/size, "peak/size")
				b.ReportMetric(float64(rss)/(1<<20), "rss-MB")
				b.ReportMetric(float64(base)/(1<<20), "idle-rss-MB")
				if code := c.shutdownExit(); code != 0 {
					b.Fatalf("server exit status %d", code)
				}
			}
		})
	}
}

// startServerProcess starts the test binary as a server process
// (TestMain, main_test.go) and connects a client to its standard input and
// output, as an editor does, with env added to its environment. It
// returns the client and the process id.
func startServerProcess(b testing.TB, env ...string) (*testClient, int) {
	c, pid, _ := startServerProcessIO(b, env...)
	return c, pid
}

// startServerProcessIO is startServerProcess that also returns the
// server's standard input, for a benchmark to write a pre-encoded frame
// to (one Write, while the client sends nothing else).
func startServerProcessIO(b testing.TB, env ...string) (*testClient, int, io.Writer) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), perfServeEnv+"=1"), env...)
	return startCommandIO(b, cmd)
}

// startCommandIO starts cmd, a server on its standard input and output,
// and connects a client to it.
func startCommandIO(b testing.TB, cmd *exec.Cmd) (*testClient, int, io.Writer) {
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	exit := make(chan int, 1)
	go func() {
		cmd.Wait()
		exit <- cmd.ProcessState.ExitCode()
	}()
	return connectClient(b, jsonrpc2.NewStream(pipeRWC{out, in}), exit), cmd.Process.Pid, in
}

// procStatus returns a "kB" field of /proc/pid/status, in bytes.
func procStatus(pid int, field string) uint64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseUint(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

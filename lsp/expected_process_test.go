package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The promises of SECURITY.md about the files the server reads, shown
// by a server process (gamels serve) on real files.

// TestExpectedOutputLinkNotFollowed: NAME.out and NAME.expected.out are
// not read through a symbolic link, wherever it points (a secret file, the
// server's own environment): a repository chooses no file for the
// server to read. The user's own setting may name a link.
func TestExpectedOutputLinkNotFollowed(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(secret, []byte("SECRET KEY LINE ONE\n\nSECRET KEY LINE TWO\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"a.out":          secret,
		"b.expected.out": "/proc/self/environ",
		"mine.txt":       secret,
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	c, _ := startGamels(t, buildGamels(t))
	c.initialize(nil, "")
	for _, name := range []string{"a", "b"} {
		u := uri.File(filepath.Join(dir, name+".pousse"))
		c.open(u, 1, expectedSample)
		c.waitFor(u, "the verdicts", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
		time.Sleep(300 * time.Millisecond) // a later publication, if any
		ps := c.publications(u)
		b, _ := json.Marshal(ps[len(ps)-1])
		lenses := c.firstLineLenses(u)
		all := string(b) + strings.Join(lenses, "\n")
		if strings.Contains(all, "SECRET") || strings.Contains(all, "PATH=") || strings.Contains(all, "HOME=") {
			t.Errorf("%s.pousse: the target of the link is shown:\n%s", name, all)
		}
		if len(lenses) != 1 || !strings.Contains(lenses[0], "symbolic link") {
			t.Errorf("%s.pousse: lenses %q, want one saying the link is not followed", name, lenses)
		}
	}
	// gamels.expectedOutput is the user's: a link it names is followed.
	if err := c.server.DidChangeConfiguration(context.Background(), &protocol.DidChangeConfigurationParams{
		Settings: protocol.LSPAny(`{"gamels":{"expectedOutput":"mine.txt"}}`)}); err != nil {
		t.Fatal(err)
	}
	u := uri.File(filepath.Join(dir, "c.pousse"))
	c.open(u, 1, expectedSample)
	c.waitFor(u, "the setting's file compared", func(p *protocol.PublishDiagnosticsParams) bool {
		b, _ := json.Marshal(p)
		return strings.Contains(string(b), "SECRET KEY LINE ONE")
	})
}

// TestExpectedOutputFIFORace: an expected output replaced by a FIFO
// between the server's look at it and its open (anyone who can write in
// the folder can) never blocks the server: every watched-file event is
// followed by a hover answered at once, and exit exits.
func TestExpectedOutputFIFORace(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "race.out")
	reg, fifo := filepath.Join(dir, "reg"), filepath.Join(dir, "fifo")
	c, _ := startGamels(t, buildGamels(t))
	c.initialize(nil, "")
	u := uri.File(filepath.Join(dir, "race.pousse"))
	if err := os.WriteFile(out, []byte("TIE GAME\n\nX WINS\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.open(u, 1, expectedSample)
	c.waitJudge(u, "")
	// A goroutine puts a regular file and a FIFO in turn at race.out,
	// each by a rename, as fast as it can.
	stop := make(chan struct{})
	swapped := make(chan struct{})
	go func() {
		defer close(swapped)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if i%2 == 0 {
				os.WriteFile(reg, []byte("TIE GAME\n\nX WINS\n"), 0o644)
				os.Rename(reg, out)
			} else {
				syscall.Mkfifo(fifo, 0o644)
				os.Rename(fifo, out)
			}
		}
	}()
	defer func() {
		close(stop)
		<-swapped
		os.Remove(out) // a FIFO left there would hold nothing, but tidy
	}()
	event := fmt.Sprintf(`{"changes":[{"uri":%q,"type":2}]}`, uri.File(out))
	for i := range 500 {
		if err := c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWatchedFiles, json.RawMessage(event)); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := c.server.Hover(ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 4, Character: 0}}})
		cancel()
		// ContentModified is an answer: the comparison changed meanwhile.
		if err != nil && !strings.Contains(err.Error(), "changed or was closed") {
			t.Fatalf("event %d: the hover after it: %v (the server blocks)", i+1, err)
		}
	}
	if code := c.shutdownExit(); code != 0 {
		t.Errorf("exit status %d", code)
	}
}

// TestExpectedOutputShared: transcripts that share one large expected
// output share one reading of it, and watched-file events for it
// unchanged cost no reading: the server's memory is about one copy, and
// a hover during the events is answered at once.
func TestExpectedOutputShared(t *testing.T) {
	if raceEnabled {
		t.Skip("measures a server process's memory and CPU")
	}
	const transcripts = 40
	dir := t.TempDir()
	shared := filepath.Join(dir, "shared.out")
	big := strings.Repeat("X WINS\n", (MaxDocumentSize-1024)/7)
	if err := os.WriteFile(shared, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(buildGamels(t), "serve")
	stdin, stdout, exit := startProcess(t, cmd)
	c := connectClient(t, jsonrpc2.NewStream(pipes{stdout, stdin}), exit)
	c.initialize(nil, `{"gamels":{"expectedOutput":"shared.out"}}`)
	var us []uri.URI
	for i := range transcripts {
		u := uri.File(filepath.Join(dir, "t"+strconv.Itoa(i)+".pousse"))
		us = append(us, u)
		c.open(u, 1, "1\nL1\nQUIT\n")
	}
	start := time.Now()
	for _, u := range us {
		for {
			ps := c.publications(u)
			if len(ps) > 0 {
				if b, _ := json.Marshal(ps[len(ps)-1]); strings.Contains(string(b), "more than the 1 games") {
					break
				}
			}
			if time.Since(start) > 3*time.Minute {
				t.Fatalf("%s: not compared with shared.out after 3 minutes", u)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	t.Logf("%d transcripts compared with shared.out in %v", transcripts, time.Since(start))
	rss := processRSS(t, cmd.Process.Pid)
	t.Logf("%d transcripts sharing a %d MB expected output: server RSS %.0f MB", transcripts, len(big)>>20, float64(rss)/1e6)
	if limit := int64(6 * len(big)); rss > limit {
		t.Errorf("server RSS %.0f MB, over %.0f MB: each transcript keeps its own copy?", float64(rss)/1e6, float64(limit)/1e6)
	}
	cpu0 := processCPU(t, cmd.Process.Pid)
	event := fmt.Sprintf(`{"changes":[{"uri":%q,"type":2}]}`, uri.File(shared))
	start = time.Now()
	for range 100 {
		if err := c.conn.Notify(context.Background(), protocol.MethodWorkspaceDidChangeWatchedFiles, json.RawMessage(event)); err != nil {
			t.Fatal(err)
		}
	}
	_, err := c.server.Hover(context.Background(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: us[0]}, Position: protocol.Position{Line: 1, Character: 0}}})
	hover := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // what the events left running
	cpu := processCPU(t, cmd.Process.Pid) - cpu0
	t.Logf("100 events for the file unchanged: hover answered after %v, %v of CPU", hover, cpu)
	if hover > 2*time.Second || cpu > 2*time.Second {
		t.Errorf("100 events for the file unchanged: hover after %v, %v of CPU; want no reading again", hover, cpu)
	}
}

// processRSS is the resident memory of process pid, in bytes.
func processRSS(t *testing.T, pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Skip("no /proc")
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// processCPU is the user and system time of process pid so far.
func processCPU(t *testing.T, pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Skip("no /proc")
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond // USER_HZ, 100 on Linux
}

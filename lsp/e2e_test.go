package lsp

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// buildGamels builds the gamels command into a temporary directory.
func buildGamels(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "gamels")
	out, err := exec.Command("go", "build", "-o", bin, "gamels/cmd/gamels").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// pipes joins the child's stdout (read) and stdin (write).
type pipes struct {
	io.ReadCloser
	io.WriteCloser
}

func (p pipes) Close() error {
	return errors.Join(p.WriteCloser.Close(), p.ReadCloser.Close())
}

// startGamels runs `gamels serve` and connects a client to its stdio.
func startGamels(t *testing.T, bin string) (*testClient, *bytes.Buffer) {
	cmd := exec.Command(bin, "serve", "--log-level", "debug")
	stderr := new(bytes.Buffer)
	cmd.Stderr = stderr
	stdin, stdout, exit := startProcess(t, cmd)
	return connectClient(t, jsonrpc2.NewStream(pipes{stdout, stdin}), exit), stderr
}

// startProcess starts cmd with pipes to its stdin and from its stdout, and
// reports its exit status on exit when it ends.
func startProcess(t *testing.T, cmd *exec.Cmd) (stdin io.WriteCloser, stdout io.ReadCloser, exit chan int) {
	t.Helper()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err = cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exit = make(chan int, 1)
	go func() {
		err := cmd.Wait()
		var ee *exec.ExitError
		switch {
		case err == nil:
			exit <- 0
		case errors.As(err, &ee):
			exit <- ee.ExitCode()
		default:
			t.Errorf("wait: %v", err)
			exit <- -1
		}
	}()
	return stdin, stdout, exit
}

// TestServeStdio talks to the built binary over real stdio: initialize,
// open one file of each kind, hover on each, edit, shutdown, exit.
func TestServeStdio(t *testing.T) {
	bin := buildGamels(t)
	ctx := context.Background()
	c, stderr := startGamels(t, bin)
	c.initialize(nil, "")

	docs := []struct {
		u     uri.URI
		text  string
		hover protocol.Position
		want  string // in the hover
		diag  string // in the diagnostics
	}{
		{"file:///w/a.pousse", "# rules: contest\n3\nL1\nR2\nL1\nR2\nL1\nQUIT\n", pos(6, 0), "X WINS", "X WINS"},
		{"file:///w/b.spot", "2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n0\n", pos(3, 0), "spots: 1", "Player 2 wins on move 3"},
		{"file:///w/c.path", "3\n\nWUB\nWWW\nBUB\n0\n", pos(3, 1), "on White's winning path", "White has a winning path."},
	}
	for _, d := range docs {
		c.open(d.u, 1, d.text)
	}
	for _, d := range docs {
		p := c.waitVersion(d.u, 1)
		if s := strings.Join(diagStrings(p.Diagnostics), "\n"); !strings.Contains(s, d.diag) {
			t.Errorf("%s: diagnostics lack %q:\n%s", d.u, d.diag, s)
		}
		h, err := c.server.Hover(ctx, hoverParams(d.u, d.hover.Line, d.hover.Character))
		if err != nil || h == nil {
			t.Fatalf("%s: hover: %v %v", d.u, h, err)
		}
		if v := h.Contents.(*protocol.MarkupContent).Value; !strings.Contains(v, d.want) {
			t.Errorf("%s: hover lacks %q:\n%s", d.u, d.want, v)
		}
	}
	// Edit the Spot game so that it draws.
	c.change(docs[1].u, 2, partial(rng(3, 0, 3, 5), "1 2 +"), partial(rng(4, 0, 4, 5), "2 1 +"))
	p := c.waitVersion(docs[1].u, 2)
	if s := strings.Join(diagStrings(p.Diagnostics), "\n"); !strings.Contains(s, "Draw") {
		t.Errorf("after the edit, diagnostics lack Draw:\n%s", s)
	}
	if code := c.shutdownExit(); code != 0 {
		t.Errorf("exit status %d, want 0\nstderr:\n%s", code, stderr)
	}
	if !strings.Contains(stderr.String(), "shutdown") {
		t.Errorf("the log on stderr does not mention shutdown:\n%s", stderr)
	}
}

// TestServeStdioNoShutdown checks the exit status 1 of an exit without
// shutdown.
func TestServeStdioNoShutdown(t *testing.T) {
	bin := buildGamels(t)
	c, stderr := startGamels(t, bin)
	c.initialize(nil, "")
	if code := c.exitOnly(); code != 1 {
		t.Errorf("exit status %d, want 1\nstderr:\n%s", code, stderr)
	}
}

package lsp

import (
	"context"
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/lsp/wire"
)

// TestServeWritesNoFiles runs `gamels serve` in an empty working
// directory with empty HOME and TMPDIR, on transcripts that exist on
// disk, and uses every feature that proposes changes (formatting, code
// actions, the reveal command). Then stdin is closed without shutdown:
// the process must exit with status 1, the transcripts must be untouched
// and the only file created anywhere must be the log file asked for.
func TestServeWritesNoFiles(t *testing.T) {
	bin := buildGamels(t)
	work, home, tmp, docs := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	files := map[string]string{
		"a.pousse": "# rules: contest\n3\nL1\nR2\n  L1\nR2\nL1\nQUIT\nL3\n",
		"b.spot":   "2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n",
		"c.path":   "3\n\nWUB\nWWU\nBUB\n0\n",
	}
	stat := map[string]os.FileInfo{}
	for name, text := range files {
		p := filepath.Join(docs, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-time.Hour)
		os.Chtimes(p, old, old)
		stat[name], _ = os.Stat(p)
	}
	logFile := filepath.Join(work, "gamels.log")
	cmd := exec.Command(bin, "serve", "--log-level", "debug", "--log-file", logFile)
	cmd.Dir = work
	cmd.Env = []string{"HOME=" + home, "TMPDIR=" + tmp, "XDG_CACHE_HOME=" + home, "XDG_CONFIG_HOME=" + home, "PATH=" + os.Getenv("PATH")}
	stdin, stdout, exit := startProcess(t, cmd)
	c := connectClient(t, wire.NewStream(pipes{stdout, stdin}, nil), exit)
	c.initialize(nil, "")
	ctx := context.Background()
	actions := 0
	for name, text := range files {
		u := uri.File(filepath.Join(docs, name))
		c.open(u, 1, text)
		pub := c.waitVersion(u, 1)
		id := protocol.TextDocumentIdentifier{URI: u}
		if _, err := c.server.Formatting(ctx, &protocol.DocumentFormattingParams{TextDocument: id}); err != nil {
			t.Errorf("%s: formatting: %v", name, err)
		}
		for _, d := range pub.Diagnostics {
			res, err := c.server.CodeAction(ctx, &protocol.CodeActionParams{TextDocument: id, Range: d.Range,
				Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{d}}})
			if err != nil {
				t.Errorf("%s: codeAction: %v", name, err)
			}
			actions += len(res)
		}
		lenses, err := c.server.CodeLens(ctx, &protocol.CodeLensParams{TextDocument: id})
		if err != nil {
			t.Errorf("%s: codeLens: %v", name, err)
		}
		for _, l := range lenses {
			if l.Command.Command != "" {
				var res any
				c.conn.Call(ctx, protocol.MethodWorkspaceExecuteCommand, &protocol.ExecuteCommandParams{Command: l.Command.Command, Arguments: l.Command.Arguments}, &res)
			}
		}
		// An edit, as a person typing would make.
		c.change(u, 2, partial(rng(0, 0, 0, 0), "# edited\n"))
		c.waitVersion(u, 2)
	}
	if actions == 0 {
		t.Errorf("no code action offered: the test does not exercise them")
	}
	stdin.Close()
	select {
	case code := <-exit:
		exit <- code
		if code != 1 {
			t.Errorf("exit status after the end of stdin without shutdown: %d, want 1", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("the server did not exit at the end of stdin")
	}
	for name, text := range files {
		p := filepath.Join(docs, name)
		data, err := os.ReadFile(p)
		st, _ := os.Stat(p)
		if err != nil || string(data) != text || !st.ModTime().Equal(stat[name].ModTime()) {
			t.Errorf("%s was changed on disk", name)
		}
	}
	for dir, allowed := range map[string]string{work: "gamels.log", home: "", tmp: "", docs: "a.pousse b.spot c.path"} {
		var names []string
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if p != dir {
				names = append(names, d.Name())
			}
			return nil
		})
		for _, n := range names {
			if !strings.Contains(" "+allowed+" ", " "+n+" ") {
				t.Errorf("the server created %s in %s", n, dir)
			}
		}
	}
	if log, _ := os.ReadFile(logFile); !strings.Contains(string(log), "status") {
		t.Errorf("the log file lacks the exit:\n%s", log)
	}
}

// TestNoFileOrNetworkImports complements TestServeWritesNoFiles: the
// server's packages, lsp and its transport lsp/wire, do not even import
// the file system, network or process packages (the log file is opened
// by the command).
func TestNoFileOrNetworkImports(t *testing.T) {
	for _, dir := range []string{".", "wire"} {
		pkg, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(pkg.Imports) < 5 {
			t.Fatalf("%s: imports not found: %v", pkg.ImportPath, pkg.Imports)
		}
		for _, imp := range pkg.Imports {
			switch imp {
			case "os", "os/exec", "net", "net/http", "io/ioutil", "syscall", "plugin", "unsafe":
				t.Errorf("package %s imports %s", pkg.Name, imp)
			}
		}
	}
}

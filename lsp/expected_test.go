package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The two games of the UVa 844 sample: a TIE GAME whose moves run out at
// R2 (line 9), and X WINS at move 7, L2 (line 20).
const expectedSample = `# The two games of the UVa 844 sample.
2

4
L2
T2
L2
B2
R2
QUIT

# X WINS at move 7.
4
L2
T2
L2
B2
R2
T1
L2
QUIT
`

// expectedDir writes files into a new directory and returns it.
func expectedDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// startJudgeServer starts a server that reads the file system.
func startJudgeServer(t *testing.T) *testClient {
	c := startServer(t, nil)
	c.srv.opts.Files = diskFiles{} // before initialize: the server reads it only after
	return c
}

// judgeDiags renders the expected-output diagnostics of a publication,
// one a line: "line: message [related]".
func judgeDiags(p *protocol.PublishDiagnosticsParams) string {
	var b strings.Builder
	for _, d := range p.Diagnostics {
		if codeString(d.Code) != string(codeExpectedDiffers) {
			continue
		}
		if d.Severity != protocol.DiagnosticSeverityWarning {
			fmt.Fprintf(&b, "(severity %d) ", d.Severity)
		}
		fmt.Fprintf(&b, "%d:%d-%d: %s", d.Range.Start.Line+1, d.Range.Start.Character, d.Range.End.Character, d.Message)
		for _, r := range d.RelatedInformation {
			fmt.Fprintf(&b, " [%s %d:%d-%d %s]", filepath.Base(string(r.Location.URI)), r.Location.Range.Start.Line+1,
				r.Location.Range.Start.Character, r.Location.Range.End.Character, r.Message)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// waitJudge waits for a publication of u whose expected-output
// diagnostics are want, and returns it.
func (c *testClient) waitJudge(u uri.URI, want string) *protocol.PublishDiagnosticsParams {
	c.t.Helper()
	var last string
	deadline := time.After(10 * time.Second)
	for {
		ps := c.publications(u)
		if len(ps) > 0 {
			if last = judgeDiags(ps[len(ps)-1]); last == want {
				return ps[len(ps)-1]
			}
		}
		c.mu.Lock()
		ch := c.changed
		c.mu.Unlock()
		select {
		case <-ch:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			c.t.Fatalf("the expected-output diagnostics of %s: (-want +got):\n%s", u, cmp.Diff(want, last))
			return nil
		}
	}
}

// firstLineLenses returns the titles of u's judge lenses, checking that
// they are on the first line.
func (c *testClient) firstLineLenses(u uri.URI) []string {
	c.t.Helper()
	lenses, err := c.server.CodeLens(context.Background(), &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil {
		c.t.Fatalf("codeLens: %v", err)
	}
	var out []string
	for _, l := range lenses {
		if !strings.HasPrefix(l.Command.Title, "judge: ") {
			continue
		}
		if l.Range != (protocol.Range{}) {
			c.t.Errorf("the lens %q is at %v, not at the start of the file", l.Command.Title, l.Range)
		}
		out = append(out, l.Command.Title)
	}
	return out
}

func TestExpectedOutput(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		diags string
		lens  []string
	}{
		{
			name:  "same",
			files: map[string]string{"sample.out": "TIE GAME\n\nX WINS\n"},
			lens:  []string{"judge: 2 of 2 verdicts match sample.out"},
		},
		{
			name:  "crlf, no final newline",
			files: map[string]string{"sample.out": "TIE GAME\r\n\r\nX WINS"},
			lens:  []string{"judge: 2 of 2 verdicts match sample.out"},
		},
		{
			name:  "a difference",
			files: map[string]string{"sample.out": "TIE GAME\n\nO WINS\n"},
			diags: "20:0-2: game 2: sample.out line 3 expects \"O WINS\"; the judge's verdict is \"X WINS\" [sample.out 3:0-6 sample.out line 3]\n",
			lens:  []string{"judge: 1 of 2 verdicts match sample.out"},
		},
		{
			name:  "a missing line",
			files: map[string]string{"sample.out": "TIE GAME\n"},
			diags: "20:0-2: game 2: sample.out has no line for it (it ends after 1 verdict); the judge's verdict is \"X WINS\"\n",
			lens:  []string{"judge: 1 of 2 verdicts match sample.out (1 line missing)"},
		},
		{
			name:  "lines in excess",
			files: map[string]string{"sample.out": "TIE GAME\n\nX WINS\n\nX WINS\n"},
			diags: "20:0-2: sample.out has 1 verdict line more than the 2 games, from line 5: \"X WINS\" [sample.out 5:0-6 sample.out line 5]\n",
			lens:  []string{"judge: 2 of 2 verdicts match sample.out (1 line more)"},
		},
		{
			name:  "the layout",
			files: map[string]string{"sample.out": "TIE GAME\nX WINS\n"},
			lens:  []string{"judge: 2 of 2 verdicts match sample.out (line 2: no empty line between two verdicts (the UVa 844 layout has one))"},
		},
		{
			name:  "NAME.expected.out before NAME.out",
			files: map[string]string{"sample.out": "TIE GAME\n\nX WINS\n", "sample.expected.out": "X WINS\n\nX WINS\n"},
			diags: "9:0-2: game 1: sample.expected.out line 1 expects \"X WINS\"; the judge's verdict is \"TIE GAME\" [sample.expected.out 1:0-6 sample.expected.out line 1]\n",
			lens:  []string{"judge: 1 of 2 verdicts match sample.expected.out"},
		},
		{
			name:  "no expected output",
			files: map[string]string{"other.out": "X WINS\n"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := expectedDir(t, tc.files)
			c := startJudgeServer(t)
			c.initialize(nil, "")
			u := uri.File(filepath.Join(dir, "sample.pousse"))
			c.open(u, 1, expectedSample)
			p := c.waitJudge(u, tc.diags)
			// The verdicts are still there, as Information.
			info := 0
			for _, d := range p.Diagnostics {
				if d.Severity == protocol.DiagnosticSeverityInformation {
					info++
				}
			}
			if info != 2 {
				t.Errorf("%d Information diagnostics, want the 2 verdicts", info)
			}
			if diff := cmp.Diff(tc.lens, c.firstLineLenses(u)); diff != "" {
				t.Errorf("lenses on line 1 (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExpectedOutputRefresh: the comparison follows the expected output
// on disk (workspace/didChangeWatchedFiles), open in the editor (its
// didChange; the disk's again once it is closed), and the transcript's
// edits.
func TestExpectedOutputRefresh(t *testing.T) {
	dir := expectedDir(t, map[string]string{"sample.out": "TIE GAME\n\nX WINS\n"})
	out := filepath.Join(dir, "sample.out")
	outURI := uri.File(out)
	c := startJudgeServer(t)
	c.initialize(nil, "")
	u := uri.File(filepath.Join(dir, "sample.pousse"))
	c.open(u, 1, expectedSample)
	c.waitJudge(u, "")

	watched := func(typ protocol.FileChangeType) {
		t.Helper()
		err := c.server.DidChangeWatchedFiles(context.Background(), &protocol.DidChangeWatchedFilesParams{
			Changes: []protocol.FileEvent{{URI: outURI, Type: typ}}})
		if err != nil {
			t.Fatal(err)
		}
	}
	// The file changes on disk.
	if err := os.WriteFile(out, []byte("X WINS\n\nX WINS\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	watched(protocol.FileChangeTypeChanged)
	diff1 := "9:0-2: game 1: sample.out line 1 expects \"X WINS\"; the judge's verdict is \"TIE GAME\" [sample.out 1:0-6 sample.out line 1]\n"
	c.waitJudge(u, diff1)
	if diff := cmp.Diff([]string{"judge: 1 of 2 verdicts match sample.out"}, c.firstLineLenses(u)); diff != "" {
		t.Errorf("lens after the change on disk (-want +got):\n%s", diff)
	}

	// Opened in the editor, its text wins; each edit counts.
	c.open(outURI, 1, "X WINS\n\nX WINS\n")
	c.change(outURI, 2, &protocol.TextDocumentContentChangeWholeDocument{Text: "TIE GAME\n\nTIE GAME\n"})
	c.waitJudge(u, "20:0-2: game 2: sample.out line 3 expects \"TIE GAME\"; the judge's verdict is \"X WINS\" [sample.out 3:0-8 sample.out line 3]\n")
	// Closed: the disk's again.
	c.closeDoc(outURI)
	c.waitJudge(u, diff1)

	// The transcript's edit: game 2 loses its winning move and ties.
	c.change(u, 2, partial(rng(19, 0, 20, 0), ""))
	c.waitJudge(u, diff1+
		"19:0-2: game 2: sample.out line 3 expects \"X WINS\"; the judge's verdict is \"TIE GAME\" [sample.out 3:0-6 sample.out line 3]\n")

	// Deleted: no comparison, no lens.
	if err := os.Remove(out); err != nil {
		t.Fatal(err)
	}
	watched(protocol.FileChangeTypeDeleted)
	c.waitJudge(u, "")
	if got := c.firstLineLenses(u); len(got) != 0 {
		t.Errorf("lenses on line 1 with no expected output: %q", got)
	}
	// Created again under the other name.
	if err := os.WriteFile(filepath.Join(dir, "sample.expected.out"), []byte("TIE GAME\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := c.server.DidChangeWatchedFiles(context.Background(), &protocol.DidChangeWatchedFilesParams{
		Changes: []protocol.FileEvent{{URI: uri.File(filepath.Join(dir, "sample.expected.out")), Type: protocol.FileChangeTypeCreated}}}); err != nil {
		t.Fatal(err)
	}
	c.waitJudge(u, "19:0-2: game 2: sample.expected.out has no line for it (it ends after 1 verdict); the judge's verdict is \"TIE GAME\"\n")
}

// TestExpectedOutputSetting: gamels.expectedOutput names the file,
// relative to the transcript, ${name} its name; a change of the setting
// looks again.
func TestExpectedOutputSetting(t *testing.T) {
	dir := expectedDir(t, map[string]string{"sample.out": "TIE GAME\n\nX WINS\n"})
	if err := os.Mkdir(filepath.Join(dir, "want"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "want", "sample.txt"), []byte("TIE GAME\n\nTIE GAME\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startJudgeServer(t)
	c.initialize(nil, `{"gamels":{"expectedOutput":"want/${name}.txt"}}`)
	u := uri.File(filepath.Join(dir, "sample.pousse"))
	c.open(u, 1, expectedSample)
	c.waitJudge(u, "20:0-2: game 2: sample.txt line 3 expects \"TIE GAME\"; the judge's verdict is \"X WINS\" [sample.txt 3:0-8 sample.txt line 3]\n")
	if err := c.server.DidChangeConfiguration(context.Background(), &protocol.DidChangeConfigurationParams{
		Settings: protocol.LSPAny(`{"gamels":{"expectedOutput":""}}`)}); err != nil {
		t.Fatal(err)
	}
	c.waitJudge(u, "")
	if diff := cmp.Diff([]string{"judge: 2 of 2 verdicts match sample.out"}, c.firstLineLenses(u)); diff != "" {
		t.Errorf("lens after the setting went (-want +got):\n%s", diff)
	}
}

// TestExpectedOutputUnread: an expected output that is too large, or a
// directory, is not read; the lens says why.
func TestExpectedOutputUnread(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "big.out"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxDocumentSize + 1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f.Close()
	if err := os.Mkdir(filepath.Join(dir, "dir.out"), 0o755); err != nil {
		t.Fatal(err)
	}
	c := startJudgeServer(t)
	c.initialize(nil, "")
	for name, want := range map[string]string{
		"big.pousse": "judge: big.out not compared: it is 32.0 MiB, over the 32 MiB the server reads (MaxDocumentSize)",
		"dir.pousse": "judge: dir.out not compared: dir.out is not a regular file",
	} {
		u := uri.File(filepath.Join(dir, name))
		c.open(u, 1, expectedSample)
		c.waitJudge(u, "")
		if diff := cmp.Diff([]string{want}, c.firstLineLenses(u)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
}

// TestExpectedOutputCapped: an expected output wrong on every game of a
// large transcript is published under the one cap, the warnings before
// the verdicts (a game has one of each).
func TestExpectedOutputCapped(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes the first analysis of 5100 games take over half a minute")
	}
	const games = MaxDiagnostics/2 + 100
	var src, out strings.Builder
	for range games {
		src.WriteString("2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n") // Player 2 wins on move 3
		out.WriteString("Player 1 wins on move 3\n")
	}
	src.WriteString("0\n")
	dir := expectedDir(t, map[string]string{"many.out": out.String()})
	c := startJudgeServer(t)
	c.initialize(nil, "")
	u := uri.File(filepath.Join(dir, "many.spot"))
	c.open(u, 1, src.String())
	p := c.waitFor(u, "the capped diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	warnings, info := 0, 0
	for _, d := range p.Diagnostics {
		switch {
		case d.Severity == protocol.DiagnosticSeverityWarning && codeString(d.Code) == string(codeExpectedDiffers):
			warnings++
		case d.Severity == protocol.DiagnosticSeverityInformation:
			info++
		}
	}
	// Every warning, the verdicts in the room left, and the notice.
	if len(p.Diagnostics) != MaxDiagnostics || warnings != games || info != MaxDiagnostics-games {
		t.Errorf("%d diagnostics, %d warnings, %d information; want %d, %d, %d", len(p.Diagnostics), warnings, info,
			MaxDiagnostics, games, MaxDiagnostics-games)
	}
	if diff := cmp.Diff([]string{fmt.Sprintf("judge: 0 of %d verdicts match many.out", games)}, c.firstLineLenses(u)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestExpectedOutputWatchers: a client that registers watchers
// dynamically is asked to watch the *.out files, and the files the
// setting names when they are not .out files.
func TestExpectedOutputWatchers(t *testing.T) {
	c := startJudgeServer(t)
	yes := true
	p := &protocol.InitializeParams{InitializationOptions: protocol.LSPAny(`{"gamels":{"expectedOutput":"${name}.ans"}}`)}
	p.Capabilities.Workspace = &protocol.WorkspaceClientCapabilities{
		DidChangeWatchedFiles: &protocol.DidChangeWatchedFilesClientCapabilities{DynamicRegistration: &yes},
		CodeLens:              &protocol.CodeLensWorkspaceClientCapabilities{RefreshSupport: &yes}}
	if _, err := c.server.Initialize(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if err := c.server.Initialized(context.Background(), &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	regs := func(n int) []string {
		deadline := time.Now().Add(10 * time.Second)
		for {
			c.mu.Lock()
			var got []string
			for _, r := range c.registrations {
				got = append(got, string(r))
			}
			c.mu.Unlock()
			if len(got) >= n || time.Now().After(deadline) {
				return got
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	want := []string{`client/registerCapability {"registrations":[{"id":"gamels.expectedOutput","method":"workspace/didChangeWatchedFiles",` +
		`"registerOptions":{"watchers":[{"globPattern":"**/*.out"},{"globPattern":"**/*.ans"}]}}]}`}
	if diff := cmp.Diff(want, regs(1)); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	if err := c.server.DidChangeConfiguration(context.Background(), &protocol.DidChangeConfigurationParams{
		Settings: protocol.LSPAny(`{"gamels":{"expectedOutput":""}}`)}); err != nil {
		t.Fatal(err)
	}
	want = append(want,
		`client/unregisterCapability {"unregisterations":[{"id":"gamels.expectedOutput","method":"workspace/didChangeWatchedFiles"}]}`,
		`client/registerCapability {"registrations":[{"id":"gamels.expectedOutput","method":"workspace/didChangeWatchedFiles",`+
			`"registerOptions":{"watchers":[{"globPattern":"**/*.out"}]}}]}`)
	if diff := cmp.Diff(want, regs(3)); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}

	// A change of the expected output asks the client for the lenses
	// again: the transcript's text did not change.
	dir := expectedDir(t, map[string]string{"sample.out": "TIE GAME\n\nX WINS\n"})
	u := uri.File(filepath.Join(dir, "sample.pousse"))
	c.open(u, 1, expectedSample)
	c.waitJudge(u, "")
	if n := c.lensRefreshes.Load(); n != 0 {
		t.Errorf("%d codeLens/refresh before any change of the expected output", n)
	}
	if err := os.WriteFile(filepath.Join(dir, "sample.out"), []byte("TIE GAME\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := c.server.DidChangeWatchedFiles(context.Background(), &protocol.DidChangeWatchedFilesParams{
		Changes: []protocol.FileEvent{{URI: uri.File(filepath.Join(dir, "sample.out")), Type: protocol.FileChangeTypeChanged}}}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); c.lensRefreshes.Load() == 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	if n := c.lensRefreshes.Load(); n != 1 {
		t.Errorf("%d codeLens/refresh after the expected output changed, want 1", n)
	}

	// A client without dynamic registration is not asked.
	c2 := startJudgeServer(t)
	c2.initialize(nil, "")
	// initialized decided on the read goroutine: a round trip after it
	// sees whatever it sent.
	c2.server.CodeLens(context.Background(), &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: "file:///none.pousse"}})
	c2.mu.Lock()
	n := len(c2.registrations)
	c2.mu.Unlock()
	if n != 0 {
		t.Errorf("%d registrations sent to a client that does not register dynamically", n)
	}
}

// TestExpectedOutputNoFiles: a server given no file system reads no
// expected output from disk, and still compares the transcript with one
// open in the editor, whose lens shows it at its first differing line.
func TestExpectedOutputNoFiles(t *testing.T) {
	dir := expectedDir(t, map[string]string{"sample.out": "TIE GAME\n\nO WINS\n"})
	c := startServer(t, nil)
	c.initialize(nil, "")
	u := uri.File(filepath.Join(dir, "sample.pousse"))
	c.open(u, 1, expectedSample)
	c.waitJudge(u, "")
	if got := c.firstLineLenses(u); len(got) != 0 {
		t.Errorf("lenses from a file on disk the server may not read: %q", got)
	}
	outURI := uri.File(filepath.Join(dir, "sample.out"))
	c.open(outURI, 1, "TIE GAME\n\nX WINS\n\nO WINS\n")
	c.waitJudge(u, "20:0-2: sample.out has 1 verdict line more than the 2 games, from line 5: \"O WINS\" [sample.out 5:0-6 sample.out line 5]\n")
	lenses, err := c.server.CodeLens(context.Background(), &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil || len(lenses) == 0 {
		t.Fatalf("codeLens: %v, %v", lenses, err)
	}
	l := lenses[0]
	if l.Command.Title != "judge: 2 of 2 verdicts match sample.out (1 line more)" || l.Command.Command != RevealCommand || len(l.Command.Arguments) != 2 {
		t.Fatalf("lens %+v", l.Command)
	}
	if got, want := string(l.Command.Arguments[0]), `"`+string(outURI)+`"`; got != want {
		t.Errorf("the lens reveals %s, want %s", got, want)
	}

	// The expected output open in the editor is a document like any
	// other, of no kind: every feature answers for it without an error.
	ctx := context.Background()
	id := protocol.TextDocumentIdentifier{URI: outURI}
	at := protocol.TextDocumentPositionParams{TextDocument: id, Position: pos(0, 1)}
	for name, call := range map[string]func() error{
		"hover": func() error {
			_, err := c.server.Hover(ctx, &protocol.HoverParams{TextDocumentPositionParams: at})
			return err
		},
		"codeLens": func() error { _, err := c.server.CodeLens(ctx, &protocol.CodeLensParams{TextDocument: id}); return err },
		"folding": func() error {
			_, err := c.server.FoldingRanges(ctx, &protocol.FoldingRangeParams{TextDocument: id})
			return err
		},
		"symbols": func() error {
			_, err := c.server.DocumentSymbol(ctx, &protocol.DocumentSymbolParams{TextDocument: id})
			return err
		},
		"semantic": func() error {
			_, err := c.server.SemanticTokensFull(ctx, &protocol.SemanticTokensParams{TextDocument: id})
			return err
		},
		"inlayHint": func() error {
			_, err := c.server.InlayHint(ctx, &protocol.InlayHintParams{TextDocument: id, Range: rng(0, 0, 5, 0)})
			return err
		},
		"completion": func() error {
			_, err := c.server.Completion(ctx, &protocol.CompletionParams{TextDocumentPositionParams: at})
			return err
		},
		"highlight": func() error {
			_, err := c.server.DocumentHighlight(ctx, &protocol.DocumentHighlightParams{TextDocumentPositionParams: at})
			return err
		},
	} {
		if err := call(); err != nil {
			t.Errorf("%s on the expected output: %v", name, err)
		}
	}
	c.waitFor(outURI, "no diagnostics for the expected output", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
}

func TestExpectedPaths(t *testing.T) {
	for _, tc := range []struct {
		uri     uri.URI
		setting string
		want    []string
	}{
		{"file:///w/sample.pousse", "", []string{"/w/sample.expected.out", "/w/sample.out"}},
		{"file:///w/a%20b/x.y.spot", "", []string{"/w/a b/x.y.expected.out", "/w/a b/x.y.out"}},
		{"file:///w/sample.pousse", "want/${name}.txt", []string{"/w/want/sample.txt"}},
		{"file:///w/sub/sample.pousse", "../out/${name}-${name}.ans", []string{"/w/out/sample-sample.ans"}},
		{"file:///w/sample.pousse", "/abs/all.out", []string{"/abs/all.out"}},
		{"untitled:Untitled-1", "", nil},
		{"https://example.com/sample.pousse", "", nil},
	} {
		var got []string
		if p, ok := filePath(tc.uri); ok {
			got = expectedPaths(p, tc.setting)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s, %q (-want +got):\n%s", tc.uri, tc.setting, diff)
		}
	}
	for setting, want := range map[string][]string{
		"":                  {"**/*.out"},
		"want/${name}.txt":  {"**/*.out", "**/*.txt"},
		"expected/all.out":  {"**/*.out"},
		"../x/${name}.ans":  {"**/*.out", "**/*.ans"},
		"${name}.judge.txt": {"**/*.out", "**/*.judge.txt"},
	} {
		if diff := cmp.Diff(want, watcherGlobs(setting)); diff != "" {
			t.Errorf("watcherGlobs(%q) (-want +got):\n%s", setting, diff)
		}
	}
}

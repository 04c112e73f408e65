package lsp

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/internal/textpos"
	"gamels/parse"
)

// gameMeanings describes what each game of a transcript means, layout
// aside: its size, its moves or rows, its QUIT, and the engine's verdict;
// and, first, the file's rules, count line and comments. Two texts whose
// descriptions are equal hold the same games. games[i] describes the
// game at spans[i].
func gameMeanings(kind parse.Kind, text []byte) []string {
	head, games, _ := meaningParts(kind, text)
	return append(head, games...)
}

func meaningParts(kind parse.Kind, text []byte) (head, games []string, spans []parse.Span) {
	snap := &snapshot{uri: "file:///meaning", snapshotSpec: snapshotSpec{kind: kind, text: textpos.FromBytes(text), enc: UTF16}}
	fa, err := snap.Analysis()
	if err != nil {
		return []string{"analysis: " + err.Error()}, nil, nil
	}
	f := fa.file
	head = []string{fmt.Sprintf("file: rules %d count %d/%v, %d games, %d errors", f.Rules, f.Count.Value, f.Count.OK, len(f.Games), len(f.Errors))}
	for _, c := range f.Comments {
		head = append(head, "comment "+strings.TrimSpace(string(text[c.Start:c.End])))
	}
	for _, ga := range fa.games {
		g := ga.game
		var b strings.Builder
		fmt.Fprintf(&b, "N %d/%v size %d quit %v extra %d moves", g.N.Value, g.N.OK, g.Size, g.Quit.End > g.Quit.Start, len(g.Extra))
		for _, m := range g.Moves {
			fmt.Fprintf(&b, " %c%d/%d,%d,%v", max(m.Dir(), '.'), m.Line(), m.Row(), m.Col(), m.Add())
		}
		for _, r := range g.Rows {
			fmt.Fprintf(&b, " %s", r.Cells)
		}
		if r := ga.result(); r != nil {
			fmt.Fprintf(&b, " verdict %q at %d", r.Verdict, r.End)
		}
		if ga.path != nil {
			fmt.Fprintf(&b, " verdict %q", ga.path.Verdict)
		}
		games = append(games, b.String())
		spans = append(spans, g.Span)
	}
	return head, games, spans
}

// allTranscripts returns the corpus and the contest's random and icfp
// transcripts.
func allTranscripts(t *testing.T) map[string][]byte {
	out := corpus(t)
	ext := map[string]string{"uva844": "pousse", "zoj": "pousse", "icfp": "pousse", "uva141": "spot", "uva601": "path"}
	for _, dir := range []string{"random", "icfp1998"} {
		files, _ := filepath.Glob(filepath.Join("../testdata/contest", dir, "*.in"))
		for _, f := range files {
			base := filepath.Base(f)
			for prefix, kind := range ext {
				if strings.HasPrefix(base, prefix) {
					data, err := os.ReadFile(f)
					if err != nil {
						t.Fatal(err)
					}
					out[dir+"/"+base+"."+kind] = data
				}
			}
		}
	}
	return out
}

// applyEdits applies LSP text edits (not overlapping) to text.
func applyLSPEdits(t *testing.T, text []byte, edits []protocol.TextEdit) []byte {
	t.Helper()
	m := testMapper(text, UTF16)
	type edit struct {
		sp  parse.Span
		new string
	}
	var es []edit
	for _, e := range edits {
		es = append(es, edit{m.Span(e.Range), e.NewText})
	}
	slices.SortStableFunc(es, func(a, b edit) int { return a.sp.Start - b.sp.Start })
	var out []byte
	last := 0
	for _, e := range es {
		if e.sp.Start < last {
			t.Fatalf("overlapping edits %v", edits)
		}
		out = append(out, text[last:e.sp.Start]...)
		out = append(out, e.new...)
		last = e.sp.End
	}
	return append(out, text[last:]...)
}

// TestFormattingKeepsGames formats every transcript of the test data
// through the server and checks that the result holds the same games
// (moves, sizes, verdicts, comments), and that formatting it again
// changes nothing.
func TestFormattingKeepsGames(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	c.initialize(nil, "")
	changed := 0
	files := allTranscripts(t)
	for name, text := range files {
		kind, _ := parse.KindOf(name)
		u := uri.URI("file:///fmt/" + name)
		c.open(u, 1, string(text))
		edits, err := c.server.Formatting(ctx, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil {
			t.Fatalf("%s: formatting: %v", name, err)
		}
		out := applyLSPEdits(t, text, edits)
		if !bytes.Equal(out, text) {
			changed++
		}
		if a, b := gameMeanings(kind, text), gameMeanings(kind, out); !slices.Equal(a, b) {
			for i := range min(len(a), len(b)) {
				if a[i] != b[i] {
					t.Errorf("%s: formatting changed\n%s\ninto\n%s", name, a[i], b[i])
					break
				}
			}
			if len(a) != len(b) {
				t.Errorf("%s: formatting changed %d items into %d", name, len(a), len(b))
			}
		}
		c.change(u, 2, &protocol.TextDocumentContentChangeWholeDocument{Text: string(out)})
		again, err := c.server.Formatting(ctx, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil || !bytes.Equal(applyLSPEdits(t, out, again), out) {
			t.Errorf("%s: formatting is not idempotent (%v)", name, err)
		}
		c.closeDoc(u)
	}
	if changed < 3 {
		t.Errorf("only %d of %d files changed by formatting: the property is not exercised", changed, len(files))
	}
	t.Logf("%d files, %d changed by formatting", len(files), changed)
}

// TestCodeActionsChangeOnlyWhatTheySay asks for the code actions of
// every diagnostic of every corpus transcript and applies each: its edits
// are for that document only, the games it does not touch keep their
// meaning, and the diagnostics it names as fixed are fewer afterwards.
func TestCodeActionsChangeOnlyWhatTheySay(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	c.initialize(nil, "")
	actions := 0
	for name, text := range corpus(t) {
		kind, _ := parse.KindOf(name)
		u := uri.URI("file:///ca/" + name)
		c.open(u, 1, string(text))
		pub := c.waitVersion(u, 1)
		_, games, spans := meaningParts(kind, text)
		m := testMapper(text, UTF16)
		for _, d := range pub.Diagnostics {
			res, err := c.server.CodeAction(ctx, &protocol.CodeActionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u},
				Range:        d.Range,
				Context:      protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{d}},
			})
			if err != nil {
				t.Fatalf("%s: codeAction: %v", name, err)
			}
			for _, ca := range res {
				a, ok := ca.(*protocol.CodeAction)
				if !ok || a.Edit == nil {
					continue
				}
				actions++
				var edits []protocol.TextEdit
				for du, es := range a.Edit.Changes {
					if du != u {
						t.Errorf("%s: action %q edits another document %s", name, a.Title, du)
					}
					edits = append(edits, es...)
				}
				out := applyLSPEdits(t, text, edits)
				_, after, _ := meaningParts(kind, out)
				// The games wholly before the first edit and wholly after
				// the last keep their meaning.
				lo, hi := len(text), 0
				for _, e := range edits {
					sp := m.Span(e.Range)
					lo, hi = min(lo, sp.Start), max(hi, sp.End)
				}
				for i, sp := range spans {
					// Game i owns the text up to the next game: an edit
					// there (a QUIT added) is an edit of game i.
					next := len(text) + 1
					if i+1 < len(spans) {
						next = spans[i+1].Start
					}
					j := i // the same game, counted from the start
					switch {
					case next < lo:
					case sp.Start > hi:
						j = len(after) - (len(games) - i) // counted from the end
					default:
						continue // touched
					}
					if j < 0 || j >= len(after) || after[j] != games[i] {
						t.Errorf("%s: action %q changes game %d, which it does not touch", name, a.Title, i+1)
					}
				}
				fixedAfter := freshDiagnostics(u, out, UTF16)
				for _, fd := range a.Diagnostics {
					if countLike(fixedAfter, fd) >= countLike(pub.Diagnostics, fd) {
						t.Errorf("%s: action %q does not fix %q (%s)", name, a.Title, fd.Message, codeString(fd.Code))
					}
				}
			}
		}
		c.closeDoc(u)
	}
	if actions < 10 {
		t.Errorf("only %d code actions exercised", actions)
	}
	t.Logf("%d code actions applied", actions)
}

// countLike counts the diagnostics of ds with d's code (its stable
// identity: messages may be reworded), or, for one without a code, with
// its message.
func countLike(ds []protocol.Diagnostic, d protocol.Diagnostic) int {
	code, n := codeString(d.Code), 0
	for _, e := range ds {
		if code != "" && codeString(e.Code) == code || code == "" && fmt.Sprint(e.Message) == fmt.Sprint(d.Message) {
			n++
		}
	}
	return n
}

// TestPanicIsolation makes the diagnostics and the requests of one
// document panic, always: that document gets an error diagnostic saying
// so, its requests get internal errors, and the other documents keep
// getting their diagnostics and answers, through edits.
func TestPanicIsolation(t *testing.T) {
	const bad = uri.URI("file:///bad.pousse")
	var mu sync.Mutex
	faulty := true
	c := startServer(t, func(ctx context.Context, method string) {
		mu.Lock()
		defer mu.Unlock()
		if faulty && hookURI(ctx) == bad {
			panic("injected fault in " + method)
		}
	})
	ctx := context.Background()
	c.initialize(nil, "")
	good := map[uri.URI]string{
		"file:///good.pousse": "3\nL1\nR2\nL1\nR2\nL1\nQUIT\n",
		"file:///good.spot":   "2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n0\n",
		"file:///good.path":   "3\n\nWUB\nWWW\nBUB\n0\n",
	}
	c.open(bad, 1, "2\nL1\nQUIT\n")
	for u, text := range good {
		c.open(u, 1, text)
	}
	for v := int32(2); v <= 6; v++ {
		c.change(bad, v, partial(rng(0, 0, 0, 0), "# edit\n"))
		for u := range good {
			c.change(u, v, partial(rng(0, 0, 0, 0), "# edit\n"))
		}
	}
	p := c.waitVersion(bad, 6)
	if len(p.Diagnostics) != 1 || !strings.Contains(fmt.Sprint(p.Diagnostics[0].Message), "injected fault") ||
		p.Diagnostics[0].Severity != protocol.DiagnosticSeverityError {
		t.Errorf("the faulty document's diagnostics: %v", diagStrings(p.Diagnostics))
	}
	if _, err := c.server.Hover(ctx, hoverParams(bad, 5, 0)); errCode(err) != jsonrpc2.InternalError {
		t.Errorf("hover on the faulty document: %v, want an internal error", err)
	}
	for u, text := range good {
		text = strings.Repeat("# edit\n", 5) + text
		p := c.waitVersion(u, 6)
		if got, want := diagStrings(p.Diagnostics), diagStrings(freshDiagnostics(u, []byte(text), UTF16)); !slices.Equal(got, want) || len(got) == 0 {
			t.Errorf("%s: diagnostics\n%v\nwant\n%v", u, got, want)
		}
		if h, err := c.server.Hover(ctx, hoverParams(u, 5, 0)); err != nil || h == nil {
			t.Errorf("%s: hover: %v", u, err)
		}
	}
	// Once the fault is gone, the document recovers with its next version.
	mu.Lock()
	faulty = false
	mu.Unlock()
	c.change(bad, 7, partial(rng(0, 0, 0, 0), "# fixed\n"))
	p = c.waitVersion(bad, 7)
	if s := strings.Join(diagStrings(p.Diagnostics), "\n"); strings.Contains(s, "injected") || len(p.Diagnostics) == 0 {
		t.Errorf("after the fault: %s", s)
	}
}

package lsp

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/internal/format"
	"gamels/internal/textpos"
	"gamels/parse"
)

// A textBreak is one error that breakTranscript injected: the line it
// changed and what the line was.
type textBreak struct {
	line int
	orig string
}

// breakTranscript injects errors that have quick fixes into a valid
// transcript: a Pousse count off by one, QUITs dropped, moves pushed out
// of range or written in lower case; Spot rows out of range, the final 0
// dropped; PATH's final 0 dropped. It returns the broken text, its lines
// and the breaks.
func breakTranscript(rnd *rand.Rand, kind parse.Kind, text string) (string, []string, []textBreak) {
	lines := strings.SplitAfter(text, "\n")
	var breaks []textBreak
	for i, l := range lines {
		body := strings.TrimRight(l, "\n")
		switch {
		case i == 0 && kind == parse.Pousse && rnd.IntN(2) == 0 && isDigits(body) && len(lines) > 2 && isDigits(strings.TrimSpace(lines[1]+lines[2])):
			lines[i] = body + "1\n"
		case kind == parse.Pousse && body == "QUIT" && rnd.IntN(4) == 0:
			lines[i] = ""
		case kind == parse.Pousse && len(body) >= 2 && strings.ContainsRune("LRTB", rune(body[0])) && isDigits(body[1:]) && rnd.IntN(12) == 0:
			if rnd.IntN(2) == 0 {
				lines[i] = body[:1] + "9" + body[1:] + "\n"
			} else {
				lines[i] = strings.ToLower(body[:1]) + body[1:] + "\n"
			}
		case kind == parse.Spot && strings.Count(body, " ") == 2 && rnd.IntN(12) == 0:
			lines[i] = "9" + body + "\n"
		case kind != parse.Pousse && body == "0" && i >= len(lines)-2:
			lines[i] = ""
		default:
			continue
		}
		breaks = append(breaks, textBreak{line: i, orig: l})
	}
	return strings.Join(lines, ""), lines, breaks
}

// undoBreak returns the broken text with break b undone, the others kept.
func undoBreak(lines []string, b textBreak) string {
	lines = slices.Clone(lines)
	lines[b.line] = b.orig
	return strings.Join(lines, "")
}

// codesAt lists diagnostics as code@line, in order.
func codesAt(ds []protocol.Diagnostic, errorsOnly bool) string {
	var out []string
	for _, d := range ds {
		if errorsOnly && d.Severity != protocol.DiagnosticSeverityError {
			continue
		}
		c := codeString(d.Code)
		if c == "" {
			c = "(" + severities[d.Severity] + ")"
		}
		out = append(out, fmt.Sprintf("%s@%d", c, d.Range.Start.Line+1))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, " ")
}

// TestQuickFixRoundTrip breaks the contest samples and edge cases, asks
// for the code actions of the whole document and applies each one alone.
// The golden file testdata/quickfix_roundtrip.golden holds, for every
// action, exactly what it fixes, its edits and the errors left after it;
// a fix that undoes an injected error (capitals, count, QUIT, the final
// 0) must give back the text with exactly that error undone. Every action
// names published diagnostics, and edits near them. Run with -update to
// rewrite the golden file.
func TestQuickFixRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	files := []struct {
		name string
		kind parse.Kind
	}{
		{"samples/uva844_sample.in", parse.Pousse},
		{"samples/zoj_boj_pousse_sample.in", parse.Pousse},
		{"edge/uva844_edge.in", parse.Pousse},
		{"samples/uva141_sample.in", parse.Spot},
		{"edge/uva141_edge.in", parse.Spot},
		{"samples/uva601_sample.in", parse.Path},
		{"edge/uva601_edge.in", parse.Path},
	}
	c := startServer(t, nil)
	c.initialize(nil, "")
	seen := map[string]int{}
	var golden bytes.Buffer
	for _, file := range files {
		name, kind := file.name, file.kind
		orig := string(readContest(t, name))
		for round := range 12 {
			text, lines, breaks := breakTranscript(rnd, kind, orig)
			u := uri.URI(fmt.Sprintf("file:///fix/%d/%s.%s", round, name, kind))
			c.open(u, 1, text)
			m := testMapper([]byte(text), UTF16)
			acts := rawCall[[]protocol.CommandOrCodeAction](t, c, protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u},
				Range:        m.Range(parse.Span{Start: 0, End: len(text)})})
			published := c.waitVersion(u, 1).Diagnostics
			fmt.Fprintf(&golden, "# %s round %d: errors %s\n", name, round, codesAt(published, true))
			for _, x := range acts {
				a := x.(*protocol.CodeAction)
				seen[a.Title]++
				if len(a.Diagnostics) == 0 {
					t.Errorf("%s: action %q names no diagnostic", name, a.Title)
				}
				for _, d := range a.Diagnostics {
					if !slices.ContainsFunc(published, func(p protocol.Diagnostic) bool { return sameJSON(t, p, d) }) {
						t.Errorf("%s: action %q names a diagnostic not published: %v", name, a.Title, d.Message)
					}
				}
				edits := a.Edit.Changes[u]
				after := string(applyTextEdits(t, m, []byte(text), edits))
				var es []string
				for _, e := range edits {
					es = append(es, fmt.Sprintf("%d:%d-%d:%d %q", e.Range.Start.Line+1, e.Range.Start.Character+1,
						e.Range.End.Line+1, e.Range.End.Character+1, e.NewText))
				}
				fmt.Fprintf(&golden, "%s | fixes %s | edits %s | after: errors %s\n", a.Title, codesAt(a.Diagnostics, false),
					strings.Join(es, ", "), codesAt(e5Diagnostics(u, []byte(after)), true))

				// A fix of an injected error gives back the text with
				// exactly that error undone.
				for _, prefix := range []string{"Write ", "Change the count", "Insert QUIT", "Insert the terminating 0"} {
					if strings.HasPrefix(a.Title, prefix) && !slices.ContainsFunc(breaks, func(b textBreak) bool { return undoBreak(lines, b) == after }) {
						t.Errorf("%s round %d: %q does not undo an injected error:\n%s", name, round, a.Title, after)
					}
				}
				// The edit stays within the lines of the diagnostics it
				// fixes (and the line after), but for insertions at the end
				// of a game or file.
				// A PATH fix ("Put the W ...") fixes the verdict on the
				// board's N line and edits a cell of the board.
				insert := strings.HasPrefix(a.Title, "Insert") || strings.HasPrefix(a.Title, "Put the W")
				lo, hi := a.Diagnostics[0].Range.Start.Line, a.Diagnostics[0].Range.End.Line
				for _, d := range a.Diagnostics {
					lo, hi = min(lo, d.Range.Start.Line), max(hi, d.Range.End.Line)
				}
				for _, e := range edits {
					if e.Range.Start.Line < lo || !insert && e.Range.End.Line > hi+1 {
						t.Errorf("%s: action %q edits %v, away from its diagnostics (lines %d-%d)", name, a.Title, e.Range, lo, hi)
					}
				}
			}
		}
	}
	const goldenFile = "testdata/quickfix_roundtrip.golden"
	if *update {
		if err := os.WriteFile(goldenFile, golden.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if want, err := os.ReadFile(goldenFile); err != nil {
		t.Fatalf("%v (run with -update)", err)
	} else if diff := cmp.Diff(string(want), golden.String()); diff != "" {
		t.Errorf("%s (-want +got):\n%s", goldenFile, diff)
	}
	t.Logf("actions tried: %v", seen)
	for _, want := range []string{"Insert QUIT", "Insert the terminating 0", "Change the count", "Change row", "Write ", "Delete the", "Change the sign", "Put the W", "Change L"} {
		found := false
		for title := range seen {
			found = found || strings.HasPrefix(title, want)
		}
		if !found {
			t.Errorf("no action %q... was tried", want)
		}
	}
}

// TestCodeActionOnly checks that a request for other kinds of actions
// gets none, and a request for quick fixes gets them; a request for
// refactors gets the engine's two (its move, its moves to the end:
// play_engine.go).
func TestCodeActionOnly(t *testing.T) {
	c := startServer(t, nil)
	res := c.initialize(nil, "")
	opts, ok := res.Capabilities.CodeActionProvider.(*protocol.CodeActionOptions)
	if !ok || !slices.Equal(opts.CodeActionKinds, []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, engineActionKind}) {
		t.Fatalf("code action capability %#v", res.Capabilities.CodeActionProvider)
	}
	const u = uri.URI("file:///only.pousse")
	c.open(u, 1, "2\nL1\n")
	for _, tc := range []struct {
		only []protocol.CodeActionKind
		want int
	}{
		{nil, 3},
		{[]protocol.CodeActionKind{protocol.CodeActionKindQuickFix}, 1},
		{[]protocol.CodeActionKind{"refactor"}, 2},
		{[]protocol.CodeActionKind{"source"}, 0},
		{[]protocol.CodeActionKind{"quickfix.gamels"}, 0},
	} {
		acts := rawCall[[]protocol.CommandOrCodeAction](t, c, protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng(1, 0, 1, 2),
			Context: protocol.CodeActionContext{Only: tc.only}})
		if len(acts) != tc.want {
			t.Errorf("only %v: %d actions, want %d", tc.only, len(acts), tc.want)
		}
	}
}

// FuzzEditFeatures runs completion, quick fixes, highlights, definition,
// semantic tokens and range formatting on arbitrary text at an arbitrary
// offset: none may panic, every quick fix must apply cleanly, and a
// parse-error fix must leave fewer errors.
func FuzzEditFeatures(f *testing.F) {
	for _, s := range []string{
		"4\nL2\nT2\nL2\nB2\nR2\nT1\nL2\nR1\nQUIT\n", "3\n\n2\nL3\nl1\nquit\n2\nL1\nR2",
		"# rules: icfp\n2\nR2\nB2\nB2\nB2\nQUIT\n",
		"2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n3\n1 1 -\n7 2 +\n", "3\n\nWUB\nUWW\nBBB\n0\n", "2\nWU\n",
	} {
		for k := range 3 {
			f.Add(uint8(k), s, uint16(len(s)/2))
		}
	}
	f.Fuzz(func(t *testing.T, k uint8, src string, at uint16) {
		kind := parse.Kind(k%3 + 1)
		text := []byte(src)
		off := int(at) % (len(text) + 1)
		for _, rules := range []parse.Rules{parse.RulesContest, parse.RulesICFP} {
			snap := &snapshot{uri: "file:///fuzz." + uri.URI(kind.String()), snapshotSpec: snapshotSpec{kind: kind, text: textpos.FromBytes(text), enc: UTF16, rules: rules}}
			fa, err := snap.Analysis()
			if err != nil {
				t.Fatal(err)
			}
			m := snap.Mapper()
			completeAt(textpos.FromBytes(text), kind, fa, m, off)
			toks, _ := collectTokens(context.Background(), textpos.FromBytes(text), kind, fa, parse.Span{End: len(text)})
			encodeTokens(context.Background(), m, toks)
			if ga := fa.gameAt(off); ga != nil {
				pousseHighlights(ga, off)
				pathHighlights(textpos.FromBytes(text), ga, off)
			}
			if _, err := definition(context.Background(), snap, &protocol.DefinitionParams{
				TextDocumentPositionParams: protocol.TextDocumentPositionParams{Position: m.Position(off)}}); err != nil {
				t.Fatal(err)
			}
			if _, err := rangeFormatting(context.Background(), snap, &protocol.DocumentRangeFormattingParams{
				Range: m.Range(parse.Span{Start: off / 2, End: off})}); err != nil {
				t.Fatal(err)
			}
			for _, fx := range quickFixes(snap, fa, parse.Span{Start: 0, End: len(text)}, nil) {
				for i, e := range fx.edits {
					if e.Span.Start < 0 || e.Span.End > len(text) || e.Span.Start > e.Span.End || i > 0 && e.Span.Start < fx.edits[i-1].Span.End {
						t.Fatalf("%q: bad edit %v", fx.title, e.Span)
					}
				}
				after := parse.Parse(kind, format.Apply(text, fx.edits))
				if fx.verify && len(after.Errors) >= len(fa.file.Errors) {
					t.Fatalf("%q does not remove an error", fx.title)
				}
			}
		}
	})
}

// TestInsertQuitLineEnds checks that the fix for a missing QUIT writes
// the file's own line end: "\n", "\r\n" or a lone "\r", whether the game
// ends on the last line (no line end of its own) or before other lines.
func TestInsertQuitLineEnds(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	for i, eol := range []string{"\n", "\r\n", "\r"} {
		for j, src := range []string{
			"2" + eol + "L1" + eol + "R2", // the game ends the file
			"2" + eol + "L1" + eol + "R2" + eol + "2" + eol + "L1" + eol + "QUIT" + eol, // the next game follows
		} {
			u := uri.URI(fmt.Sprintf("file:///eol%d%d.pousse", i, j))
			c.open(u, 1, src)
			pub := c.waitVersion(u, 1)
			var found bool
			for _, d := range pub.Diagnostics {
				if codeString(d.Code) != string(parse.CodeMissingQuit) {
					continue
				}
				acts := rawCall[[]protocol.CodeAction](t, c, protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
					TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: d.Range,
					Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{d}}})
				for _, a := range acts {
					if a.Edit == nil || !strings.HasPrefix(a.Title, "Insert QUIT") {
						continue
					}
					found = true
					es := a.Edit.Changes[u]
					if len(es) != 1 || es[0].NewText != eol+"QUIT" {
						t.Errorf("%q: Insert QUIT edits %+v, want one inserting %q", src, es, eol+"QUIT")
					}
				}
			}
			if !found {
				t.Errorf("%q: no Insert QUIT fix among %v", src, pub.Diagnostics)
			}
		}
	}
}

// TestCodeActionAskedDiagnostics: a codeAction over the whole text that
// names diagnostics in its context answers the fixes of the games and
// errors those touch: with every published diagnostic named, the same
// actions as with none named; with those of one game named, that game's
// actions of the full answer, and no other.
func TestCodeActionAskedDiagnostics(t *testing.T) {
	// An out-of-range move; moves after the end (X wins at move 1 on a
	// 1 x 1 board); a missing QUIT and an out-of-range move.
	const src = "3\n\n4\nL9\nL1\nQUIT\n\n1\nL1\nL1\nL1\nQUIT\n\n4\nT2\nB5\n"
	c := startServer(t, nil)
	c.initialize(nil, "")
	u := uri.URI("file:///asked.pousse")
	c.open(u, 1, src)
	pub := c.waitVersion(u, 1)
	lines := uint32(strings.Count(src, "\n"))
	// An action as its JSON, to compare.
	js := func(as []protocol.CodeAction) []string {
		out := []string{}
		for _, a := range as {
			b, err := protocol.Marshal(&a)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, string(b))
		}
		return out
	}
	ask := func(ds []protocol.Diagnostic) []protocol.CodeAction {
		return rawCall[[]protocol.CodeAction](t, c, protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: protocol.Range{End: pos(lines, 0)},
			Context: protocol.CodeActionContext{Diagnostics: ds}})
	}
	all := ask(nil)
	if len(all) < 3 {
		t.Fatalf("%d actions over the whole text, want one a game at least: %+v", len(all), all)
	}
	if diff := cmp.Diff(js(all), js(ask(pub.Diagnostics))); diff != "" {
		t.Errorf("every diagnostic named: actions (-none named +all named):\n%s", diff)
	}
	// The games' lines (0-based).
	for _, game := range []struct{ first, last uint32 }{{2, 5}, {7, 11}, {13, 15}} {
		in := func(r protocol.Range) bool { return r.Start.Line >= game.first && r.End.Line <= game.last }
		var named []protocol.Diagnostic
		for _, d := range pub.Diagnostics {
			if in(d.Range) {
				named = append(named, d)
			}
		}
		var want []protocol.CodeAction
		for _, a := range all {
			if slices.ContainsFunc(a.Diagnostics, func(d protocol.Diagnostic) bool { return in(d.Range) }) {
				want = append(want, a)
			}
		}
		if len(named) == 0 || len(want) == 0 {
			t.Fatalf("lines %d-%d: %d diagnostics, %d actions: the test's text has changed meaning", game.first, game.last, len(named), len(want))
		}
		if diff := cmp.Diff(js(want), js(ask(named))); diff != "" {
			t.Errorf("the diagnostics of lines %d-%d named: actions (-want +got):\n%s", game.first, game.last, diff)
		}
	}
}

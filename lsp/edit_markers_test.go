package lsp

// Marker tests of the editing features (completion, code actions,
// definition, highlight, formatting, semantic tokens). They read the
// testdata/e5_*.txtar archives (editMarkerFiles), which TestMarkers
// also runs for their diagnostics, lenses and outline. Annotations, in
// `#@` comments, are those of the one registry annotationSpecs (an
// unknown one fails the test):
//
//	complete("text", name)          completion with the cursor right after the first
//	                                occurrence of text on the line ("" for column 0);
//	                                the items must equal section complete/name
//	actions("text", name)           code actions for the range of text on the line;
//	                                the titles, diagnostics and the diff each makes
//	                                must equal section actions/name
//	definition("text", "to", line)  definition at text goes to the first occurrence
//	                                of "to" on the given line (1-based); "" for none
//	highlight("text", name)         document highlights at text: section highlight/name
//
// Per transcript FILE, section format/FILE holds the document after the
// formatting edits (which must equal format.Source) and tokens/FILE the
// decoded semantic tokens. `go test ./lsp -run EditMarkers -update`
// rewrites these sections.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"gamels/internal/format"
	"gamels/internal/textpos"
	"gamels/parse"
)

func TestEditMarkers(t *testing.T) { eachMarkerFile(t, editMarkerFiles, runEditMarkers) }

// cursorAt returns the span of the first occurrence of s on line a of
// text, before the annotation.
func cursorAt(t *testing.T, m *Mapper, text []byte, name string, a annotation, s string) parse.Span {
	t.Helper()
	ls := m.LineSpan(a.line)
	line := string(text[ls.Start:ls.End])
	if at := strings.Index(line, "#@"); at >= 0 {
		line = line[:at]
	}
	col := strings.Index(line, s)
	if col < 0 {
		t.Fatalf("%s:%d: %q is not on the line", name, a.line+1, s)
	}
	return parse.Span{Start: ls.Start + col, End: ls.Start + col + len(s)}
}

func runEditMarkers(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]*txtar.File{}
	for i := range ar.Files {
		sections[ar.Files[i].Name] = &ar.Files[i]
	}
	changed := false
	used := map[string]bool{}
	check := func(name, where string, got []byte) {
		t.Helper()
		used[name] = true
		if *update {
			if f := sections[name]; f != nil {
				if !bytes.Equal(f.Data, got) {
					f.Data, changed = got, true
				}
				return
			}
			ar.Files = append(ar.Files, txtar.File{Name: name, Data: got})
			sections[name] = &ar.Files[len(ar.Files)-1]
			changed = true
			return
		}
		sec := sections[name]
		if sec == nil {
			t.Errorf("%s: no section %s (run with -update)", where, name)
			return
		}
		if diff := cmp.Diff(string(sec.Data), string(got)); diff != "" {
			t.Errorf("%s: %s (-want +got):\n%s", where, name, diff)
		}
	}

	c := startServer(t, nil)
	c.initialize(nil, "")
	ctx := context.Background()
	var docs []txtar.File
	for _, f := range ar.Files {
		if _, ok := parse.KindOf(f.Name); ok && !strings.Contains(f.Name, "/") {
			docs = append(docs, f)
		}
	}
	for _, f := range docs {
		c.open(docURI(f.Name), 1, string(f.Data))
	}
	for _, f := range docs {
		u, text := docURI(f.Name), f.Data
		kind, _ := parse.KindOf(f.Name)
		m := testMapper(text, UTF16)
		id := protocol.TextDocumentIdentifier{URI: u}
		published := c.waitVersion(u, 1).Diagnostics
		for _, a := range parseAnnotations(t, f.Name, text) {
			where := fmt.Sprintf("%s:%d", f.Name, a.line+1)
			switch a.name {
			case "complete":
				sp := cursorAt(t, m, text, f.Name, a, a.args[0])
				res := rawCall[protocol.CompletionResult](t, c, protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
					TextDocument: id, Position: m.Position(sp.End)}})
				check("complete/"+a.args[1], where, completionText(t, m, text, res))
			case "actions":
				sp := cursorAt(t, m, text, f.Name, a, a.args[0])
				var ctxDiags []protocol.Diagnostic
				for _, d := range published {
					if spansTouch(m.Span(d.Range), sp) {
						ctxDiags = append(ctxDiags, d)
					}
				}
				acts := rawCall[[]protocol.CommandOrCodeAction](t, c, protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: id, Range: m.Range(sp),
					// The quick fixes; the engine's move is play_engine_test.go's.
					Context: protocol.CodeActionContext{Diagnostics: ctxDiags, Only: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}}})
				check("actions/"+a.args[1], where, actionsText(t, where, u, text, published, acts))
			case "definition":
				sp := cursorAt(t, m, text, f.Name, a, a.args[0])
				res := rawCall[protocol.DefinitionResult](t, c, protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
					TextDocument: id, Position: m.Position(sp.Start)}})
				var got []string
				if locs, ok := res.(protocol.LocationSlice); ok {
					for _, l := range locs {
						s := m.Span(l.Range)
						got = append(got, fmt.Sprintf("%s %d %q", l.URI, l.Range.Start.Line+1, text[s.Start:s.End]))
					}
				} else if res != nil {
					t.Errorf("%s: definition answered %T", where, res)
				}
				var want []string
				if a.args[1] != "" {
					line, _ := strconv.Atoi(a.args[2])
					ls := m.LineSpan(line - 1)
					if !strings.Contains(string(text[ls.Start:ls.End]), a.args[1]) {
						t.Fatalf("%s: %q is not on line %d", where, a.args[1], line)
					}
					want = []string{fmt.Sprintf("%s %d %q", u, line, a.args[1])}
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s: definition (-want +got):\n%s", where, diff)
				}
			case "highlight":
				sp := cursorAt(t, m, text, f.Name, a, a.args[0])
				hs, err := c.server.DocumentHighlight(ctx, &protocol.DocumentHighlightParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
					TextDocument: id, Position: m.Position(sp.Start)}})
				if err != nil {
					t.Fatalf("%s: documentHighlight: %v", where, err)
				}
				var b bytes.Buffer
				for _, h := range hs {
					s := m.Span(h.Range)
					fmt.Fprintf(&b, "line %d: %q %s\n", h.Range.Start.Line+1, text[s.Start:s.End],
						map[protocol.DocumentHighlightKind]string{1: "text", 2: "read", 3: "write"}[h.Kind])
				}
				if len(hs) == 0 {
					b.WriteString("(none)\n")
				}
				check("highlight/"+a.args[1], where, b.Bytes())
			default:
				if annotationSpecs[a.name].editing {
					t.Fatalf("%s: no check for the editing annotation %s", where, a.name)
				}
			}
		}

		// Formatting: the edits turn the text into format.Source's output.
		edits, err := c.server.Formatting(ctx, &protocol.DocumentFormattingParams{TextDocument: id})
		if err != nil {
			t.Fatalf("%s: formatting: %v", f.Name, err)
		}
		formatted := applyTextEdits(t, m, text, edits)
		want, ferr := format.Source(kind, text)
		if ferr != nil {
			want = text
		}
		if !bytes.Equal(formatted, want) {
			t.Errorf("%s: formatting edits give\n%s\nwant format.Source's\n%s", f.Name, formatted, want)
		}
		check("format/"+f.Name, f.Name, formatted)

		// Semantic tokens.
		toks, err := c.server.SemanticTokensFull(ctx, &protocol.SemanticTokensParams{TextDocument: id})
		if err != nil {
			t.Fatalf("%s: semanticTokens: %v", f.Name, err)
		}
		check("tokens/"+f.Name, f.Name, tokensText(t, m, text, toks.Data))
	}
	// Sections of this harness that no annotation uses any more.
	kept := ar.Files[:0]
	for _, f := range ar.Files {
		prefix, _, ok := strings.Cut(f.Name, "/")
		if ok && !used[f.Name] && slices.Contains([]string{"complete", "actions", "highlight", "format", "tokens"}, prefix) {
			if !*update {
				t.Errorf("section %s is not used (run with -update to remove it)", f.Name)
			}
			changed = true
			continue
		}
		kept = append(kept, f)
	}
	ar.Files = kept
	if *update && changed {
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// completionText renders a completion answer, one item a line in sort
// order: label, detail, and the text its edit replaces.
func completionText(t *testing.T, m *Mapper, text []byte, res protocol.CompletionResult) []byte {
	t.Helper()
	list, ok := res.(*protocol.CompletionList)
	if !ok {
		t.Fatalf("completion answered %T, want a list", res)
	}
	items := slices.Clone(list.Items)
	sort.SliceStable(items, func(i, j int) bool {
		a, _ := items[i].SortText.Get()
		b, _ := items[j].SortText.Get()
		return a < b
	})
	var b bytes.Buffer
	for _, it := range items {
		detail, _ := it.Detail.Get()
		te, ok := it.TextEdit.(*protocol.TextEdit)
		if !ok {
			t.Fatalf("item %q has no text edit", it.Label)
		}
		if te.NewText != it.Label {
			t.Errorf("item %q inserts %q", it.Label, te.NewText)
		}
		s := m.Span(te.Range)
		fmt.Fprintf(&b, "%s | %s | replaces %q\n", it.Label, detail, text[s.Start:s.End])
	}
	if len(items) == 0 {
		b.WriteString("(none)\n")
	}
	return b.Bytes()
}

// tokensText decodes semantic tokens, one a line.
func tokensText(t *testing.T, m *Mapper, text []byte, data []uint32) []byte {
	t.Helper()
	if len(data)%5 != 0 {
		t.Fatalf("semantic tokens: %d integers", len(data))
	}
	var b bytes.Buffer
	var line, char uint32
	for i := 0; i < len(data); i += 5 {
		if data[i] > 0 {
			line, char = line+data[i], data[i+1]
		} else {
			char += data[i+1]
		}
		start := m.Offset(protocol.Position{Line: line, Character: char})
		end := m.Offset(protocol.Position{Line: line, Character: char + data[i+2]})
		fmt.Fprintf(&b, "%d:%d %q %s", line+1, char+1, text[start:end], tokenTypes[data[i+3]])
		if data[i+4]&modNotPlayed != 0 {
			b.WriteString(" deprecated")
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// applyTextEdits applies protocol edits (in order, not overlapping) to
// text.
func applyTextEdits(t *testing.T, m *Mapper, text []byte, edits []protocol.TextEdit) []byte {
	t.Helper()
	fe := make([]format.Edit, len(edits))
	for i, e := range edits {
		fe[i] = format.Edit{Span: m.Span(e.Range), New: []byte(e.NewText)}
		if i > 0 && fe[i].Span.Start < fe[i-1].Span.End {
			t.Fatalf("edits overlap or are out of order: %v", edits)
		}
	}
	return format.Apply(text, fe)
}

// errorMessages returns the messages of the Error diagnostics of text.
func errorMessages(u uri.URI, text []byte) []string {
	var out []string
	for _, d := range e5Diagnostics(u, text) {
		if d.Severity == protocol.DiagnosticSeverityError {
			out = append(out, fmt.Sprint(d.Message))
		}
	}
	slices.Sort(out)
	return out
}

// e5Diagnostics computes the diagnostics of text as the server would
// publish them.
func e5Diagnostics(u uri.URI, text []byte) []protocol.Diagnostic {
	snap := &snapshot{uri: u, snapshotSpec: snapshotSpec{kind: kindOf("", u), text: textpos.FromBytes(text), enc: UTF16}}
	fa, err := snap.Analysis()
	if err != nil {
		panic(err)
	}
	return computeDiagnostics(snap, fa)
}

// actionsText renders code actions: title, kind, the diagnostics each
// fixes and the diff its edit makes. It checks the round trip of each
// action: the diagnostics it names were published; after the edit, the
// errors are those before less the ones it fixes, and the diagnostics it
// fixes are gone.
func actionsText(t *testing.T, where string, u uri.URI, text []byte, published []protocol.Diagnostic, acts []protocol.CommandOrCodeAction) []byte {
	t.Helper()
	m := testMapper(text, UTF16)
	before := errorMessages(u, text)
	var b bytes.Buffer
	for _, x := range acts {
		a, ok := x.(*protocol.CodeAction)
		if !ok {
			t.Fatalf("%s: code action is %T", where, x)
		}
		kind := ""
		if a.Kind != nil {
			kind = string(*a.Kind)
		}
		pref := ""
		if a.IsPreferred != nil && *a.IsPreferred {
			pref = ", preferred"
		}
		fmt.Fprintf(&b, "== %s (%s%s)\n", a.Title, kind, pref)
		fixed := map[string]int{}
		for _, d := range a.Diagnostics {
			if d.Code != nil {
				fmt.Fprintf(&b, "fixes line %d: [%v] %v\n", d.Range.Start.Line+1, d.Code, d.Message)
			} else {
				fmt.Fprintf(&b, "fixes line %d: %v\n", d.Range.Start.Line+1, d.Message)
			}
			if !slices.ContainsFunc(published, func(p protocol.Diagnostic) bool { return sameJSON(t, p, d) }) {
				t.Errorf("%s: action %q names a diagnostic that was not published: %v", where, a.Title, d)
			}
			if d.Severity == protocol.DiagnosticSeverityError {
				fixed[fmt.Sprint(d.Message)]++
			}
		}
		if a.Edit == nil || len(a.Edit.Changes) != 1 || a.Edit.Changes[u] == nil {
			t.Errorf("%s: action %q has no edit of the document", where, a.Title)
			continue
		}
		after := applyTextEdits(t, m, text, a.Edit.Changes[u])
		b.Write(format.Unified("a."+kind, text, after))

		// Round trip: the errors left are the others, unchanged.
		var want []string
		for _, msg := range before {
			if fixed[msg] > 0 {
				fixed[msg]--
				continue
			}
			want = append(want, msg)
		}
		if diff := cmp.Diff(want, errorMessages(u, after)); diff != "" {
			t.Errorf("%s: after %q, errors (-want +got):\n%s", where, a.Title, diff)
		}
		// The fixed diagnostics are gone (by message).
		for _, d := range a.Diagnostics {
			msg := fmt.Sprint(d.Message)
			for _, e := range e5Diagnostics(u, after) {
				if fmt.Sprint(e.Message) == msg && e.Severity == d.Severity && d.Severity != protocol.DiagnosticSeverityError {
					t.Errorf("%s: after %q, still %q", where, a.Title, msg)
				}
			}
		}
	}
	if len(acts) == 0 {
		b.WriteString("(none)\n")
	}
	return b.Bytes()
}

// sameJSON reports whether a and b encode to the same JSON.
func sameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	x, err1 := protocol.Marshal(a)
	y, err2 := protocol.Marshal(b)
	if err1 != nil || err2 != nil {
		t.Fatalf("marshal: %v, %v", err1, err2)
	}
	return bytes.Equal(x, y)
}

// rawCall makes a request over the client's connection and decodes the
// result from a copy of its own. The protocol library decodes a result
// whose root is a union (completion, code action, definition results)
// with strings aliasing the connection's read buffer, which later
// messages overwrite; typed calls through protocol.ServerDispatcher are
// unsafe for them.
func rawCall[T any](t *testing.T, c *testClient, method string, params any) T {
	t.Helper()
	var raw json.RawMessage
	if _, err := c.conn.Call(context.Background(), method, params, &raw); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	var out T
	if string(raw) == "null" {
		return out
	}
	if err := protocol.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s: decoding %s: %v", method, raw, err)
	}
	return out
}

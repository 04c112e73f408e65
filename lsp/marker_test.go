package lsp

// Marker tests. Each testdata/*.txtar archive holds transcripts whose
// `#@` comments state what the server must say about their line:
//
//	L2        #@ diag(info, "L2", "X WINS") hover("L2", x_wins)
//	1 1 +     #@ diag(info, "1 1 +", "Player 2 wins on move 3", related="2 2 +", relline=3, relmsg="...")
//	N line    #@ lens("game 1: X WINS at move 7")
//
//   - diag(severity, "covered text", "message", code="code", tag=unnecessary,
//     related="covered text", relline=N, relmsg="message"): a diagnostic starting on
//     this line whose range covers exactly the text given ("FIRST…LAST"
//     for a range over several lines: its text on the first line, without
//     a comment, and on the last). Diagnostics
//     are checked 1:1: every published diagnostic has its annotation and
//     every annotation its diagnostic. Severity is error, warning, info
//     or hint.
//   - hover("text", name): the hover at the start of the first occurrence
//     of text on this line equals the archive's section hover/name.
//   - lens("title"): a code lens on this line with this title; also 1:1.
//   - evaluate("text", name): the gamels/evaluate answer there, as board
//     does, against the section evaluate/name.
//   - board("text", name): the gamels/board answer at the start of the
//     first occurrence of text on this line, as indented JSON, equals the
//     archive's section board/name.
//
// The annotations are those of the one registry annotationSpecs: an
// unknown (misspelt) name, a wrong number of arguments or an unknown
// keyword fails the test, as does an editing annotation (complete,
// actions, definition, highlight) outside editMarkerFiles, which
// TestEditMarkers reads, or a hover or golden section that nothing uses.
//
// The section golden/FILE holds, for each transcript FILE, the inlay hints
// (the text with each hint written ⟦label⟧ where it sits), the document
// symbols and the folding ranges. Optional sections: "settings" (JSON for
// initializationOptions) and "encoding" ("utf-8" to offer UTF-8
// positions). Run `go test ./lsp -run Markers -update` to rewrite the
// hover, board and golden sections from what the server says.

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/scanner"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"gamels/parse"
)

var update = flag.Bool("update", false, "rewrite the golden sections of testdata/*.txtar")

func TestMarkers(t *testing.T) { eachMarkerFile(t, "*.txtar", runMarkers) }

// TestAnnotationErrors checks that a malformed annotation fails the
// marker tests: an unknown (misspelt) name, a wrong number of arguments,
// an unknown keyword, an unclosed call, read from an archive as the
// harnesses read them.
func TestAnnotationErrors(t *testing.T) {
	ar := txtar.Parse([]byte(`Annotations the harnesses must refuse.
-- hovr.pousse --
1
L1       #@ hovr("L1", x)
QUIT
-- args.pousse --
1
L1       #@ hover("L1")
QUIT
-- keyword.spot --
2        #@ diag(error, "2", "game 1 has no moves", cod="missing-moves")
0
-- unclosed.path --
1        #@ lens("board 1"
W
0
-- ok.path --
1        #@ lens("board 1: White has a winning path.") diag(info, "1", "White has a winning path.")
W
0
`))
	want := map[string]string{
		"hovr.pousse":   `hovr.pousse:2: unknown annotation "hovr"`,
		"args.pousse":   `args.pousse:2: hover wants 2 arguments, got 1: ["L1"]`,
		"keyword.spot":  `keyword.spot:1: unknown keyword cod= in diag`,
		"unclosed.path": `unclosed.path:1: lens is not closed`,
		"ok.path":       "",
	}
	if len(ar.Files) != len(want) {
		t.Fatalf("%d files in the archive, want %d", len(ar.Files), len(want))
	}
	for _, f := range ar.Files {
		anns, err := annotationsOf(f.Name, f.Data)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != want[f.Name] {
			t.Errorf("%s: error %q, want %q", f.Name, got, want[f.Name])
		}
		if err == nil && len(anns) != 2 {
			t.Errorf("%s: %d annotations, want 2", f.Name, len(anns))
		}
	}
}

// eachMarkerFile runs run, as a subtest, on every file of testdata
// that matches pattern; it fails when there is none.
func eachMarkerFile(t *testing.T, pattern string, run func(t *testing.T, file string)) {
	files, err := filepath.Glob(filepath.Join("testdata", pattern))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no %s marker files in testdata", pattern)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) { run(t, file) })
	}
}

// An annotation is one call in a `#@` comment.
type annotation struct {
	line int // 0-based
	name string
	args []string
	kw   map[string]string
}

// An annotationSpec says how an annotation is written and which harness
// checks it.
type annotationSpec struct {
	args    int      // positional arguments, exactly
	keys    []string // the keyword arguments allowed
	editing bool     // checked by TestEditMarkers, which reads editMarkerFiles only
}

// annotationSpecs is the one registry of the annotations of both marker
// harnesses. Any other name, a wrong number of arguments or an unknown
// keyword is an error, so that a misspelt annotation (`hovr`) fails the
// test instead of going unchecked.
var annotationSpecs = map[string]annotationSpec{
	"diag":       {args: 3, keys: []string{"code", "tag", "related", "relline", "relmsg"}},
	"hover":      {args: 2},
	"board":      {args: 2},
	"evaluate":   {args: 2},
	"lens":       {args: 1},
	"complete":   {args: 2, editing: true},
	"actions":    {args: 2, editing: true},
	"definition": {args: 3, editing: true},
	"highlight":  {args: 2, editing: true},
}

// editMarkerFiles are the archives that TestEditMarkers reads; an editing
// annotation anywhere else would never be checked, and is an error.
const editMarkerFiles = "e5_*.txtar"

// parseAnnotations returns the annotations of a transcript, failing the
// test on the first malformed one.
func parseAnnotations(t *testing.T, file string, text []byte) []annotation {
	t.Helper()
	anns, err := annotationsOf(file, text)
	if err != nil {
		t.Fatal(err)
	}
	return anns
}

// annotationsOf returns the annotations of a transcript, each checked
// against annotationSpecs, or the first error.
func annotationsOf(file string, text []byte) ([]annotation, error) {
	var out []annotation
	for i, line := range strings.Split(string(text), "\n") {
		at := strings.Index(line, "#@")
		if at < 0 {
			continue
		}
		var err error
		fail := func(format string, args ...any) {
			if err == nil {
				err = fmt.Errorf("%s:%d: %s", file, i+1, fmt.Sprintf(format, args...))
			}
		}
		var s scanner.Scanner
		s.Init(strings.NewReader(line[at+2:]))
		s.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanInts
		s.Error = func(_ *scanner.Scanner, msg string) { fail("%s", msg) }
		for tok := s.Scan(); tok != scanner.EOF && err == nil; tok = s.Scan() {
			if tok != scanner.Ident {
				fail("annotation expected, found %q", s.TokenText())
				break
			}
			a := annotation{line: i, name: s.TokenText(), kw: map[string]string{}}
			spec, known := annotationSpecs[a.name]
			if !known {
				fail("unknown annotation %q", a.name)
				break
			}
			if s.Scan() != '(' {
				fail("( expected after %s", a.name)
				break
			}
			val := func(tok rune) string {
				switch tok {
				case scanner.String:
					v, uerr := strconv.Unquote(s.TokenText())
					if uerr != nil {
						fail("%v", uerr)
					}
					return v
				case scanner.Ident, scanner.Int:
					return s.TokenText()
				}
				fail("bad argument %q in %s", s.TokenText(), a.name)
				return ""
			}
			for tok = s.Scan(); tok != ')' && err == nil; tok = s.Scan() {
				if tok == ',' {
					continue
				}
				if tok == scanner.EOF {
					fail("%s is not closed", a.name)
					break
				}
				v := val(tok)
				if tok == scanner.Ident && s.Peek() == '=' {
					s.Scan()
					if !slices.Contains(spec.keys, v) {
						fail("unknown keyword %s= in %s", v, a.name)
					}
					a.kw[v] = val(s.Scan())
					continue
				}
				a.args = append(a.args, v)
			}
			if err == nil && len(a.args) != spec.args {
				fail("%s wants %d arguments, got %d: %q", a.name, spec.args, len(a.args), a.args)
			}
			out = append(out, a)
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

var severities = map[protocol.DiagnosticSeverity]string{
	protocol.DiagnosticSeverityError:       "error",
	protocol.DiagnosticSeverityWarning:     "warning",
	protocol.DiagnosticSeverityInformation: "info",
	protocol.DiagnosticSeverityHint:        "hint",
}

// diagKey writes a published diagnostic in annotation syntax, prefixed
// with its line.
func diagKey(m *Mapper, text []byte, d protocol.Diagnostic) string {
	sp := m.Span(d.Range)
	s := fmt.Sprintf("%d: diag(%s, %q, %q", d.Range.Start.Line+1, severities[d.Severity], covered(text[sp.Start:sp.End]), fmt.Sprint(d.Message))
	if d.Code != nil {
		s += fmt.Sprintf(", code=%v", d.Code)
	}
	if slices.Contains(d.Tags.Slice(), protocol.DiagnosticTagUnnecessary) {
		s += ", tag=unnecessary"
	}
	for _, r := range d.RelatedInformation {
		rs := m.Span(r.Location.Range)
		s += fmt.Sprintf(", related=%q, relline=%d, relmsg=%q", covered(text[rs.Start:rs.End]), r.Location.Range.Start.Line+1, r.Message)
	}
	return s + ")"
}

// covered returns the text a range covers, as annotations write it: a
// range over several lines is abbreviated "FIRST…LAST", FIRST being its
// text on the first line without a comment or trailing blanks, LAST its
// text on the last line.
func covered(b []byte) string {
	s := string(b)
	i, j := strings.IndexAny(s, "\r\n"), strings.LastIndexAny(s, "\r\n")
	if i < 0 {
		return s
	}
	first := s[:i]
	if c := strings.IndexByte(first, '#'); c >= 0 {
		first = first[:c]
	}
	return strings.TrimRight(first, " \t") + "…" + s[j+1:]
}

// annotationKey writes a diag annotation in the same form as diagKey.
func annotationKey(a annotation) string {
	s := fmt.Sprintf("%d: diag(%s, %q, %q", a.line+1, a.args[0], a.args[1], a.args[2])
	if a.kw["code"] != "" {
		s += ", code=" + a.kw["code"]
	}
	if a.kw["tag"] != "" {
		s += ", tag=" + a.kw["tag"]
	}
	if a.kw["related"] != "" || a.kw["relmsg"] != "" {
		s += fmt.Sprintf(", related=%q, relline=%s, relmsg=%q", a.kw["related"], a.kw["relline"], a.kw["relmsg"])
	}
	return s + ")"
}

func runMarkers(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]*txtar.File{}
	for i := range ar.Files {
		sections[ar.Files[i].Name] = &ar.Files[i]
	}
	var encodings []protocol.PositionEncodingKind
	enc := UTF16
	if f := sections["encoding"]; f != nil && strings.TrimSpace(string(f.Data)) == "utf-8" {
		encodings = []protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF8}
		enc = UTF8
	}
	options := ""
	if f := sections["settings"]; f != nil {
		options = string(f.Data)
	}

	c := startServer(t, nil)
	c.initialize(encodings, options)
	ctx := context.Background()
	changed := false
	used := map[string]bool{}
	setGolden := func(name string, data []byte) {
		if f := sections[name]; f != nil {
			if !bytes.Equal(f.Data, data) {
				f.Data = data
				changed = true
			}
			return
		}
		ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
		sections[name] = &ar.Files[len(ar.Files)-1]
		changed = true
	}

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
		m := testMapper(text, enc)
		anns := parseAnnotations(t, f.Name, text)
		if edits, _ := filepath.Match(editMarkerFiles, filepath.Base(file)); !edits {
			for _, a := range anns {
				if annotationSpecs[a.name].editing {
					t.Errorf("%s:%d: %s is checked only in %s (TestEditMarkers)", f.Name, a.line+1, a.name, editMarkerFiles)
				}
			}
		}

		// Diagnostics, 1:1.
		pub := c.waitVersion(u, 1)
		var got, want []string
		for _, d := range pub.Diagnostics {
			got = append(got, diagKey(m, text, d))
		}
		for _, a := range anns {
			if a.name == "diag" {
				want = append(want, annotationKey(a))
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: diagnostics (-want +got):\n%s", f.Name, diff)
		}

		// Code lenses, 1:1.
		lenses, err := c.server.CodeLens(ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil {
			t.Fatalf("%s: codeLens: %v", f.Name, err)
		}
		got, want = nil, nil
		for _, l := range lenses {
			got = append(got, fmt.Sprintf("%d: lens(%q)", l.Range.Start.Line+1, l.Command.Title))
			if l.Command.Command != RevealCommand || len(l.Command.Arguments) != 2 {
				t.Errorf("%s: lens %q has command %q with %d arguments", f.Name, l.Command.Title, l.Command.Command, len(l.Command.Arguments))
			}
		}
		for _, a := range anns {
			if a.name == "lens" {
				want = append(want, fmt.Sprintf("%d: lens(%q)", a.line+1, a.args[0]))
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: code lenses (-want +got):\n%s", f.Name, diff)
		}

		// Hovers.
		for _, a := range anns {
			if a.name != "hover" {
				continue
			}
			ls := m.LineSpan(a.line)
			line := string(text[ls.Start:ls.End])
			col := strings.Index(line[:strings.Index(line, "#@")], a.args[0])
			if col < 0 {
				t.Fatalf("%s:%d: %q is not on the line", f.Name, a.line+1, a.args[0])
			}
			h, err := c.server.Hover(ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: m.Position(ls.Start + col)}})
			if err != nil {
				t.Fatalf("%s:%d: hover: %v", f.Name, a.line+1, err)
			}
			gotText := "(no hover)\n"
			if h != nil {
				gotText = h.Contents.(*protocol.MarkupContent).Value
				if !strings.HasSuffix(gotText, "\n") {
					gotText += "\n" // as txtar stores it
				}
				if hs := m.Span(*h.Range); hs.Start > ls.Start+col || hs.End < ls.Start+col {
					t.Errorf("%s:%d: hover range %v does not hold the position", f.Name, a.line+1, *h.Range)
				}
			}
			name := "hover/" + a.args[1]
			used[name] = true
			if *update {
				setGolden(name, []byte(gotText))
				continue
			}
			sec := sections[name]
			if sec == nil {
				t.Errorf("%s:%d: no section %s (run with -update)", f.Name, a.line+1, name)
				continue
			}
			if diff := cmp.Diff(string(sec.Data), gotText); diff != "" {
				t.Errorf("%s:%d: hover %s (-want +got):\n%s", f.Name, a.line+1, a.args[1], diff)
			}
		}

		// Boards (gamels/board) and evaluations (gamels/evaluate), as
		// indented JSON.
		for _, a := range anns {
			method := map[string]string{"board": BoardMethod, "evaluate": EvaluateMethod}[a.name]
			if method == "" {
				continue
			}
			if len(a.args) != 2 {
				t.Fatalf("%s:%d: %s wants 2 arguments (text, name)", f.Name, a.line+1, a.name)
			}
			ls := m.LineSpan(a.line)
			line := string(text[ls.Start:ls.End])
			col := strings.Index(line[:strings.Index(line, "#@")], a.args[0])
			if col < 0 {
				t.Fatalf("%s:%d: %q is not on the line", f.Name, a.line+1, a.args[0])
			}
			var raw json.RawMessage
			if _, err := c.conn.Call(ctx, method, protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: m.Position(ls.Start + col)}, &raw); err != nil {
				t.Fatalf("%s:%d: %s: %v", f.Name, a.line+1, a.name, err)
			}
			if method == EvaluateMethod {
				raw = withoutJudged(t, raw)
			}
			var buf bytes.Buffer
			if err := json.Indent(&buf, raw, "", "  "); err != nil {
				t.Fatalf("%s:%d: %s: %v", f.Name, a.line+1, a.name, err)
			}
			buf.WriteByte('\n')
			name := a.name + "/" + a.args[1]
			used[name] = true
			if *update {
				setGolden(name, buf.Bytes())
				continue
			}
			sec := sections[name]
			if sec == nil {
				t.Errorf("%s:%d: no section %s (run with -update)", f.Name, a.line+1, name)
				continue
			}
			if diff := cmp.Diff(string(sec.Data), buf.String()); diff != "" {
				t.Errorf("%s:%d: %s %s (-want +got):\n%s", f.Name, a.line+1, a.name, a.args[1], diff)
			}
		}

		// Inlay hints, symbols, folding: one golden per transcript.
		gotGolden := outline(t, c, u, m, text)
		name := "golden/" + f.Name
		used[name] = true
		if *update {
			setGolden(name, gotGolden)
		} else if sec := sections[name]; sec == nil {
			t.Errorf("no section %s (run with -update)", name)
		} else if diff := cmp.Diff(string(sec.Data), string(gotGolden)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	// Sections of this harness that nothing uses any more.
	kept := ar.Files[:0]
	for _, f := range ar.Files {
		prefix, _, ok := strings.Cut(f.Name, "/")
		if ok && !used[f.Name] && (prefix == "hover" || prefix == "board" || prefix == "evaluate" || prefix == "golden") {
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

func docURI(name string) uri.URI { return uri.URI("file:///markers/" + name) }

// outline renders the inlay hints of the whole document inline, then the
// document symbols and folding ranges.
func outline(t *testing.T, c *testClient, u uri.URI, m *Mapper, text []byte) []byte {
	ctx := context.Background()
	id := protocol.TextDocumentIdentifier{URI: u}
	hints, err := c.server.InlayHint(ctx, &protocol.InlayHintParams{TextDocument: id,
		Range: protocol.Range{End: m.Position(len(text))}})
	if err != nil {
		t.Fatalf("inlayHint: %v", err)
	}
	var b bytes.Buffer
	b.WriteString("== inlay hints\n")
	last := 0
	for _, h := range hints {
		off := m.Offset(h.Position)
		if off < last {
			t.Errorf("inlay hints out of order at %v", h.Position)
			continue
		}
		b.Write(text[last:off])
		fmt.Fprintf(&b, "⟦%v⟧", h.Label)
		last = off
	}
	b.Write(text[last:])
	if len(text) > 0 && text[len(text)-1] != '\n' {
		b.WriteByte('\n')
	}
	// Decoded from a private copy: the library's typed decoding of this
	// union-typed result aliases the connection's read buffer.
	syms := rawCall[[]protocol.DocumentSymbol](t, c, protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: id})
	b.WriteString("== symbols\n")
	for _, s := range syms {
		detail := ""
		if s.Detail != nil {
			detail = *s.Detail
		}
		fmt.Fprintf(&b, "%s (lines %d-%d, name at %d:%d): %s\n", s.Name, s.Range.Start.Line+1, s.Range.End.Line+1,
			s.SelectionRange.Start.Line+1, s.SelectionRange.Start.Character+1, detail)
	}
	folds, err := c.server.FoldingRanges(ctx, &protocol.FoldingRangeParams{TextDocument: id})
	if err != nil {
		t.Fatalf("foldingRange: %v", err)
	}
	b.WriteString("== folding\n")
	for _, f := range folds {
		ct := ""
		if f.CollapsedText != nil {
			ct = *f.CollapsedText
		}
		fmt.Fprintf(&b, "lines %d-%d: %s\n", f.StartLine+1, f.EndLine+1, ct)
	}
	return b.Bytes()
}

// withoutJudged returns the evaluation raw without its judged search
// (its depth and nodes depend on the time the judgment had), and with
// its estimate zeroed unless the proof search proved it (a judgment may
// prove more, given the time: evaluate_test.go checks those).
func withoutJudged(t *testing.T, raw json.RawMessage) json.RawMessage {
	t.Helper()
	var ev *evaluation
	if err := json.Unmarshal(raw, &ev); err != nil || ev == nil {
		return raw
	}
	ev.Judged = nil
	if ev.Result == "unknown" {
		ev.Estimate, ev.EstimateText, ev.Proven = 0, "", false
	}
	out, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"gamels/internal/format"
	"gamels/internal/textpos"
	"gamels/parse"
)

// formatCorpus returns transcripts to format: the contest data, the
// format package's cases and the transcripts of the marker files.
func formatCorpus(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	files, _ := filepath.Glob("../testdata/contest/*/*.in")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(f)
		switch {
		case strings.HasPrefix(base, "uva844") || strings.HasPrefix(base, "zoj") || strings.HasPrefix(base, "as_uva844"):
			out[base+".pousse"] = b
		case strings.HasPrefix(base, "uva141"):
			out[base+".spot"] = b
		case strings.HasPrefix(base, "uva601"):
			out[base+".path"] = b
		}
	}
	archives, _ := filepath.Glob("testdata/*.txtar")
	more, _ := filepath.Glob("../format/testdata/*.txtar")
	for _, a := range append(archives, more...) {
		ar, err := txtar.ParseFile(a)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if _, ok := parse.KindOf(f.Name); ok && !strings.Contains(f.Name, "/") {
				out[filepath.Base(a)+"_"+f.Name] = f.Data
			}
		}
	}
	return out
}

// formatOverLSP opens text and returns it after the formatting edits.
func formatOverLSP(t *testing.T, c *testClient, u uri.URI, text []byte) []byte {
	t.Helper()
	c.open(u, 1, string(text))
	edits, err := c.server.Formatting(context.Background(), &protocol.DocumentFormattingParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil {
		t.Fatalf("%s: formatting: %v", u, err)
	}
	return applyTextEdits(t, testMapper(text, UTF16), text, edits)
}

// TestFormattingMatchesCLI formats every transcript of the test data over
// the protocol and with `gamels fmt`, and wants the same bytes; and
// formatting the result again gives no edits.
func TestFormattingMatchesCLI(t *testing.T) {
	bin := buildGamels(t)
	c := startServer(t, nil)
	c.initialize(nil, "")
	changed := 0
	for name, text := range formatCorpus(t) {
		kind, _ := parse.KindOf(name)
		u := uri.URI("file:///fmt/" + name)
		got := formatOverLSP(t, c, u, text)
		cmd := exec.Command(bin, "fmt", "--kind", kind.String())
		cmd.Stdin = bytes.NewReader(text)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		want, err := cmd.Output()
		if err != nil {
			// gamels fmt refuses only an unsafe result: no edits then.
			want = text
			t.Logf("%s: gamels fmt: %v: %s", name, err, stderr.Bytes())
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: LSP formatting differs from gamels fmt", name)
			continue
		}
		if !bytes.Equal(got, text) {
			changed++
		}
		u2 := uri.URI("file:///fmt/again/" + name)
		if again := formatOverLSP(t, c, u2, got); !bytes.Equal(again, got) {
			t.Errorf("%s: formatting twice differs from once", name)
		}
	}
	if changed == 0 {
		t.Error("no file of the corpus needed formatting: the test proves nothing")
	}
}

// TestFormattingNoEdits checks that a formatted document, a document
// whose formatting is refused and a range without changes all answer an
// empty list on the wire, not null.
func TestFormattingNoEdits(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	docs := map[uri.URI]string{
		"file:///ok.pousse":  "4\nL2\nQUIT\n",
		"file:///bad.spot":   "2\n1 1 +\nxyz junk\n", // errors outside the games
		"file:///plain.path": "1\n\nW\n\n0\n",
	}
	for u, text := range docs {
		c.open(u, 1, text)
		for _, call := range []struct {
			method string
			params any
		}{
			{protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}},
			{protocol.MethodTextDocumentRangeFormatting, &protocol.DocumentRangeFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng(0, 0, 1, 0)}},
		} {
			var raw json.RawMessage
			if _, err := c.conn.Call(context.Background(), call.method, call.params, &raw); err != nil {
				t.Fatalf("%s %s: %v", call.method, u, err)
			}
			if got := strings.TrimSpace(string(raw)); got != "[]" && u != "file:///bad.spot" {
				t.Errorf("%s %s: got %s, want []", call.method, u, got)
			} else if got == "null" {
				t.Errorf("%s %s: null", call.method, u)
			}
		}
	}
}

// TestRangeFormatting formats one game of three: only its lines change,
// the result means the same, and formatting the whole result equals
// formatting the whole source.
func TestRangeFormatting(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	text := "3\n\n4   \nL2 T2\nQUIT\n\n2\nL1   R1 # two moves\nQUIT\n\n1\nL1\n   QUIT\n"
	const u = uri.URI("file:///range.pousse")
	c.open(u, 1, text)
	m := testMapper([]byte(text), UTF16)
	line := func(s string) uint32 { return m.Position(strings.Index(text, s)).Line }
	edits, err := c.server.RangeFormatting(context.Background(), &protocol.DocumentRangeFormattingParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range:        protocol.Range{Start: pos(line("L1   R1"), 3), End: pos(line("L1   R1"), 5)}})
	if err != nil {
		t.Fatal(err)
	}
	got := string(applyTextEdits(t, m, []byte(text), edits))
	want := "3\n\n4   \nL2 T2\nQUIT\n\n2\nL1\nR1 # two moves\nQUIT\n\n1\nL1\n   QUIT\n"
	if got != want {
		t.Errorf("range formatting gives\n%s\nwant\n%s", got, want)
	}
	whole, _ := format.Source(parse.Pousse, []byte(text))
	again, _ := format.Source(parse.Pousse, []byte(got))
	if !bytes.Equal(whole, again) {
		t.Errorf("formatting after range formatting differs from formatting the source")
	}
}

// TestRangeFormattingRandom formats random ranges of mangled transcripts
// and checks that the edits never change what the transcript means and
// that formatting the whole result equals formatting the source.
func TestRangeFormattingRandom(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	corpus := formatCorpus(t)
	n := 0
	names := make([]string, 0, len(corpus))
	for name := range corpus {
		names = append(names, name)
	}
	sort.Strings(names) // the same ranges on every run
	for _, name := range names {
		text := corpus[name]
		if len(text) > 4000 {
			continue
		}
		kind, _ := parse.KindOf(name)
		for range 20 {
			src := mangle(rnd, text)
			m := testMapper(src, UTF16)
			all, _ := formatEdits(context.Background(), kind, src)
			a, b := rnd.IntN(len(src)+1), rnd.IntN(len(src)+1)
			snap := &snapshot{snapshotSpec: snapshotSpec{kind: kind, text: textpos.FromBytes(src), enc: UTF16}}
			res, err := rangeFormatting(context.Background(), snap, &protocol.DocumentRangeFormattingParams{
				Range: m.Range(parse.Span{Start: min(a, b), End: max(a, b)})})
			if err != nil {
				t.Fatal(err)
			}
			edits := res.([]protocol.TextEdit)
			if len(edits) > len(all) {
				t.Fatalf("%s: %d range edits, %d in all", name, len(edits), len(all))
			}
			out := applyTextEdits(t, m, src, edits)
			if !format.Equivalent(kind, src, out) {
				t.Fatalf("%s: range formatting changed the transcript:\n%s\n=>\n%s", name, src, out)
			}
			// Range then whole formatting equals whole formatting when the
			// file parses cleanly. A game with errors is copied as written
			// (only its trailing blanks go), so a range may drop a blank
			// line in it that the whole formatting keeps: the meaning is the
			// same (checked above), the layout not.
			f1, err1 := format.Source(kind, src)
			f2, err2 := format.Source(kind, out)
			clean := len(parse.Parse(kind, src).Errors) == 0
			if clean && err1 == nil && err2 == nil && !bytes.Equal(f1, f2) {
				t.Fatalf("%s: formatting after range formatting differs:\n%s\n=>\n%s", name, src, out)
			}
			n++
		}
	}
	t.Logf("%d random ranges", n)
}

// mangle changes the layout of text without changing its tokens: it
// joins some lines, adds blanks and blank lines.
func mangle(rnd *rand.Rand, text []byte) []byte {
	var b bytes.Buffer
	for _, line := range strings.SplitAfter(string(text), "\n") {
		body, nl := strings.CutSuffix(line, "\n")
		b.WriteString(body)
		switch rnd.IntN(6) {
		case 0:
			b.WriteString("   ")
		case 1:
			b.WriteString("\n")
		}
		if nl {
			if rnd.IntN(5) == 0 && !strings.Contains(body, "#") {
				b.WriteString(" ") // join with the next line
				continue
			}
			b.WriteString("\n")
		}
	}
	return b.Bytes()
}

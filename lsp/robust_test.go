package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"gamels/internal/textpos"
	"gamels/parse"
)

// corpus returns small transcripts of every kind: the contest samples and
// edge cases, and the transcripts of the marker tests.
func corpus(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	ext := map[string]string{"uva844": "pousse", "zoj": "pousse", "uva141": "spot", "uva601": "path"}
	for _, dir := range []string{"samples", "edge"} {
		files, _ := filepath.Glob(filepath.Join("../testdata/contest", dir, "*.in"))
		for _, f := range files {
			for prefix, kind := range ext {
				if base := filepath.Base(f); len(base) > len(prefix) && base[:len(prefix)] == prefix {
					data, err := os.ReadFile(f)
					if err != nil {
						t.Fatal(err)
					}
					out[base+"."+kind] = data
				}
			}
		}
	}
	archives, _ := filepath.Glob("testdata/*.txtar")
	for _, a := range archives {
		ar, err := txtar.ParseFile(a)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if _, ok := parse.KindOf(f.Name); ok {
				out[filepath.Base(a)+"/"+f.Name] = f.Data
			}
		}
	}
	if len(out) < 10 {
		t.Fatalf("corpus too small: %d files", len(out))
	}
	return out
}

// TestFeaturesEverywhere asks for a hover at every position of every
// corpus file (and for the other features once): no request may fail.
func TestFeaturesEverywhere(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	c.initialize(nil, "")
	hovers := 0
	for name, text := range corpus(t) {
		u := uri.URI("file:///corpus/" + name)
		c.open(u, 1, string(text))
		m := testMapper(text, UTF16)
		id := protocol.TextDocumentIdentifier{URI: u}
		for line := 0; line < m.Lines() && line < 200; line++ {
			ls := m.LineSpan(line)
			for off := ls.Start; off <= ls.End; off++ {
				if _, err := c.server.Hover(ctx, hoverParams(u, uint32(line), m.Position(off).Character)); err != nil {
					t.Fatalf("%s: hover at %d:%d: %v", name, line, off-ls.Start, err)
				}
				hovers++
			}
		}
		if _, err := c.server.InlayHint(ctx, &protocol.InlayHintParams{TextDocument: id, Range: rng(0, 0, 1<<20, 0)}); err != nil {
			t.Errorf("%s: inlayHint: %v", name, err)
		}
		if _, err := c.server.CodeLens(ctx, &protocol.CodeLensParams{TextDocument: id}); err != nil {
			t.Errorf("%s: codeLens: %v", name, err)
		}
		if _, err := c.server.DocumentSymbol(ctx, &protocol.DocumentSymbolParams{TextDocument: id}); err != nil {
			t.Errorf("%s: documentSymbol: %v", name, err)
		}
		if _, err := c.server.FoldingRanges(ctx, &protocol.FoldingRangeParams{TextDocument: id}); err != nil {
			t.Errorf("%s: foldingRange: %v", name, err)
		}
		p := c.waitVersion(u, 1)
		for _, d := range p.Diagnostics {
			if int(d.Range.End.Line) >= m.Lines() || d.Range.End.Line < d.Range.Start.Line {
				t.Errorf("%s: diagnostic range %v out of the document", name, d.Range)
			}
		}
		// What was published is, in full, what the analysis of the text
		// gives: ranges, severities, codes, messages, related information.
		if diff := cmp.Diff(diagJSON(t, e5Diagnostics(u, text)), diagJSON(t, p.Diagnostics)); diff != "" {
			t.Errorf("%s: published diagnostics (-computed +published):\n%s", name, diff)
		}
		c.closeDoc(u)
	}
	t.Logf("%d hovers", hovers)
}

// FuzzFeatures runs the analysis and every feature's core on arbitrary
// text of each kind: nothing may panic, every range must lie in the text.
func FuzzFeatures(f *testing.F) {
	for name, text := range corpus(f) {
		k, _ := parse.KindOf(name)
		f.Add(uint8(k), text)
	}
	f.Fuzz(func(t *testing.T, kind uint8, text []byte) {
		k := parse.Kind(kind%3 + 1)
		// A hang is a failure: crash the worker so that the fuzzer keeps
		// the input.
		watchdog := time.AfterFunc(10*time.Second, func() {
			buf := make([]byte, 1<<20)
			panic(fmt.Sprintf("FuzzFeatures: over 10s on %v %q\n%s", k, text, buf[:runtime.Stack(buf, true)]))
		})
		defer watchdog.Stop()
		snap := &snapshot{uri: "file:///fuzz", cache: newGameCache(), snapshotSpec: snapshotSpec{kind: k, text: textpos.FromBytes(text), enc: UTF16}}
		fa, err := snap.Analysis()
		if err != nil {
			t.Fatal(err)
		}
		m := snap.Mapper()
		end := m.Position(len(text))
		for _, d := range computeDiagnostics(snap, fa) {
			if d.Range.End.Line > end.Line || d.Range.Start.Line > d.Range.End.Line {
				t.Fatalf("diagnostic range %v beyond the end %v", d.Range, end)
			}
		}
		for _, ga := range fa.games {
			sm := summarize(textpos.FromBytes(text), k, fa.rules, ga)
			if sm.reveal.Start < 0 || sm.reveal.End > len(text) || sm.reveal.Start > sm.reveal.End {
				t.Fatalf("reveal span %v outside the text (%d bytes)", sm.reveal, len(text))
			}
		}
		for off := 0; off <= len(text) && off < 400; off++ {
			if ga := fa.gameAt(off); ga != nil {
				if _, sp, ok := hoverText(textpos.FromBytes(text), k, fa.rules, ga, off); ok && (sp.Start < 0 || sp.End > len(text)) {
					t.Fatalf("hover span %v outside the text", sp)
				}
			}
		}
		// The same text analysed again with the cache filled gives the
		// same diagnostics, in full: ranges, severities, codes, messages.
		again := &snapshot{uri: "file:///fuzz", cache: snap.cache, snapshotSpec: snapshotSpec{kind: k, text: textpos.FromBytes(append([]byte(nil), text...)), enc: UTF16}}
		fa2, _ := again.Analysis()
		if diff := cmp.Diff(diagJSON(t, computeDiagnostics(snap, fa)), diagJSON(t, computeDiagnostics(again, fa2))); diff != "" {
			t.Fatalf("cached analysis differs (-first +cached):\n%s", diff)
		}
	})
}

// diagJSON returns each diagnostic as the protocol encodes it, one string
// each: every field counts when two lists are compared.
func diagJSON(t *testing.T, ds []protocol.Diagnostic) []string {
	t.Helper()
	out := make([]string, len(ds))
	for i, d := range ds {
		b, err := protocol.Marshal(d)
		if err != nil {
			t.Fatalf("marshal %v: %v", d, err)
		}
		out[i] = string(b)
	}
	return out
}

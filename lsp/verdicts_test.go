package lsp

import (
	"context"
	"os"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/parse"
)

// TestPathOneDiagnosticPerBoard checks that the shipped PATH example
// publishes its verdicts only: one diagnostic per board, on its N line
// (the path and one-move cells are semantic tokens, not problems).
func TestPathOneDiagnosticPerBoard(t *testing.T) {
	text, err := os.ReadFile("../testdata/examples/boards.path")
	if err != nil {
		t.Fatal(err)
	}
	f := parse.Parse(parse.Path, text)
	if len(f.Errors) != 0 || len(f.Games) == 0 {
		t.Fatalf("boards.path: %d games, errors %v", len(f.Games), f.Errors)
	}
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///boards.path")
	c.open(u, 1, string(text))
	p := c.waitVersion(u, 1)
	if len(p.Diagnostics) != len(f.Games) {
		t.Fatalf("boards.path: %d diagnostics for %d boards", len(p.Diagnostics), len(f.Games))
	}
	m := testMapper(text, UTF16)
	for i, d := range p.Diagnostics {
		if want := m.Range(f.Games[i].N.Span); d.Range != want || d.Severity != protocol.DiagnosticSeverityInformation {
			t.Errorf("diagnostic %d: %v at %v, want Information at board %d's N line %v", i, d.Severity, d.Range, i+1, want)
		}
	}
}

// TestVerdictsSetting checks gamels.diagnostics.verdicts: Information by
// default, Hint or nothing as set, for Pousse and Spot endings, running
// out and PATH verdicts, republished when the setting changes.
func TestVerdictsSetting(t *testing.T) {
	docs := map[uri.URI]string{
		"file:///win.pousse": "1\nL1\nQUIT\n",                      // X WINS at move 1
		"file:///tie.pousse": "2\nL1\nQUIT\n",                      // runs out
		"file:///draw.spot":  "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n0\n", // a draw
		"file:///b.path":     "2\nWW\nBU\n0\n",                     // White has a path
	}
	c := startServer(t, nil)
	c.initialize(nil, `{"gamels":{"diagnostics":{"verdicts":"hint"}}}`)
	for u, text := range docs {
		c.open(u, 1, text)
	}
	check := func(what string, want protocol.DiagnosticSeverity, pubs func(u uri.URI) *protocol.PublishDiagnosticsParams) {
		t.Helper()
		for u := range docs {
			p := pubs(u)
			if want == 0 {
				if len(p.Diagnostics) != 0 {
					t.Errorf("%s: %s: %d diagnostics, want none", what, u, len(p.Diagnostics))
				}
				continue
			}
			if len(p.Diagnostics) != 1 || p.Diagnostics[0].Severity != want {
				t.Errorf("%s: %s: %+v, want one diagnostic of severity %v", what, u, p.Diagnostics, want)
			}
		}
	}
	check("hint", protocol.DiagnosticSeverityHint, func(u uri.URI) *protocol.PublishDiagnosticsParams { return c.waitVersion(u, 1) })
	for _, tc := range []struct {
		settings string
		want     protocol.DiagnosticSeverity
	}{
		{`{"gamels.diagnostics.verdicts":"off"}`, 0},
		{`{"diagnostics":{"verdicts":"information"}}`, protocol.DiagnosticSeverityInformation},
	} {
		n := map[uri.URI]int{}
		for u := range docs {
			n[u] = len(c.publications(u))
		}
		if err := c.server.DidChangeConfiguration(context.Background(), &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(tc.settings)}); err != nil {
			t.Fatal(err)
		}
		check(tc.settings, tc.want, func(u uri.URI) *protocol.PublishDiagnosticsParams {
			seen := 0 // waitFor calls this on u's publications in order: the first new one
			return c.waitFor(u, "republished", func(*protocol.PublishDiagnosticsParams) bool { seen++; return seen > n[u] })
		})
	}
}

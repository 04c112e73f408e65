package lsp

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze/solve"
)

// annotatedGame is the 3x3 icfp game of solve's TestAnnotateHints: at
// depth 4, O's B3 (move 4) blunders, then X misses L1 (move 5), O misses
// R2 (move 6) and X misses L1 again (move 7). Move i is on line i+1.
const annotatedGame = "# rules: icfp\n3\nL1\nT3\nL1\nB3\nB2\nL2\nR3\nQUIT\n"

// annotationCodes returns "line code" for every annotation diagnostic
// (those with the codes of solve's kinds) of p.
func annotationCodes(p *protocol.PublishDiagnosticsParams) []string {
	var out []string
	for _, d := range p.Diagnostics {
		code := fmt.Sprint(d.Code)
		if code == "missed-win" || code == "blunder" || code == "decisive" {
			if d.Severity != protocol.DiagnosticSeverityHint {
				code += " (not a Hint)"
			}
			out = append(out, fmt.Sprintf("%d %s", d.Range.Start.Line, code))
		}
	}
	return out
}

// annotated reports whether p has annotation diagnostics.
func annotated(p *protocol.PublishDiagnosticsParams) bool { return len(annotationCodes(p)) > 0 }

// versionIs reports whether p is for version v.
func versionIs(p *protocol.PublishDiagnosticsParams, v int32) bool {
	got, ok := p.Version.Get()
	return ok && got == v
}

// annotationHints returns "line:char label" for the inlay hints of u that
// are not move numbers.
func annotationHints(t *testing.T, c *testClient, u uri.URI) []string {
	t.Helper()
	hints, err := c.server.InlayHint(context.Background(), &protocol.InlayHintParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng(0, 0, 99, 0)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range hints {
		if l := fmt.Sprint(h.Label); !strings.HasSuffix(l, ".") {
			got = append(got, fmt.Sprintf("%d:%d %s", h.Position.Line, h.Position.Character, l))
		}
	}
	return got
}

// TestAnnotations opens a game with known annotations and checks that
// the diagnostics come first, without them, then again with them as
// Hint diagnostics; and that the inlay hints and the hover show them.
func TestAnnotations(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, `{"gamels": {"analysis": {"enabled": true, "depth": 4}}}`)
	const u = uri.URI("file:///a.pousse")
	c.open(u, 1, annotatedGame)
	p := c.waitFor(u, "annotations", annotated)
	if first := c.publications(u)[0]; annotated(first) {
		t.Errorf("the first publication has the annotations: %v", annotationCodes(first))
	}
	want := []string{"5 blunder", "6 missed-win", "7 missed-win", "8 missed-win"}
	if diff := cmp.Diff(want, annotationCodes(p)); diff != "" {
		t.Errorf("annotation diagnostics (-want +got):\n%s", diff)
	}
	wantHints := []string{
		"5:2 ?? blunder: after B3, X wins at once; R1 holds",
		"6:2 ?? missed L1: wins at once",
		"7:2 ?? missed R2: wins at once",
		"8:2 ?? missed L1: wins at once · ⟵ no result yet",
	}
	if diff := cmp.Diff(wantHints, annotationHints(t, c, u)); diff != "" {
		t.Errorf("inlay hints (-want +got):\n%s", diff)
	}
	if n := c.inlayRefreshes.Load(); n != 0 {
		t.Errorf("%d inlayHint/refresh requests to a client that does not support them", n)
	}
	h, err := c.server.Hover(context.Background(), hoverParams(u, 6, 0))
	if err != nil || h == nil {
		t.Fatalf("hover: %v %v", h, err)
	}
	md := h.Contents.(*protocol.MarkupContent).Value
	for _, s := range []string{"**engine** (depth 4): before the move, best: L1, X wins at once", "?? missed L1: wins at once"} {
		if !strings.Contains(md, s) {
			t.Errorf("hover on move 5 lacks %q:\n%s", s, md)
		}
	}

	// An edit: the annotations of version 1 are not shown for version 2
	// (until its own are ready), and version 2 is annotated again.
	c.change(u, 2, partial(rng(8, 0, 8, 2), "L1"))
	p = c.waitFor(u, "annotations of version 2", func(p *protocol.PublishDiagnosticsParams) bool {
		return versionIs(p, 2) && annotated(p)
	})
	if first := c.waitVersion(u, 2); annotated(first) {
		t.Errorf("the first publication of version 2 has the annotations: %v", annotationCodes(first))
	}
	if got := annotationCodes(p); len(got) == 0 || got[len(got)-1] == "8 missed-win" {
		t.Errorf("version 2 (X plays the winning L1 at move 7) still has move 7's missed win: %v", got)
	}
}

// TestAnnotationsCancelledByEdit holds the annotation job of version 1
// until version 2 has arrived: nothing of version 1 is published with
// annotations, and version 2 gets its own.
func TestAnnotationsCancelledByEdit(t *testing.T) {
	const u = uri.URI("file:///c.pousse")
	release := make(chan struct{})
	held := make(chan struct{}, 1)
	first := true
	c := startServer(t, func(ctx context.Context, method string) {
		if method == "annotations" && hookURI(ctx) == u && first {
			first = false // only the job of version 1 runs here
			held <- struct{}{}
			<-release
		}
	})
	c.initialize(nil, `{"gamels.analysis.enabled": true, "gamels.analysis.depth": 4}`)
	c.open(u, 1, annotatedGame)
	<-held
	c.change(u, 2, partial(rng(8, 0, 8, 2), "R1"))
	c.waitVersion(u, 2)
	close(release)
	c.waitFor(u, "annotations of version 2", func(p *protocol.PublishDiagnosticsParams) bool {
		return versionIs(p, 2) && annotated(p)
	})
	for _, p := range c.publications(u) {
		if versionIs(p, 1) && annotated(p) {
			t.Errorf("version 1 was published with annotations after the edit: %v", annotationCodes(p))
		}
	}
}

// TestAnnotationsSetting turns the annotations off, on and off again.
func TestAnnotationsSetting(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, `{"analysis": {"enabled": false, "depth": 4}}`)
	const u = uri.URI("file:///s.pousse")
	c.open(u, 1, annotatedGame)
	c.waitVersion(u, 1)
	configure := func(settings string) {
		t.Helper()
		if err := c.server.DidChangeConfiguration(context.Background(), &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(settings)}); err != nil {
			t.Fatal(err)
		}
	}
	// configureAndWait changes the settings and waits for a later
	// publication that satisfies ok.
	configureAndWait := func(settings, what string, ok func(*protocol.PublishDiagnosticsParams) bool) {
		t.Helper()
		seen := map[*protocol.PublishDiagnosticsParams]bool{}
		for _, p := range c.publications(u) {
			seen[p] = true
		}
		configure(settings)
		c.waitFor(u, what, func(p *protocol.PublishDiagnosticsParams) bool { return !seen[p] && ok(p) })
	}
	// Off: a change of another setting republishes; still no annotations.
	configureAndWait(`{"gamels": {"diagnostics": {"verdicts": "hint"}}}`, "republication",
		func(*protocol.PublishDiagnosticsParams) bool { return true })
	// The job would have started right after the publication; give it
	// far more time than the 3x3 game takes.
	time.Sleep(200 * time.Millisecond)
	for _, p := range c.publications(u) {
		if annotated(p) {
			t.Fatalf("annotations published while off: %v", annotationCodes(p))
		}
	}
	if got := annotationHints(t, c, u); len(got) != 1 {
		t.Errorf("inlay hints while off: %v", got)
	}
	configureAndWait(`{"gamels.analysis.enabled": true}`, "annotations once on", annotated)
	configureAndWait(`{"gamels": {"analysis": {"enabled": false}}}`, "republication without annotations",
		func(p *protocol.PublishDiagnosticsParams) bool { return !annotated(p) })
	if got := annotationHints(t, c, u); len(got) != 1 {
		t.Errorf("inlay hints after turning off: %v", got)
	}
}

// TestAnnotationsTime measures the time from opening
// testdata/examples/icfp1998.pousse (one 6x6 game of 13 plies) to its
// annotations' publication, at the default depth (go test -v shows it).
func TestAnnotationsTime(t *testing.T) {
	text, err := os.ReadFile("../testdata/examples/icfp1998.pousse")
	if err != nil {
		t.Fatal(err)
	}
	c := startServer(t, nil)
	c.initialize(nil, `{"gamels.analysis.enabled": true}`)
	const u = uri.URI("file:///icfp1998.pousse")
	start := time.Now()
	c.open(u, 1, string(text))
	c.waitVersion(u, 1)
	diags := time.Since(start)
	p := c.waitFor(u, "annotations", annotated)
	t.Logf("icfp1998.pousse: diagnostics after %v, annotations after %v: %v", diags, time.Since(start), annotationCodes(p))
	// As `gamels analyze` has it: move 12 (T4, line 15) blunders and
	// decides the game.
	if diff := cmp.Diff([]string{"15 blunder", "15 decisive"}, annotationCodes(p)); diff != "" {
		t.Errorf("annotations (-want +got):\n%s", diff)
	}
}

// TestParseAnalysisSettings reads gamels.analysis in the three shapes.
func TestParseAnalysisSettings(t *testing.T) {
	tests := []struct {
		raw     string
		cur     AnalysisSettings
		want    AnalysisSettings
		wantErr bool
	}{
		{`{}`, AnalysisSettings{Depth: 3}, AnalysisSettings{Depth: 3}, false},
		{`{"gamels":{"analysis":{"enabled":false}}}`, AnalysisSettings{}, AnalysisSettings{Off: true}, false},
		{`{"gamels.analysis.enabled":true}`, AnalysisSettings{Off: true, Depth: 2}, AnalysisSettings{Depth: 2}, false},
		{`{"analysis":{"depth":8}}`, AnalysisSettings{}, AnalysisSettings{Depth: 8}, false},
		{`{"gamels.analysis.depth":1000}`, AnalysisSettings{}, AnalysisSettings{Depth: MaxAnalysisDepth}, false},
		{`{"gamels.analysis.depth":0}`, AnalysisSettings{Depth: 5}, AnalysisSettings{Depth: 5}, true},
		{`{"gamels.analysis.depth":"deep"}`, AnalysisSettings{}, AnalysisSettings{}, true},
		{`{"gamels.analysis.enabled":"yes"}`, AnalysisSettings{}, AnalysisSettings{}, true},
		{`{"gamels":{"engine":{"level":"easy","time":250}}}`, AnalysisSettings{}, AnalysisSettings{Level: solve.LevelEasy, MoveTime: 250}, false},
		{`{"gamels.engine.level":"strong"}`, AnalysisSettings{MoveTime: 50}, AnalysisSettings{Level: solve.LevelStrong, MoveTime: 50}, false},
		{`{"gamels.engine.time":0}`, AnalysisSettings{MoveTime: 50}, AnalysisSettings{}, false},
		{`{"gamels.engine.level":"hard"}`, AnalysisSettings{}, AnalysisSettings{}, true},
		{`{"gamels.engine.level":""}`, AnalysisSettings{}, AnalysisSettings{}, true},
		{`{"gamels.engine.level":3}`, AnalysisSettings{}, AnalysisSettings{}, true},
		{`{"gamels.engine.time":5}`, AnalysisSettings{MoveTime: 50}, AnalysisSettings{MoveTime: 50}, true},
		{`{"gamels.engine.time":30001}`, AnalysisSettings{}, AnalysisSettings{}, true},
		{`{"gamels.engine.time":"1s"}`, AnalysisSettings{}, AnalysisSettings{}, true},
	}
	for _, tt := range tests {
		got, err := parseSettings([]byte(tt.raw), Settings{Analysis: tt.cur})
		if (err != nil) != tt.wantErr || got.Analysis != tt.want {
			t.Errorf("parseSettings(%s) = %+v, %v; want %+v, error %v", tt.raw, got.Analysis, err, tt.want, tt.wantErr)
		}
	}
	if d := (AnalysisSettings{}).depth(); d != 6 {
		t.Errorf("default depth %d, want 6", d)
	}
	if d := (AnalysisSettings{}).moveTime(); d != time.Second {
		t.Errorf("default engine time %v, want 1s (normal)", d)
	}
	if d := (AnalysisSettings{Level: solve.LevelEasy, MoveTime: 40}).moveTime(); d != 40*time.Millisecond {
		t.Errorf("engine time %v, want 40ms, the setting", d)
	}
}

// TestAnnotationsInlayRefresh checks that a client that supports it is
// asked to refresh its inlay hints once the annotations are ready.
func TestAnnotationsInlayRefresh(t *testing.T) {
	c := startServer(t, nil)
	yes := true
	p := &protocol.InitializeParams{InitializationOptions: protocol.LSPAny(`{"gamels.analysis.enabled": true, "gamels.analysis.depth": 4}`)}
	p.Capabilities.Workspace = &protocol.WorkspaceClientCapabilities{InlayHint: &protocol.InlayHintWorkspaceClientCapabilities{RefreshSupport: &yes}}
	if _, err := c.server.Initialize(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if err := c.server.Initialized(context.Background(), &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	const u = uri.URI("file:///r.pousse")
	c.open(u, 1, annotatedGame)
	c.waitFor(u, "annotations", annotated)
	deadline := time.Now().Add(5 * time.Second)
	for c.inlayRefreshes.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no workspace/inlayHint/refresh")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

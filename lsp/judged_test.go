package lsp

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// judgedGame is a random 5x5 game (gamels gen pousse --seed 3) with
// moves the judgment marks: the first inaccuracy is O's T4, move 10
// (R5 was better).
const judgedGame = "5\nR4\nT1\nB5\nT1\nT3\nB3\nL4\nT3\nR3\nT4\nT1\nR2\nT5\nR1\nB1\nR3\nT2\nR1\nL4\nL4\nB3\nR3\nT4\nT1\nL5\nB2\nR5\nR1\nR3\nL3\nT3\nB5\nR2\nR2\nR3\nL3\nT2\nB1\nQUIT\n"

// TestJudgedAnnotations: the judged inaccuracies (?!) and mistakes (?)
// are Hint diagnostics beside the proofs', their text saying they are
// judged; the hover says the estimate is judged; gamels/evaluations
// gives an estimate a position.
func TestJudgedAnnotations(t *testing.T) {
	c := startServer(t, nil)
	initializeAnnotated(t, c, `{"gamels.analysis.enabled": true, "gamels.analysis.depth": 4}`)
	const u = uri.URI("file:///j.pousse")
	c.open(u, 1, judgedGame)
	c.waitAnnotated(u, 1)
	var judged []string
	c.waitFor(u, "annotations", func(p *protocol.PublishDiagnosticsParams) bool {
		judged = judged[:0]
		for _, d := range p.Diagnostics {
			switch code := fmt.Sprint(d.Code); code {
			case "inaccuracy", "mistake":
				mark := map[string]string{"inaccuracy": "?! judged: ", "mistake": "? judged: "}[code]
				if d.Severity != protocol.DiagnosticSeverityHint || !strings.HasPrefix(fmt.Sprint(d.Message), mark) {
					t.Errorf("line %d: %s %q (severity %v), want a Hint starting %q", d.Range.Start.Line, code, d.Message, d.Severity, mark)
				}
				judged = append(judged, fmt.Sprintf("%d %s", d.Range.Start.Line, code))
			}
		}
		return len(judged) > 0
	})
	if len(judged) == 0 || judged[0] != "10 inaccuracy" {
		t.Errorf("judged annotations %v, want the first an inaccuracy on line 10 (move 10, T4)", judged)
	}
	got := evaluationsAt(t, c, u, 8)
	if got == nil || len(got.Estimates) != got.MoveCount+1 || got.Estimates[0] == nil {
		t.Fatalf("evaluations: %+v, want an estimate a position", got)
	}
	marks := 0
	for _, x := range got.Annotations {
		if x.Kind == "inaccuracy" || x.Kind == "mistake" {
			marks++
		}
	}
	if marks != len(judged) {
		t.Errorf("gamels/evaluations has %d judged annotations, the diagnostics %d", marks, len(judged))
	}
	h, err := c.server.Hover(t.Context(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos(8, 0)}})
	if err != nil || h == nil || !strings.Contains(h.Contents.(*protocol.MarkupContent).Value, "judged (an estimate, not a proof)") {
		t.Errorf("hover of move 8: %+v %v, want the judged estimate", h, err)
	}
}

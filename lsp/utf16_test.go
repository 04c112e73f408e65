package lsp

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestPositionEncodings checks diagnostic columns on a line mixing
// two-, three- and four-byte characters, in UTF-16 (the default) and in
// UTF-8 when the client offers it. The columns are counted by hand.
func TestPositionEncodings(t *testing.T) {
	// Line 2, by character: 漢 字 ␠ L 1 ␠ 😀 ␠ R 9 ␠ é
	text := "3\n# commentaire: é漢字😀\r\n漢字 L1 😀 R9 é\nQUIT\n"
	type span struct {
		sev        protocol.DiagnosticSeverity
		start, end uint32
	}
	const (
		errSev  = protocol.DiagnosticSeverityError
		infoSev = protocol.DiagnosticSeverityInformation
	)
	tests := []struct {
		enc  []protocol.PositionEncodingKind
		want []span
	}{
		{nil, []span{{errSev, 0, 2}, {infoSev, 3, 5}, {errSev, 6, 8}, {errSev, 9, 11}, {errSev, 12, 13}}},
		{[]protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF8}, []span{{errSev, 0, 6}, {infoSev, 7, 9}, {errSev, 10, 14}, {errSev, 15, 17}, {errSev, 18, 20}}},
	}
	for _, tt := range tests {
		c := startServer(t, nil)
		c.initialize(tt.enc, "")
		const u = uri.URI("file:///unicode.pousse")
		c.open(u, 1, text)
		p := c.waitVersion(u, 1)
		var got []span
		for _, d := range p.Diagnostics {
			if d.Range.Start.Line != 2 || d.Range.End.Line != 2 {
				t.Errorf("diagnostic off line 2: %v %v", d.Range, d.Message)
				continue
			}
			got = append(got, span{d.Severity, d.Range.Start.Character, d.Range.End.Character})
		}
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(span{})); diff != "" {
			t.Errorf("encodings %v: columns (-want +got):\n%s\n%v", tt.enc, diff, diagStrings(p.Diagnostics))
		}
		// A hover at the UTF-16 / UTF-8 column of R9 finds R9's range.
		col := uint32(9)
		if tt.enc != nil {
			col = 15
		}
		h, err := c.server.Hover(t.Context(), hoverParams(u, 2, col+1))
		if err != nil {
			t.Fatal(err)
		}
		if h != nil {
			t.Errorf("hover on an out-of-range move: %v", h.Contents)
		}
		h, err = c.server.Hover(t.Context(), hoverParams(u, 2, tt.want[1].start+1))
		if err != nil || h == nil {
			t.Fatalf("hover on L1: %v %v", h, err)
		}
		if got := *h.Range; got != rng(2, tt.want[1].start, 2, tt.want[1].end) {
			t.Errorf("hover range on L1 = %v", got)
		}
	}
}

package lsp

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/internal/gen"
)

// TestEditsMatchFresh edits transcripts of the three formats, large
// enough to span several chunks of their textpos.Text, through didChange
// (edits anywhere, from one byte to whole lines, line ends of the three
// kinds), and after each edit compares the diagnostics the server
// publishes (made by the incremental parse and the reused analyses of
// the other games, shifted) with those of a fresh analysis of the same
// text.
func TestEditsMatchFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("300 edits with a fresh analysis each")
	}
	for _, c := range []struct {
		ext    string
		text   []byte
		pieces []string
	}{
		{"pousse", gen.Pousse(21, gen.PousseOptions{Games: 100, MinN: 4, MaxN: 9, MinMoves: 20, MaxMoves: 400}),
			[]string{"L1\n", "R2\r\n", "T3 ", "QUIT\n", "\r", "x", "5\n", "# c\n", "B9\n"}},
		{"spot", gen.Spot(22, gen.SpotOptions{Games: 500, MinN: 3, MaxN: 12}),
			[]string{"1 1 +\n", "2 2 -\r\n", "3 ", "+", "\n", "0\n", "4\n", "# c\n", "x"}},
		{"path", gen.Path(23, gen.PathOptions{Boards: 250, MinN: 5, MaxN: 20, Unfilled: []float64{0, 0.2}}),
			[]string{"W", "B", "U", "WB\n", "\n", "\r\n", "3\n", "0\n", "# c\n", "x"}},
	} {
		t.Run(c.ext, func(t *testing.T) {
			if len(c.text) < 40<<10 {
				t.Fatalf("%d bytes: want several chunks", len(c.text))
			}
			cl := startServer(t, nil)
			cl.initialize(nil, "")
			u := uri.URI(fmt.Sprintf("file:///fresh.%s", c.ext))
			doc := &clientDoc{text: []rune(string(c.text))}
			cl.open(u, 1, string(doc.text))
			cl.waitVersion(u, 1)
			r := rand.New(rand.NewPCG(7, uint64(len(c.text))))
			reusing := 0 // edits whose analysis reused other games'
			for v := int32(2); v < 102; v++ {
				i := r.IntN(len(doc.text) + 1)
				j := min(len(doc.text), i+r.IntN(6))
				// Do not split a CRLF: the client's positions would be
				// ambiguous.
				if i > 0 && i < len(doc.text) && doc.text[i-1] == '\r' && doc.text[i] == '\n' {
					i--
				}
				if j > 0 && j < len(doc.text) && doc.text[j-1] == '\r' && doc.text[j] == '\n' {
					j++
				}
				ins := ""
				if r.IntN(4) != 0 {
					ins = c.pieces[r.IntN(len(c.pieces))]
				}
				rg := protocol.Range{Start: doc.position(i), End: doc.position(j)}
				doc.text = append(doc.text[:i:i], append([]rune(ins), doc.text[j:]...)...)
				cl.change(u, v, partial(rg, ins))
				got := cl.waitVersion(u, v)
				want := freshDiagnostics(u, []byte(string(doc.text)), UTF16)
				if diff := cmp.Diff(diagStrings(want), diagStrings(got.Diagnostics)); diff != "" {
					t.Fatalf("edit %d (%q over [%d,%d)): diagnostics differ from a fresh analysis (-fresh +edited):\n%s", v, ins, i, j, diff)
				}
				snap, err := cl.srv.snapshot(u)
				if err != nil {
					t.Fatal(err)
				}
				if fa, err := snap.Analysis(); err == nil && fa.reused > 0 {
					reusing++
				}
				cl.forget(u)
			}
			if reusing < 80 {
				t.Errorf("only %d of 100 edits reused the analysis of other games: the incremental path is not exercised", reusing)
			}
		})
	}
}

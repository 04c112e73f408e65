package analyze

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

// FuzzSpot plays arbitrary move lists (any squares, on or off the board,
// legal or not) and checks Spot against the naive reference.
func FuzzSpot(f *testing.F) {
	f.Add(uint8(2), []byte{1, 1, 1, 2, 2, 1, 2, 2, 0, 1, 2, 1})
	f.Add(uint8(3), []byte{1, 2, 1, 1, 2, 0, 2, 1, 1})
	f.Add(uint8(0), []byte{1, 1, 1})
	f.Fuzz(func(t *testing.T, size uint8, data []byte) {
		n := int(size % 12)
		g := &parse.Game{Size: n}
		for i := 0; i+2 < len(data); i += 3 {
			g.AppendMove(parse.SpotMove(int(data[i]%14), int(data[i+1]%14), data[i+2]&1 == 1), parse.Span{Start: i, End: i + 3})
		}
		sg := Spot(g)
		for k := -1; k <= len(g.Moves)+1; k++ {
			sg.Board(k)
		}
		if n == 0 {
			if sg.Verdict != "" || sg.End != -1 {
				t.Fatalf("size 0: %+v", sg.Result)
			}
			return
		}
		// The reference knows only on-board moves: stop the comparison at
		// the first off-board one, which the engine plays as a no-op.
		ref := &parse.Game{Size: n}
		offBoard := false
		for _, mv := range g.Moves {
			if mv.Row() < 1 || mv.Row() > n || mv.Col() < 1 || mv.Col() > n {
				offBoard = true
				break
			}
			ref.Moves = append(ref.Moves, mv)
		}
		if offBoard {
			return
		}
		want, _ := spotReference(ref)
		if diff := cmp.Diff(want, sg.Result); diff != "" {
			t.Fatalf("(-want +got)\n%s", diff)
		}
	})
}

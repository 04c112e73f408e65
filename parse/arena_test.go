package parse

import (
	"strings"
	"testing"
)

// TestArenaBound parses Pousse and Spot files of several layouts and
// checks that the move blocks never hold more than the source can: at
// most len(src)/3+1 moves in the blocks still in use (the finished ones
// and the current one's capacity), and that every game keeps its moves.
func TestArenaBound(t *testing.T) {
	pousse := func(games, moves int, sep string) string {
		var b strings.Builder
		for range games {
			b.WriteString("9\n")
			for i := range moves {
				b.WriteString("LRTB"[i%4:i%4+1] + string(rune('1'+i%9)) + sep)
			}
			b.WriteString("QUIT\n")
		}
		return b.String()
	}
	for _, c := range []struct {
		name string
		kind Kind
		src  string
	}{
		{"one per line", Pousse, pousse(50, 300, "\n")},
		{"one line", Pousse, "9 " + strings.Repeat("L1 ", 200000) + "QUIT"},
		{"one line, games", Pousse, strings.ReplaceAll(pousse(40, 3000, " "), "\n", " ")},
		{"two per line", Pousse, strings.ReplaceAll(pousse(30, 4000, "\n"), "1\n", "1 ")},
		{"spot on one line", Spot, strings.Repeat("50 "+strings.Repeat("1 1 + 1 1 - ", 50), 400) + "0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := []byte(c.src)
			f := &File{Kind: c.kind, Size: len(src)}
			p := &parser{src: src, file: f}
			p.moves.reserve(src)
			if c.kind == Pousse {
				p.pousse()
			} else {
				p.spot()
			}
			if len(f.Errors) > 0 {
				t.Fatalf("errors: %v", f.Errors[0])
			}
			moves := 0
			for _, g := range f.Games {
				moves += len(g.Moves)
			}
			if held, bound := p.moves.done+cap(p.moves.block), len(src)/3+1; held > bound || held < moves {
				t.Errorf("%d moves in blocks of %d, bound %d", moves, held, bound)
			}
			want := Parse(c.kind, src)
			SetFastPaths(false)
			slow := Parse(c.kind, src)
			SetFastPaths(true)
			for i, g := range f.Games {
				if len(g.Moves) != len(want.Games[i].Moves) || len(g.Moves) != len(slow.Games[i].Moves) {
					t.Fatalf("game %d: %d moves, then %d, general path %d", i+1, len(g.Moves), len(want.Games[i].Moves), len(slow.Games[i].Moves))
				}
				for k, m := range g.Moves {
					if m != slow.Games[i].Moves[k] {
						t.Fatalf("game %d move %d differs from the general path's", i+1, k+1)
					}
				}
			}
		})
	}
}

package parse

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReparse checks Reparse against Parse on random edits of random
// Pousse files: the two must give the same File, and the games Reparse
// says it kept must be the old ones.
func TestReparse(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"L1", "R2", "T3", "B10", "L7", "QUIT", "quit", "\n", " ", "\r\n", "# note\n", "# rules: icfp\n",
		"5", "3\n", "x", "R200", "L", "0", "\nQUIT\n", "2\nL1\nQUIT\n", "é"}
	kept, fell, first := 0, 0, 0
	for iter := range 1500 {
		src := randomPousse(r)
		for range 1 + r.IntN(4) {
			old := Parse(Pousse, src)
			next := edit(r, src, pieces)
			got, lo, hi, ok := Reparse(old, src, next)
			want := Parse(Pousse, next)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("iteration %d: Reparse differs from Parse (-want +got):\n%s\nold:\n%q\nnew:\n%q", iter, diff, src, next)
			}
			if ok {
				kept++
				if lo == 0 {
					first++ // an edit in the first game
				}
				for i := range lo {
					if got.Games[i] != old.Games[i] {
						t.Fatalf("game %d before the edit is not the old one", i)
					}
				}
				if hi > len(got.Games) || len(got.Games) != len(old.Games) {
					t.Fatalf("lo %d hi %d with %d games (old %d)", lo, hi, len(got.Games), len(old.Games))
				}
			} else {
				fell++
			}
			src = next
		}
	}
	if 3*kept < fell || first < 100 {
		t.Errorf("incremental %d times (%d in the first game), full parse %d times: the fast path is too rare", kept, first, fell)
	}
}

func randomPousse(r *rand.Rand) []byte {
	var b strings.Builder
	if r.IntN(4) == 0 {
		b.WriteString("3\n")
	}
	if r.IntN(5) == 0 {
		b.WriteString("# rules: contest\n")
	}
	for range 1 + r.IntN(6) {
		n := 1 + r.IntN(6)
		b.WriteString(strings.Repeat(" ", r.IntN(2)))
		b.WriteString(string(rune('0' + n)))
		b.WriteString("\n")
		for range r.IntN(12) {
			b.WriteByte("LRTB"[r.IntN(4)])
			b.WriteString(string(rune('0' + 1 + r.IntN(n+1))))
			b.WriteString([]string{"\n", " ", "\r\n", " # c\n"}[r.IntN(4)])
		}
		if r.IntN(8) != 0 {
			b.WriteString("QUIT\n")
		}
	}
	return []byte(b.String())
}

// edit replaces a random short range of src with a random piece.
func edit(r *rand.Rand, src []byte, pieces []string) []byte {
	i := r.IntN(len(src) + 1)
	j := min(len(src), i+r.IntN(4))
	ins := ""
	if r.IntN(4) != 0 {
		ins = pieces[r.IntN(len(pieces))]
	}
	return slices.Concat(src[:i], []byte(ins), src[j:])
}

func TestDiff(t *testing.T) {
	for _, tc := range []struct {
		a, b          string
		start, ae, be int
	}{
		{"", "", 0, 0, 0},
		{"abc", "abc", 3, 3, 3},
		{"abc", "abXc", 2, 2, 3},
		{"abc", "ac", 1, 2, 1},
		{"aaaa", "aaa", 3, 4, 3},
		{strings.Repeat("x", 9000) + "1" + strings.Repeat("y", 9000), strings.Repeat("x", 9000) + "22" + strings.Repeat("y", 9000), 9000, 9001, 9002},
	} {
		s, ae, be := Diff([]byte(tc.a), []byte(tc.b))
		if s != tc.start || ae != tc.ae || be != tc.be {
			t.Errorf("Diff(%.10q, %.10q) = %d %d %d, want %d %d %d", tc.a, tc.b, s, ae, be, tc.start, tc.ae, tc.be)
		}
	}
}

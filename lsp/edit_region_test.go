package lsp

import (
	"math/rand/v2"
	"testing"
)

// TestEditRegion applies random sequences of changes to a text and checks
// that the composed region describes the difference exactly: the new
// text is the old one with [start, oldEnd) replaced by new[start:newEnd].
func TestEditRegion(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 20000; iter++ {
		old := []byte(randWord(r, r.IntN(40)))
		cur := append([]byte(nil), old...)
		var reg editRegion
		for k := 1 + r.IntN(4); k > 0; k-- {
			if r.IntN(10) == 0 {
				ins := randWord(r, r.IntN(10))
				reg.whole(len(cur), len(ins))
				cur = []byte(ins)
				continue
			}
			a := r.IntN(len(cur) + 1)
			b := a + r.IntN(len(cur)-a+1)
			ins := randWord(r, r.IntN(6))
			reg.add(a, b, len(ins))
			cur = append(append(append([]byte(nil), cur[:a]...), ins...), cur[b:]...)
		}
		s, oe, ne := reg.start, reg.oldEnd, reg.newEnd
		if s < 0 || s > oe || oe > len(old) || s > ne || ne > len(cur) || len(old)-oe != len(cur)-ne {
			t.Fatalf("old %q new %q: region [%d,%d) -> [%d,%d) out of bounds", old, cur, s, oe, s, ne)
		}
		got := string(old[:s]) + string(cur[s:ne]) + string(old[oe:])
		if got != string(cur) {
			t.Fatalf("old %q new %q: region [%d,%d) -> [%d,%d) rebuilds %q", old, cur, s, oe, s, ne, got)
		}
	}
}

func randWord(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = "ab\n"[r.IntN(3)]
	}
	return string(b)
}

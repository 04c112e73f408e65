package parse

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gamels/internal/cputime"
	"gamels/internal/gen"
)

// scanDiff runs scan and ref, a scanner and its byte-at-a-time
// reference, on the same input and reports where they differ: the moves
// read (values and places), the end offset and the capacity left.
func scanDiff(scan, ref moveScanner, src []byte, i, base, size, room, limit int) error {
	dstNew := make([]Move, 1, 1+room)
	dstRef := make([]Move, 1, 1+room)
	dstNew[0] = Move{off: 7, n: 2, mv: 1}
	dstRef[0] = dstNew[0]
	gotMoves, got := scan(src, i, base, size, dstNew, limit)
	wantMoves, want := ref(src, i, base, size, dstRef, limit)
	if got != want || !slices.Equal(gotMoves, wantMoves) || cap(gotMoves) != cap(wantMoves) {
		return fmt.Errorf("scan(%q, i %d, size %d, room %d, limit %d) = %v, end %d; the reference: %v, end %d",
			src, i, size, room, limit, gotMoves[1:], got, wantMoves[1:], want)
	}
	return nil
}

// spotNoise returns a random Spot-like source: moves whose numbers have
// every digit count 1..4 and values 0..1000 (leading zeros too), signs
// right and wrong, separated by blanks, tabs, line ends of the three
// kinds, vertical tabs, form feeds and comments, or by nothing at all.
func spotNoise(r *rand.Rand, moves int) []byte {
	seps := []string{" ", " ", " ", "\n", "\n", "\r\n", "\t", "  ", "\n\n", "\r", "\v", "\f", "#c\n", "#", "", "\x00"}
	num := func() string {
		v := r.IntN(1001)
		if r.IntN(3) > 0 {
			v = r.IntN(64)
		}
		s := fmt.Sprint(v)
		if r.IntN(6) == 0 && len(s) < 4 {
			s = strings.Repeat("0", 1+r.IntN(4-len(s))) + s
		}
		return s
	}
	var b strings.Builder
	for range moves {
		b.WriteString(seps[r.IntN(len(seps))])
		switch r.IntN(12) {
		case 0:
			b.WriteString(num()) // a size
		case 1:
			b.WriteString(num() + seps[r.IntN(len(seps))] + num()) // no sign
		default:
			b.WriteString(num() + seps[r.IntN(3)] + num() + seps[r.IntN(3)])
			b.WriteByte("++--+-x0"[r.IntN(8)])
		}
	}
	b.WriteString(seps[r.IntN(len(seps))])
	return []byte(b.String())
}

// TestSpotScanDiff checks spotScan against spotBytes from every offset
// of random and hand-made sources, with sizes -1..63, room in the
// destination and limits that stop a run early.
func TestSpotScanDiff(t *testing.T) {
	srcs := [][]byte{
		[]byte("\n29 25 +\n24 29 +\n3 10 +\n6 10 -\n1 1 +\n"),
		[]byte("2\n1 1 + 2 2 - 01 002 + 0001 1 -"),
		[]byte("\r\n12 34 +\r\n1 2 -\r\n"), []byte("\n1\t2\t+\n3  4 -\n5\n6\n+\n"),
		[]byte("\n12 34 +#c\n12 34 -\v1 1 +\f"), []byte("\n123 4 +\n1 234 -\n1234 1 +\n        "),
	}
	// Every byte in every place of moves of the usual layout.
	for c := range 256 {
		for _, base := range []string{"\n29 25 +\n         ", "\n1 2 -\n    ", " 12 3 + \n     "} {
			for k := range len(base) {
				s := []byte(base)
				s[k] = byte(c)
				srcs = append(srcs, s)
			}
		}
	}
	r := rand.New(rand.NewPCG(14, 9))
	random := 3000
	if testing.Short() {
		random = 600
	}
	for range random {
		srcs = append(srcs, spotNoise(r, 1+r.IntN(8)))
	}
	n := 0
	for _, src := range srcs {
		for i := range len(src) + 1 {
			for _, size := range []int{-1, 0, 1, 5, 9, 10, 12, 29, 40, 63} {
				room, limit := 100, 1000
				if n%5 == 0 {
					room, limit = n%3, 1+n%4
				}
				n++
				if err := scanDiff(spotScan, spotBytes, src, i, 0, size, room, limit); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for size := 1; size <= 63; size++ {
		if err := scanDiff(spotScan, spotBytes, spotNoise(r, 50), 0, 0, size, 1000, 1000); err != nil {
			t.Fatal(err)
		}
	}
}

// FuzzSpotScan is TestSpotScanDiff on the fuzzer's inputs: the source,
// the offset to start from (modulo its length), the board size (0..63),
// the room in the destination and the limit.
func FuzzSpotScan(f *testing.F) {
	f.Add([]byte("\n29 25 +\n24 29 +\n3 10 +\n6 10 -\n1 1 +\n"), uint16(0), uint8(40), uint16(100), uint16(1000))
	f.Add([]byte("2\n1 1 + 2 2 - 01 002 + 0001 1 -"), uint16(1), uint8(2), uint16(3), uint16(2))
	f.Add([]byte("\r\n12 34 +\r\n1 2 -\r\n\n1\t2\t+\n3  4 -\n5\n6\n+\n"), uint16(0), uint8(40), uint16(10), uint16(10))
	f.Fuzz(func(t *testing.T, src []byte, i uint16, size uint8, room, limit uint16) {
		if err := scanDiff(spotScan, spotBytes, src, int(i)%(len(src)+1), 0, int(size%64), int(room), int(limit)); err != nil {
			t.Fatal(err)
		}
	})
}

// TestSpotWords checks that the usual layout is read eight bytes at a
// time, not left to the byte path, and that spotWords stops where it
// should.
func TestSpotWords(t *testing.T) {
	pad := "         "
	for _, c := range []struct {
		src   string
		moves int
		end   int
	}{
		{"\n29 25 +\n1 2 -\n3 10 +\n" + pad, 3, 21},
		{"\n29 25 +\n1 2 -\n3 10 +\n", 2, 14}, // not in the last 8 bytes
		{" 1\t2 + 12 3 -#\n" + pad, 2, 13},
		{"\n1  2 +\n" + pad, 0, 0},         // two blanks
		{"\n1 2 +\n\n3 4 -\n" + pad, 1, 6}, // two line ends
		{"\n1 2 *\n" + pad, 0, 0},          // no sign
		{"\n123 4 +\n" + pad, 0, 0},        // three digits: the byte path
		{"\n41 2 +\n" + pad, 0, 0},         // out of range
		{"\n1 2 +\x00\n" + pad, 0, 0},      // not an end
	} {
		got, end := spotWords([]byte(c.src), 0, 0, 40, make([]Move, 0, 10), 10)
		want, _ := spotBytes([]byte(c.src), 0, 0, 40, make([]Move, 0, 10), c.moves)
		if len(got) != c.moves || end != c.end || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("spotWords(%q): %v, end %d; want %d moves (%v), end %d", c.src, got, end, c.moves, want, c.end)
		}
	}
}

// BenchmarkSpotScan times spotScan and the reference on the games of the
// Spot reference input (ref.spot), each game's moves in one call, as the
// parser makes them.
func BenchmarkSpotScan(b *testing.B) {
	lf := gen.Spot(1, gen.RefSpot)
	for _, c := range []struct {
		name string
		scan moveScanner
		src  []byte
	}{
		{"new", spotScan, lf}, {"ref", spotBytes, lf},
		{"new-crlf", spotScan, bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))},
		{"ref-crlf", spotBytes, bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))},
	} {
		b.Run(c.name, func(b *testing.B) {
			src := c.src
			f := Parse(Spot, src)
			moves := 0
			for _, g := range f.Games {
				moves += len(g.Moves)
			}
			dst := make([]Move, 0, 256)
			b.SetBytes(int64(len(src)))
			read := 0
			cpu := cputime.Start()
			for b.Loop() {
				read = 0
				for _, g := range f.Games {
					got, _ := c.scan(src, g.N.Span.End, g.Span.Start, g.Size, dst[:0], 2*g.Size)
					read += len(got)
				}
			}
			cpu.Report(b, float64(moves), "move")
			if read != moves {
				b.Fatalf("%d moves read, want %d", read, moves)
			}
		})
	}
}

package parse

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

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

// pousseNoise returns a random Pousse-like source: moves of every digit
// count 1..4 and value 0..1000 (leading zeros too), in every direction,
// lowercase and not, separated by blanks, tabs, line ends of the three
// kinds, vertical tabs, form feeds and comments, or by nothing at all.
func pousseNoise(r *rand.Rand, tokens int) []byte {
	seps := []string{" ", "\n", "\n", "\r\n", "\t", "  ", "\n\n", "\r", "\v", "\f", "#c\n", "#", "", "\r\n\r\n", " \n", "\x00", "\n "}
	var b strings.Builder
	for range tokens {
		b.WriteString(seps[r.IntN(len(seps))])
		switch r.IntN(10) {
		case 0:
			b.WriteString("QUIT")
		case 1:
			b.WriteString(fmt.Sprint(r.IntN(101))) // a size
		default:
			b.WriteByte("LRTBLRTBLRTBlrtbX0"[r.IntN(18)])
			v := r.IntN(1001)
			if r.IntN(3) == 0 {
				v = r.IntN(10)
			}
			s := fmt.Sprint(v)
			if k := r.IntN(6); k < 4 && len(s) < 4 {
				s = strings.Repeat("0", r.IntN(4-len(s)+1)) + s
			}
			b.WriteString(s)
		}
	}
	b.WriteString(seps[r.IntN(len(seps))])
	return []byte(b.String())
}

// TestPousseScanDiff checks pousseScan against pousseBytes (the byte
// loop alone: pousseScan as it was before pousseWords) from every
// offset of random and hand-made sources, with sizes -1..127, room in the
// destination and limits that stop a run early.
func TestPousseScanDiff(t *testing.T) {
	srcs := [][]byte{
		[]byte("\nR87\nB35\nR67\r\nT100\nL1\n"),
		[]byte("L1 L0004 B04 B4444 B004 T4#\nQUIT"),
		[]byte("\nR8\n"), []byte("\nR87\n"), []byte("\nR100\n"), []byte("\nR1000\n"),
		[]byte("\r\nR8\r\n"), []byte("\r\nR87 "), []byte(" \tR87\t"), []byte("\n\nR87\n\n"),
		[]byte("\nR87#\n"), []byte("\nR87\v"), []byte("\nR87\f"), []byte("\nR87\x00"), []byte("\nr87\n"),
		[]byte("\vR87\n   "), []byte("\fR87\n   "), []byte("\x00R87\n   "), []byte("\n\vR87\n  "),
		[]byte("\nR8a\n    "), []byte("\nR/\n    "), []byte("\nR:\n     "), []byte("\nRR8\n    "),
	}
	// Every terminator byte and every byte in every place of a move of
	// the common shape, eight bytes and more.
	for c := range 256 {
		for _, base := range []string{"\nR87\n    ", "\r\nB5\n    ", " T100 \n  "} {
			for k := range len(base) {
				s := []byte(base)
				s[k] = byte(c)
				srcs = append(srcs, s)
			}
		}
	}
	r := rand.New(rand.NewPCG(14, 8))
	for range 3000 {
		srcs = append(srcs, pousseNoise(r, 1+r.IntN(12)))
	}
	n := 0
	for _, src := range srcs {
		for i := range len(src) + 1 {
			for _, size := range []int{-1, 0, 1, 7, 9, 10, 60, 87, 99, 100, 127} {
				room, limit := 100, 1000
				if n%5 == 0 {
					room, limit = n%3, 1+n%4
				}
				n++
				if err := scanDiff(pousseScan, pousseBytes, src, i, 0, size, room, limit); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for size := 1; size <= 127; size++ {
		src := pousseNoise(r, 50)
		if err := scanDiff(pousseScan, pousseBytes, src, 0, 0, size, 1000, 1000); err != nil {
			t.Fatal(err)
		}
	}
}

// FuzzPousseScan is TestPousseScanDiff on the fuzzer's inputs: the
// source, the offset to start from (modulo its length), the board size
// (0..127), the room in the destination and the limit.
func FuzzPousseScan(f *testing.F) {
	f.Add([]byte("\nR87\nB35\nR67\r\nT100\nL1\n"), uint16(0), uint8(100), uint16(100), uint16(1000))
	f.Add([]byte("L1 L0004 B04 B4444 B004 T4#\nQUIT"), uint16(1), uint8(4), uint16(3), uint16(2))
	f.Add([]byte("\r\nR8\r\n\tR9 R10\v\nl1"), uint16(0), uint8(9), uint16(10), uint16(10))
	f.Add([]byte("\r\nR8\r\nR9\r\nR10\r\n \nR1 \nR2\n\n\n"), uint16(0), uint8(90), uint16(10), uint16(10))
	f.Fuzz(func(t *testing.T, src []byte, i uint16, size uint8, room, limit uint16) {
		if err := scanDiff(pousseScan, pousseBytes, src, int(i)%(len(src)+1), 0, int(size%128), int(room), int(limit)); err != nil {
			t.Fatal(err)
		}
	})
}

// TestPousseWords checks that the usual layouts are read eight bytes at
// a time, not left to the byte path (which the differential tests cannot
// tell apart, only the benchmarks could), and that pousseWords stops
// where it should.
func TestPousseWords(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []Move
		end  int
	}{
		{"\nR87\nB35\nT100\n         ", []Move{{1, 3, 1<<7 | 87}, {5, 3, 3<<7 | 35}}, 8}, // three digits: the byte path
		{"\r\nB9\r\nL1\r\n        ", []Move{{2, 2, 3<<7 | 9}, {6, 2, 0<<7 | 1}}, 8},
		{" T07#abc   ", []Move{{1, 3, 2<<7 | 7}}, 4},
		{"\tL12\tL1\n\nR5\v   ", []Move{{1, 3, 0<<7 | 12}, {5, 2, 0<<7 | 1}}, 7}, // the gap changes
		{"\n\nR5\v\n\n \n\n", []Move{{2, 2, 1<<7 | 5}}, 4},                       // a \v, then the gap changes
		{"\nL1\nL2\nL3\nL4", []Move{{1, 2, 0<<7 | 1}, {4, 2, 0<<7 | 2}}, 6},      // not in the last 7 bytes
		{"\nL1 L2 L3 \vL4\n       ", []Move{{1, 2, 0<<7 | 1}, {4, 2, 0<<7 | 2}, {7, 2, 0<<7 | 3}}, 9},
		{"\nL1 L2 L3 L4 L5     ", []Move{{1, 2, 0<<7 | 1}, {4, 2, 0<<7 | 2}, {7, 2, 0<<7 | 3}, {10, 2, 0<<7 | 4}}, 12},
		{"\nL0 L2 L3 L4 L5     ", nil, 0}, // out of range
		{"\nL01 L2 L3 L4 L5    ", []Move{{1, 3, 0<<7 | 1}, {5, 2, 0<<7 | 2}, {8, 2, 0<<7 | 3}, {11, 2, 0<<7 | 4}}, 13},
		{"\nl1 L2 L3 L4 L5     ", nil, 0}, // lowercase
		{"\nL1L2 L3 L4 L5      ", nil, 0}, // no end
		{"\nL1\x00L3 L4 L5     ", nil, 0}, // not an end
	} {
		for k := range c.want {
			c.want[k].mv |= mvPousse
		}
		got, end := pousseWords([]byte(c.src), 0, 0, 100, make([]Move, 0, 10), 4)
		if diff := cmp.Diff(c.want, got, cmp.AllowUnexported(Move{}), cmpopts.EquateEmpty()); diff != "" || end != c.end {
			t.Errorf("pousseWords(%q): end %d, want %d; moves (-want +got):\n%s", c.src, end, c.end, diff)
		}
	}
}

// scanBenchSource is the moves of the Pousse reference input, every line
// that is a move, one run of 676,154 moves.
func scanBenchSource() []byte {
	var b bytes.Buffer
	b.WriteByte('\n')
	for line := range bytes.Lines(gen.Pousse(1, gen.RefPousse)) {
		if line[0] == 'L' || line[0] == 'R' || line[0] == 'T' || line[0] == 'B' {
			b.Write(line)
		}
	}
	return b.Bytes()
}

// BenchmarkPousseScan times the scanner alone on scanBenchSource, with
// "\n" and with "\r\n" line ends, and the reference (pousseBytes) for
// comparison.
func BenchmarkPousseScan(b *testing.B) {
	lf := scanBenchSource()
	for _, c := range []struct {
		name string
		scan moveScanner
		src  []byte
	}{
		{"new", pousseScan, lf}, {"ref", pousseBytes, lf},
		{"new-crlf", pousseScan, bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))},
		{"ref-crlf", pousseBytes, bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))},
		{"new-mixed", pousseScan, mixedEnds(lf)}, {"ref-mixed", pousseBytes, mixedEnds(lf)},
	} {
		b.Run(c.name, func(b *testing.B) {
			src := c.src
			moves := bytes.Count(lf, []byte{'\n'}) - 1
			dst := make([]Move, 0, moves+1)
			b.SetBytes(int64(len(src)))
			var got []Move
			cpu := cputime.Start()
			for b.Loop() {
				got, _ = c.scan(src, 0, 0, 100, dst[:0], 1<<30)
			}
			cpu.Report(b, float64(moves), "move")
			if len(got) < moves-1 {
				b.Fatalf("%d moves read, want %d", len(got), moves)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(moves), "ns/move")
		})
	}
}

// mixedEnds replaces the line ends of src with "\n", " \n", "\r\n" or
// "\t\t" at random: a layout that changes from move to move.
func mixedEnds(src []byte) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	ends := []string{"\n", " \n", "\r\n", "\t\t"}
	var b bytes.Buffer
	for line := range bytes.Lines(src) {
		b.Write(bytes.TrimSuffix(line, []byte("\n")))
		b.WriteString(ends[r.IntN(len(ends))])
	}
	return b.Bytes()
}

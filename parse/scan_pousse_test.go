package parse

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"gamels/internal/cputime"
	"gamels/internal/gen"
)

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
// "\n", "\r\n" and mixed line ends.
func BenchmarkPousseScan(b *testing.B) {
	lf := scanBenchSource()
	for _, c := range []struct {
		name string
		scan moveScanner
		src  []byte
	}{
		{"lf", pousseScan, lf},
		{"crlf", pousseScan, bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))},
		{"mixed", pousseScan, mixedEnds(lf)},
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

package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/uri"

	"gamels/internal/textpos"
)

// BenchmarkExpectedDiagnostics measures a snapshot's diagnostics after a
// change, its analysis done: without an expected output, and with one
// that agrees with every game or differs on every game (the comparison
// and its warnings are made for each snapshot). Bytes are the
// transcript's.
func BenchmarkExpectedDiagnostics(b *testing.B) {
	const games = 20000
	var src, same, wrong strings.Builder
	for range games {
		src.WriteString("2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n") // Player 2 wins on move 3
		same.WriteString("Player 2 wins on move 3\n")
		wrong.WriteString("Player 1 wins on move 3\n")
	}
	src.WriteString("0\n")
	text := textpos.FromBytes([]byte(src.String()))
	u := uri.File("/bench/many.spot")
	for _, bc := range []struct {
		name string
		out  string
	}{{"none", ""}, {"same", same.String()}, {"differs", wrong.String()}} {
		var e *expectedOutput
		if bc.out != "" {
			e = openExpected("/bench/many.out", textpos.FromBytes([]byte(bc.out)))
		}
		d := newDocument(u, snapshotSpec{version: 1, kind: kindOf("", u), text: text, enc: UTF16, expected: readyExpected(e)})
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(text.Len()))
			for b.Loop() {
				b.StopTimer()
				snap := d.next(d.snap.Load().spec())
				fa, err := snap.Analysis() // the games reused from the last snapshot
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				computeDiagnostics(snap, fa)
			}
		})
	}
}

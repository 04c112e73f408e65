package gen

import (
	"bufio"
	"math/rand/v2"
)

// noise writes an input with what the contest formats let a reader meet
// besides its tokens, which are read with scanf or a token scanner:
// trailing blanks, CRLF line ends (all of a file's, as an editor on
// Windows writes them, or some lines'), blank lines, and tabs or runs of
// blanks between the tokens of a line. It never splits a token nor
// joins two, and it leaves a PATH row a row (blanks after it only).
type noise struct {
	w    *bufio.Writer
	r    *rand.Rand
	crlf int // 0: "\n" ends, 1: all "\r\n", 2: some of each
}

func newNoise(w *bufio.Writer, seed uint64) *noise {
	// splitmix64 of the seed: PCG's first draws from small seeds are alike.
	z := seed + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	r := rand.New(rand.NewPCG(z^z>>31, 0x2545f4914f6cdd1d))
	return &noise{w: w, r: r, crlf: r.IntN(3)}
}

func (n *noise) Write(p []byte) (int, error) {
	for _, b := range p {
		switch b {
		case '\n':
			n.lineEnd()
			if n.r.IntN(12) == 0 { // a blank line, perhaps not empty
				n.blanks(n.r.IntN(2))
				n.lineEnd()
			}
		case ' ':
			n.blanks(1)
		default:
			n.w.WriteByte(b)
		}
	}
	if _, err := n.w.Write(nil); err != nil {
		return 0, err
	}
	return len(p), nil
}

// lineEnd writes a line end, after trailing blanks now and then.
func (n *noise) lineEnd() {
	if n.r.IntN(6) == 0 {
		n.blanks(1)
	}
	if n.crlf == 1 || n.crlf == 2 && n.r.IntN(2) == 0 {
		n.w.WriteByte('\r')
	}
	n.w.WriteByte('\n')
}

// blanks writes at least min blanks: most often one space, else a tab
// or a run of spaces and tabs.
func (n *noise) blanks(min int) {
	if min == 0 && n.r.IntN(2) == 0 {
		return
	}
	switch n.r.IntN(4) {
	case 0:
		n.w.WriteByte('\t')
	case 1:
		for range 1 + n.r.IntN(3) {
			n.w.WriteByte(" \t"[n.r.IntN(2)])
		}
	default:
		n.w.WriteByte(' ')
	}
}

package match

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gamels/analyze/solve"
	"gamels/parse"
)

// maxPositionInput bounds what ReadPosition reads: a game on the largest
// board the engine plays is far shorter.
const maxPositionInput = 1 << 20

// ReadPosition reads a position on the ICFP 1998 player interface (N on
// the first line, then the moves so far, one a line, blank lines
// ignored) and judges it as the referee does: the size must be one the
// engine plays (1 to solve.MaxN), every move legal, and the game not
// over after them (under the contest rules a Pousse game is over only on
// the board: there is no move limit here). The error says what is wrong
// and where, by line. O(input) for Pousse, O(moves²) for Spot.
func ReadPosition(kind parse.Kind, rules parse.Rules, r io.Reader) (n int, moves []parse.Move, err error) {
	sc := bufio.NewScanner(io.LimitReader(r, maxPositionInput+1))
	sc.Buffer(make([]byte, 4096), maxPositionInput+1)
	line, read := 0, 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			read += len(sc.Bytes()) + 1
			if t := strings.TrimSpace(sc.Text()); t != "" {
				return t, true
			}
		}
		return "", false
	}
	first, ok := next()
	if err := sc.Err(); err != nil {
		return 0, nil, fmt.Errorf("reading the position: %v", err)
	}
	if !ok {
		return 0, nil, fmt.Errorf("the position is empty: the first line must be N, the size of the board")
	}
	n, err = strconv.Atoi(first)
	if err != nil {
		return 0, nil, fmt.Errorf("line %d: %q is not a board size: the first line must be N, a whole number", line, first)
	}
	if n < 1 || n > solve.MaxN {
		return 0, nil, fmt.Errorf("line %d: size %d is out of range: the engine plays boards of 1 to %d", line, n, solve.MaxN)
	}
	b := newBoard(kind, rules, n, int(^uint(0)>>1))
	for {
		text, ok := next()
		if !ok {
			break
		}
		mv, err := parseMove(kind, n, text)
		if err != nil {
			return 0, nil, fmt.Errorf("line %d: %v", line, err)
		}
		illegal, end := b.play(mv)
		if illegal != "" {
			return 0, nil, fmt.Errorf("line %d: move %d, %s, is illegal: %s", line, len(moves)+1, text, illegal)
		}
		moves = append(moves, mv)
		if end != nil {
			if _, more := next(); more {
				return 0, nil, fmt.Errorf("line %d: the game ended at move %d (%s), yet more moves follow", line, len(moves), end.verdict)
			}
			return 0, nil, fmt.Errorf("the game is over after move %d (%s): there is no move to make", len(moves), end.verdict)
		}
	}
	if err := sc.Err(); err != nil || read > maxPositionInput {
		return 0, nil, fmt.Errorf("reading the position: the input is over %d bytes or unreadable", maxPositionInput)
	}
	return n, moves, nil
}

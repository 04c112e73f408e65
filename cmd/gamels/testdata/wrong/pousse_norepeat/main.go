// Command pousse_norepeat is a wrong Pousse solution for the tests of
// gamels judge --run and gamels shrink: it plays the straights rule of
// both rule sets but not the icfp repetition rule, so under --rules icfp
// it misjudges every game that ends by a repetition. With -spin D it
// first keeps a processor busy for the duration D, as a slower solution
// would (for the benchmark of gamels shrink).
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"time"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == "-spin" {
		d, err := time.ParseDuration(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for start := time.Now(); time.Since(start) < d; {
		}
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	in.Split(bufio.ScanWords)
	var words []string
	for in.Scan() {
		words = append(words, in.Text())
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	counted := false
	if len(words) > 1 {
		if _, err := strconv.Atoi(words[1]); err == nil {
			counted = true // UVa 844: a count, then the games
			words = words[1:]
		}
	}
	for games := 0; len(words) > 0; games++ {
		n, _ := strconv.Atoi(words[0])
		words = words[1:]
		b := make([][]byte, n)
		for i := range b {
			b[i] = make([]byte, n)
		}
		verdict := "TIE GAME"
		for move := 0; len(words) > 0; move++ {
			tok := words[0]
			words = words[1:]
			if tok == "QUIT" {
				break
			}
			if verdict != "TIE GAME" {
				continue
			}
			line, _ := strconv.Atoi(tok[1:])
			push(b, tok[0], line-1, "XO"[move%2])
			if x, o := straights(b); x > o {
				verdict = "X WINS"
			} else if o > x {
				verdict = "O WINS"
			}
		}
		if games > 0 && counted {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w, verdict)
	}
}

// push inserts c into line i from side d (L, R, T, B).
func push(b [][]byte, d byte, i int, c byte) {
	n := len(b)
	at := func(k int) *byte { // the k-th square seen from the side of entry
		switch d {
		case 'L':
			return &b[i][k]
		case 'R':
			return &b[i][n-1-k]
		case 'T':
			return &b[k][i]
		}
		return &b[n-1-k][i]
	}
	k := 0
	for k < n-1 && *at(k) != 0 {
		k++
	}
	for ; k > 0; k-- {
		*at(k) = *at(k - 1)
	}
	*at(0) = c
}

func straights(b [][]byte) (x, o int) {
	n := len(b)
	for i := 0; i < n; i++ {
		for _, col := range []bool{false, true} {
			c := b[i][0]
			if col {
				c = b[0][i]
			}
			same := c != 0
			for j := 1; j < n && same; j++ {
				if col {
					same = b[j][i] == c
				} else {
					same = b[i][j] == c
				}
			}
			if same && c == 'X' {
				x++
			} else if same {
				o++
			}
		}
	}
	return x, o
}

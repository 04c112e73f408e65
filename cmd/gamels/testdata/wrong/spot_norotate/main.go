// Command spot_norotate is a wrong Spot solution for the tests of gamels
// judge --run and gamels shrink: it finds a pattern that repeats as it
// was, but not one that repeats rotated.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Split(bufio.ScanWords)
	num := func() int {
		in.Scan()
		n, _ := strconv.Atoi(in.Text())
		return n
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for {
		n := num()
		if n == 0 {
			return
		}
		board := make([]byte, n*n)
		seen := map[string]bool{}
		verdict := "Draw"
		for m := 1; m <= 2*n; m++ {
			r, c := num(), num()
			in.Scan()
			if in.Text() == "+" {
				board[(r-1)*n+c-1] = 1
			} else {
				board[(r-1)*n+c-1] = 0
			}
			if verdict != "Draw" {
				continue
			}
			if seen[string(board)] {
				if m%2 == 0 {
					verdict = fmt.Sprintf("Player 1 wins on move %d", m)
				} else {
					verdict = fmt.Sprintf("Player 2 wins on move %d", m)
				}
			}
			seen[string(board)] = true
		}
		fmt.Fprintln(w, verdict)
	}
}

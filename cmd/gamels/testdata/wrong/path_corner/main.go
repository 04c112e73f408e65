// Command path_corner is a wrong PATH solution for the tests of gamels
// judge --run and gamels shrink: looking for a win in one move it never
// tries the four corner squares.
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
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for in.Scan() {
		n, _ := strconv.Atoi(in.Text())
		if n == 0 {
			return
		}
		b := make([][]byte, n)
		for i := range b {
			in.Scan()
			b[i] = []byte(in.Text())
		}
		switch {
		case wins(b, 'W'):
			fmt.Fprintln(w, "White has a winning path.")
		case wins(b, 'B'):
			fmt.Fprintln(w, "Black has a winning path.")
		case inOne(b, 'W'):
			fmt.Fprintln(w, "White can win in one move.")
		case inOne(b, 'B'):
			fmt.Fprintln(w, "Black can win in one move.")
		default:
			fmt.Fprintln(w, "There is no winning path.")
		}
	}
}

func inOne(b [][]byte, c byte) bool {
	n := len(b)
	for i := range b {
		for j := range b[i] {
			corner := (i == 0 || i == n-1) && (j == 0 || j == n-1)
			if b[i][j] != 'U' || corner {
				continue
			}
			b[i][j] = c
			ok := wins(b, c)
			b[i][j] = 'U'
			if ok {
				return true
			}
		}
	}
	return false
}

// wins reports whether c connects its two sides: W left to right, B top
// to bottom.
func wins(b [][]byte, c byte) bool {
	n := len(b)
	seen := make([]bool, n*n)
	var stack []int
	for k := 0; k < n; k++ {
		i, j := k, 0
		if c == 'B' {
			i, j = 0, k
		}
		if b[i][j] == c {
			seen[i*n+j] = true
			stack = append(stack, i*n+j)
		}
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i, j := p/n, p%n
		if (c == 'W' && j == n-1) || (c == 'B' && i == n-1) {
			return true
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			y, x := i+d[0], j+d[1]
			if y >= 0 && y < n && x >= 0 && x < n && !seen[y*n+x] && b[y][x] == c {
				seen[y*n+x] = true
				stack = append(stack, y*n+x)
			}
		}
	}
	return false
}

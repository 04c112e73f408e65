package render

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/analyze"
	"gamels/parse"
)

func TestGridStatementStyle(t *testing.T) {
	// The empty 4x4 board of the Pousse statement.
	want := `   1 2 3 4
  +-+-+-+-+
1 | | | | |
  +-+-+-+-+
2 | | | | |
  +-+-+-+-+
3 | | | | |
  +-+-+-+-+
4 | | | | |
  +-+-+-+-+
`
	got := Grid(4, func(r, c int) byte { return 0 })
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Grid(4) (-want +got):\n%s", diff)
	}
}

func TestGridWide(t *testing.T) {
	got := Grid(10, func(r, c int) byte {
		if r == c {
			return 'X'
		}
		return 0
	})
	lines := strings.Split(got, "\n")
	if want := "     1  2  3  4  5  6  7  8  9 10"; lines[0] != want {
		t.Errorf("header %q, want %q", lines[0], want)
	}
	if want := " 1 | X|  |  |  |  |  |  |  |  |  |"; lines[2] != want {
		t.Errorf("row 1 %q, want %q", lines[2], want)
	}
	if want := "10 |  |  |  |  |  |  |  |  |  | X|"; lines[20] != want {
		t.Errorf("row 10 %q, want %q", lines[20], want)
	}
	for i, l := range lines[:len(lines)-1] {
		if len(l) != len(lines[1]) && i > 0 {
			t.Errorf("line %d has width %d, want %d: %q", i, len(l), len(lines[1]), l)
		}
	}
}

func TestPousse(t *testing.T) {
	s := analyze.NewPousseState(3)
	s.Apply('L', 1) // X at row 1 col 1
	s.Apply('T', 3) // O at row 1 col 3
	s.Apply('L', 1) // X pushes: X X . O
	want := `   1 2 3
  +-+-+-+
1 |X|X|O|
  +-+-+-+
2 | | | |
  +-+-+-+
3 | | | |
  +-+-+-+
`
	if diff := cmp.Diff(want, Pousse(s)); diff != "" {
		t.Errorf("Pousse (-want +got):\n%s", diff)
	}
	if Pousse(nil) != "" {
		t.Errorf("Pousse(nil) is not empty")
	}
}

func TestPath(t *testing.T) {
	src := "3\n\nWWW\nBUB\nUBU\n0\n"
	f := parse.Parse(parse.Path, []byte(src))
	if len(f.Errors) > 0 || len(f.Games) != 1 {
		t.Fatalf("parse: %v", f.Errors)
	}
	g := f.Games[0]
	res := analyze.Path(g)
	want := `   1 2 3
  +-+-+-+
1 |w|w|w|
  +-+-+-+
2 |B|U|B|
  +-+-+-+
3 |U|B|U|
  +-+-+-+
`
	if diff := cmp.Diff(want, Path(g, res)); diff != "" {
		t.Errorf("Path (-want +got):\n%s", diff)
	}
}

func TestGridCompact(t *testing.T) {
	got := Grid(32, func(r, c int) byte {
		switch {
		case r == c:
			return 'X'
		case r+c == 33:
			return 'O'
		}
		return 0
	})
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	want := []string{
		"           10        20        30",
		"   ----:----|----:----|----:----|--",
		" 1 X..............................O",
		" 2 .X............................O.",
	}
	if diff := cmp.Diff(want, lines[:4]); diff != "" {
		t.Errorf("top (-want +got):\n%s", diff)
	}
	if want := "32 O..............................X"; lines[33] != want {
		t.Errorf("row 32 %q, want %q", lines[33], want)
	}
	if len(lines) != 34 {
		t.Errorf("%d lines, want 34", len(lines))
	}
	for i, l := range lines[1:] {
		if len(l) != len(lines[1]) {
			t.Errorf("line %d has width %d, want %d: %q", i+1, len(l), len(lines[1]), l)
		}
	}
}

// TestGridStyleBySize checks where the compact drawing takes over: the
// grid of MaxGridN columns fits in 80 characters, the next size is
// compact, and 100 x 100 (the largest Pousse board) stays near n².
func TestGridStyleBySize(t *testing.T) {
	empty := func(r, c int) byte { return 0 }
	grid := Grid(MaxGridN, empty)
	if w := len(strings.SplitN(grid, "\n", 3)[1]); w > 80 || !strings.Contains(grid, "+-") {
		t.Errorf("Grid(%d): width %d, grid style %v; want the grid style within 80 columns", MaxGridN, w, strings.Contains(grid, "+-"))
	}
	if c := Grid(MaxGridN+1, empty); strings.Contains(c, "+-") || !strings.Contains(c, "....") {
		t.Errorf("Grid(%d) is not compact:\n%s", MaxGridN+1, c)
	}
	big := Grid(100, empty)
	if len(big) > 11000 { // 10.7 KB: n² cells, row labels, two ruler lines
		t.Errorf("Grid(100) is %d bytes", len(big))
	}
	if want := "    ----:----|"; !strings.HasPrefix(strings.Split(big, "\n")[1], want) {
		t.Errorf("ruler of Grid(100): %q", strings.Split(big, "\n")[1][:20])
	}
	if want := "100 ...."; !strings.HasPrefix(strings.Split(big, "\n")[101], want) {
		t.Errorf("row 100 of Grid(100): %q", strings.Split(big, "\n")[101][:20])
	}
}

// TestPousseRows checks that a large Pousse board, drawn a row at a time,
// is the drawing of its cells.
func TestPousseRows(t *testing.T) {
	for _, n := range []int{MaxGridN, MaxGridN + 1, 61, 100} {
		s := analyze.NewPousseState(n)
		for i := range 3 * n {
			s.Apply("LRTB"[i%4], 1+(i*7)%n)
		}
		want := Grid(n, s.At)
		if diff := cmp.Diff(want, Pousse(s)); diff != "" {
			t.Errorf("n=%d (-cells +rows):\n%s", n, diff)
		}
		if got := string(AppendPousse([]byte("before\n"), s)); got != "before\n"+want {
			t.Errorf("n=%d: AppendPousse does not append the drawing", n)
		}
		if !strings.Contains(want, "X") || !strings.Contains(want, "O") {
			t.Errorf("n=%d: the test position has no markers", n)
		}
	}
}

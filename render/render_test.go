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
	res := analyze.AnalyzePath(g)
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

package contest

import (
	"strings"
	"testing"
)

// TestCompareShift: an output one line off from some game on says so;
// one wrong verdict, or a shift over too few games, does not.
func TestCompareShift(t *testing.T) {
	want := []string{"A", "B", "C", "D", "E", "F"}
	for _, tc := range []struct {
		name, out   string
		shift, from int
	}{
		{"same", "A\nB\nC\nD\nE\nF\n", 0, 0},
		{"a line too many", "A\nB\nx\nC\nD\nE\nF\n", 1, 2},
		{"a copy too many", "A\nB\nB\nC\nD\nE\nF\n", 1, 2},
		{"a line missing", "A\nB\nD\nE\nF\n", -1, 2},
		{"one wrong", "A\nB\nx\nD\nE\nF\n", 0, 0},
		{"missing and then wrong", "A\nB\nD\nE\nx\n", 0, 0},
		{"too few games after", "A\nB\nC\nD\nF\n", 0, 0},
		{"short", "A\nB\n", 0, 0},
	} {
		cm := NewComparer(strings.NewReader(tc.out), false)
		for i, w := range want {
			if _, err := cm.Next(i, w); err != nil {
				t.Fatal(err)
			}
		}
		c, err := cm.End(len(want), len(want))
		if err != nil || c.Shift != tc.shift || (tc.shift != 0 && c.ShiftFrom != tc.from) {
			t.Errorf("%s: shift %d from %d (%v), want %d from %d", tc.name, c.Shift, c.ShiftFrom, err, tc.shift, tc.from)
		}
	}
}

// FuzzComparer: any output against any verdicts: no panic, the counts
// agree with the differences returned, and a shift is only claimed when
// games differ.
func FuzzComparer(f *testing.F) {
	f.Add("A\nB\nC\nD\n", "A\nx\nB\nC\nD\n", false)
	f.Add("X WINS\nTIE GAME\nX WINS\n", "X WINS\n\nTIE GAME\r\n\n", true)
	f.Fuzz(func(t *testing.T, verdicts, out string, blank bool) {
		want := strings.Split(verdicts, "\n")
		cm := NewComparer(strings.NewReader(out), blank)
		differ := 0
		for i, w := range want {
			d, err := cm.Next(i, w)
			if err != nil {
				t.Fatal(err)
			}
			if d != nil {
				differ++
			}
		}
		c, err := cm.End(len(want), len(want))
		if err != nil || c.Differ != differ || (c.Shift != 0 && (c.Differ == 0 || c.ShiftFrom < 0 || c.ShiftFrom >= len(want))) {
			t.Fatalf("%+v, %d differ, %v", c, differ, err)
		}
	})
}

package analyze

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPushRun(t *testing.T) {
	// X L1, O L1, X L1 on a 3 x 3 board fill row 1 with X O X.
	s := NewPousseState(3)
	for _, mv := range []struct {
		dir  byte
		line int
	}{{'L', 1}, {'L', 1}, {'L', 1}} {
		s.Apply(mv.dir, mv.line)
	}
	// Row 1 is now X O X (full).
	tests := []struct {
		name string
		dir  byte
		line int
		want PousseShift
	}{
		{"into an empty row", 'L', 2, PousseShift{Run: []Cell{{2, 1}}}},
		{"down a column to its first empty square", 'T', 1, PousseShift{Run: []Cell{{1, 1}, {2, 1}}}},
		{"up a column", 'B', 2, PousseShift{Run: []Cell{{3, 2}}}},
		{"a full row from the left", 'L', 1, PousseShift{Run: []Cell{{1, 1}, {1, 2}, {1, 3}}, Off: Cell{1, 3}, OffWho: First}},
		{"a full row from the right", 'R', 1, PousseShift{Run: []Cell{{1, 3}, {1, 2}, {1, 1}}, Off: Cell{1, 1}, OffWho: First}},
		{"a bad line", 'L', 4, PousseShift{}},
		{"a bad direction", 'Q', 1, PousseShift{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, s.PushRun(tt.dir, tt.line)); diff != "" {
				t.Errorf("PushRun(%c, %d) (-want +got):\n%s", tt.dir, tt.line, diff)
			}
		})
	}
}

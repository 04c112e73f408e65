package render

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/internal/picture"
	"gamels/parse"
)

// show writes a drawing as its lines, each followed by a line marking
// its spans, one letter a kind (the first of the kind's name, upper
// case for those that repeat a first letter), for the tests to compare.
func show(d *Drawing) string {
	var b strings.Builder
	for i, l := range d.Lines {
		b.WriteString(l + "\n")
		var marks []string
		for _, s := range d.Spans {
			if s.Line == i {
				marks = append(marks, fmt.Sprintf("%s %d-%d", s.Kind, s.Start, s.End))
			}
		}
		if len(marks) > 0 {
			b.WriteString("  ^ " + strings.Join(marks, ", ") + "\n")
		}
	}
	return b.String()
}

var update = flag.Bool("update", false, "write the golden files of TestBoard")

// TestBoard compares Board's drawings, with their spans, against the
// golden files in testdata/board.
func position(t *testing.T, kind parse.Kind, text string, k int) *picture.Position {
	t.Helper()
	f := parse.Parse(kind, []byte(text))
	if len(f.Games) == 0 {
		t.Fatalf("no game in %q", text)
	}
	return picture.At(kind, f.Games[0], parse.RulesDefault, k)
}

func TestBoard(t *testing.T) {
	for _, tc := range []struct {
		name  string
		kind  parse.Kind
		text  string
		move  int
		width int
		marks []picture.Mark
	}{
		{name: "pousse/push-off", kind: parse.Pousse, text: "3\nL1\nL1\nL1\nL1\nQUIT\n", move: 4},
		{name: "pousse/straight-compact", kind: parse.Pousse, text: "3\nL1\nL2\nL1\nL2\nL1\nQUIT\n", move: 5, width: 8},
		{name: "pousse/marks", kind: parse.Pousse, text: "3\nL1\nL2\nL1\nL2\nQUIT\n", move: 4,
			marks: []picture.Mark{{Slot: "L1", Mark: "wins"}, {Slot: "T3", Mark: "loses"}}},
		{name: "pousse/wide", kind: parse.Pousse, text: "10\nT10\nR2\nQUIT\n", move: 2},
		{name: "pousse/marks-narrow", kind: parse.Pousse, text: "3\nL1\nL2\nL1\nL2\nQUIT\n", move: 4, width: 24,
			marks: []picture.Mark{{Slot: "L1", Mark: "wins"}, {Slot: "T3", Mark: "loses"}, {Slot: "B1", Mark: "loses"}, {Slot: "B2", Mark: "loses"}}},
		{name: "pousse/new", kind: parse.Pousse, text: "4\nQUIT\n", move: 0},
		{name: "spot/repeat", kind: parse.Spot, text: "2\n1 1 +\n2 2 +\n1 1 -\n2 2 -\n0\n", move: 4},
		{name: "spot/playing", kind: parse.Spot, text: "3\n1 1 +\n0\n", move: 1},
		{name: "path", kind: parse.Path, text: "3\n\nWWW\nBUB\nUBU\n0\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, tc.kind, tc.text, tc.move)
			p.Marks = tc.marks
			var earlier *picture.Position
			if p.ShowsRepeat() {
				earlier = position(t, tc.kind, tc.text, p.Earlier)
			}
			got := show(Board(p, earlier, tc.width))
			golden := filepath.Join("testdata", "board", strings.ReplaceAll(tc.name, "/", "-")+".txt")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("Board (-%s +got):\n%s", golden, diff)
			}
		})
	}
}

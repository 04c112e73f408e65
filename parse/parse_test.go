package parse_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"gamels/internal/textpos"
	"gamels/parse"
)

var update = flag.Bool("update", false, "rewrite the golden sections of testdata/*.txtar")

// TestGolden parses the input file of each testdata/*.txtar archive (the
// first file, whose extension names the format) and compares a dump of
// the games and the errors with the archive's "games" and "errors"
// sections.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test archives: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			in := ar.Files[0]
			kind, ok := parse.KindOf(in.Name)
			if !ok {
				t.Fatalf("first file %q has no transcript extension", in.Name)
			}
			f := parse.Parse(kind, in.Data)
			got := map[string]string{"games": dumpGames(f, in.Data), "errors": dumpErrors(f, in.Data)}
			if *update {
				ar.Files = ar.Files[:1]
				for _, name := range []string{"games", "errors"} {
					ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(got[name])})
				}
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want := map[string]string{}
			for _, sec := range ar.Files[1:] {
				want[sec.Name] = string(sec.Data)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func pos(lines *textpos.Index, off int) string {
	l, c := lines.Position(off)
	return fmt.Sprintf("%d:%d", l, c)
}

func dumpGames(f *parse.File, src []byte) string {
	lines := textpos.New(src)
	var b strings.Builder
	if f.Layout == parse.LayoutCounted {
		fmt.Fprintf(&b, "count %d at %s\n", f.Count.Value, pos(lines, f.Count.Span.Start))
	}
	if f.Rules != parse.RulesDefault {
		fmt.Fprintf(&b, "rules %s at %s\n", f.Rules, pos(lines, f.RulesSpan.Start))
	}
	for _, g := range f.Games {
		fmt.Fprintf(&b, "game %d at %s-%s: N %q size %d", g.Index+1, pos(lines, g.Span.Start), pos(lines, g.Span.End), src[g.N.Span.Start:g.N.Span.End], g.Size)
		if g.HasErrors {
			b.WriteString(" (errors)")
		}
		b.WriteString("\n")
		for i, m := range g.Moves {
			fmt.Fprintf(&b, "  %s %s\n", pos(lines, g.MoveSpan(i).Start), moveText(f.Kind, m))
		}
		for i, m := range g.Extra {
			fmt.Fprintf(&b, "  extra %s %s\n", pos(lines, g.ExtraSpan(i).Start), moveText(f.Kind, m))
		}
		for _, r := range g.Rows {
			cells := []byte(nil)
			for _, c := range r.Cells {
				if c == parse.CellBad {
					c = '?'
				}
				cells = append(cells, c)
			}
			fmt.Fprintf(&b, "  %s row %s\n", pos(lines, r.Span.Start), cells)
		}
		if g.Quit.End > 0 {
			fmt.Fprintf(&b, "  %s QUIT\n", pos(lines, g.Quit.Start))
		}
	}
	if f.End.End > 0 {
		fmt.Fprintf(&b, "end at %s\n", pos(lines, f.End.Start))
	}
	fmt.Fprintf(&b, "%d comments\n", len(f.Comments))
	return b.String()
}

func moveText(k parse.Kind, m parse.Move) string {
	if k == parse.Pousse {
		return fmt.Sprintf("%c%d", m.Dir(), m.Line())
	}
	sign := "-"
	if m.Add() {
		sign = "+"
	}
	return fmt.Sprintf("%d %d %s", m.Row(), m.Col(), sign)
}

func dumpErrors(f *parse.File, src []byte) string {
	lines := textpos.New(src)
	var b strings.Builder
	for _, e := range f.Errors {
		fmt.Fprintf(&b, "%s-%s: [%s] %s\n", pos(lines, e.Span.Start), pos(lines, e.Span.End), e.Code, e.Msg)
	}
	return b.String()
}

func TestKindOf(t *testing.T) {
	for _, tc := range []struct {
		in   string
		kind parse.Kind
		ok   bool
	}{
		{"pousse", parse.Pousse, true},
		{"a/b.spot", parse.Spot, true},
		{"x.path", parse.Path, true},
		{".path", 0, false},
		{"xpath", 0, false},
		{"x.txt", 0, false},
	} {
		k, ok := parse.KindOf(tc.in)
		if k != tc.kind || ok != tc.ok {
			t.Errorf("KindOf(%q) = %v, %v; want %v, %v", tc.in, k, ok, tc.kind, tc.ok)
		}
	}
}

// TestContestInputs parses every contest input shipped in testdata and
// expects no error and the number of games the expected output implies.
func TestContestInputs(t *testing.T) {
	for _, tc := range []struct {
		file  string
		kind  parse.Kind
		games int
	}{
		{"uva844_sample.in", parse.Pousse, 2},
		{"zoj_boj_pousse_sample.in", parse.Pousse, 2},
		{"uva844_edge.in", parse.Pousse, 6},
		{"uva844_random2000.in", parse.Pousse, 2000},
		{"as_uva844.in", parse.Pousse, 1347},
		{"uva141_sample.in", parse.Spot, 2},
		{"uva141_edge.in", parse.Spot, 5},
		{"uva141_random3000.in", parse.Spot, 3000},
		{"uva601_sample.in", parse.Path, 2},
		{"uva601_extra.in", parse.Path, 10},
		{"uva601_edge.in", parse.Path, 8},
		{"uva601_random400.in", parse.Path, 400},
	} {
		matches, _ := filepath.Glob(filepath.Join("..", "testdata", "contest", "*", tc.file))
		if len(matches) != 1 {
			t.Fatalf("%s: found %d files", tc.file, len(matches))
		}
		src, err := os.ReadFile(matches[0])
		if err != nil {
			t.Fatal(err)
		}
		f := parse.Parse(tc.kind, src)
		if len(f.Errors) != 0 {
			t.Errorf("%s: %d errors, first %v", tc.file, len(f.Errors), f.Errors[0])
		}
		if len(f.Games) != tc.games {
			t.Errorf("%s: %d games, want %d", tc.file, len(f.Games), tc.games)
		}
	}
}

// TestManyMovesOnOneLine overflows the first move block (sized by line
// count) and checks that every game keeps its own moves.
func TestManyMovesOnOneLine(t *testing.T) {
	var b strings.Builder
	for g := 1; g <= 3; g++ {
		fmt.Fprintf(&b, "%d", g+1)
		for i := 0; i < 5000; i++ {
			fmt.Fprintf(&b, " L%d", i%(g+1)+1)
		}
		b.WriteString(" QUIT ")
	}
	f := parse.Parse(parse.Pousse, []byte(b.String()))
	if len(f.Errors) > 0 || len(f.Games) != 3 {
		t.Fatalf("%d games, errors %v", len(f.Games), f.Errors)
	}
	for gi, g := range f.Games {
		if len(g.Moves) != 5000 {
			t.Fatalf("game %d: %d moves", gi+1, len(g.Moves))
		}
		for i, m := range g.Moves {
			if m.Dir() != 'L' || m.Line() != i%(gi+2)+1 {
				t.Fatalf("game %d move %d = %c%d", gi+1, i, m.Dir(), m.Line())
			}
		}
	}
}

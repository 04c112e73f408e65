package contest

import (
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/analyze"
	"gamels/parse"
)

// Three UVa 844 games: X wins on a 1x1 board, a tie, and X winning down
// column 1 with its second move.
const counted = `3

1
L1
QUIT

2
L1
QUIT

2
L1
T2
T1
QUIT
`

func TestCompare(t *testing.T) {
	v := Judge(parse.Pousse, parse.RulesDefault, []byte(counted), 1)
	if v.Judged != 3 {
		t.Fatalf("judged %d games, want 3 (errors %v)", v.Judged, v.Errors)
	}
	want := []string{v.Line(0), v.Line(1), v.Line(2)}
	if diff := cmp.Diff([]string{"X WINS", "TIE GAME", "X WINS"}, want); diff != "" {
		t.Fatalf("verdicts (-want +got):\n%s", diff)
	}
	for _, tc := range []struct {
		name, out string
		want      Comparison
	}{
		{name: "same", out: "X WINS\n\nTIE GAME\n\nX WINS\n", want: Comparison{Lines: 5}},
		{name: "crlf", out: "X WINS\r\n\r\nTIE GAME\r\n\r\nX WINS\r\n", want: Comparison{Lines: 5}},
		{name: "no final newline", out: "X WINS\n\nTIE GAME\n\nX WINS", want: Comparison{Lines: 5}},
		{name: "one differs", out: "X WINS\n\nX WINS\n\nX WINS\n", want: Comparison{Lines: 5,
			Differences: []Difference{{Game: 1, Want: "TIE GAME", Got: "X WINS", OutLine: 3}}}},
		{name: "trailing space", out: "X WINS \n\nTIE GAME\n\nX WINS\n", want: Comparison{Lines: 5,
			Differences: []Difference{{Game: 0, Want: "X WINS", Got: "X WINS ", OutLine: 1}}}},
		{name: "short", out: "X WINS\n", want: Comparison{Lines: 1, Missing: 2,
			Differences: []Difference{{Game: 1, Want: "TIE GAME", Missing: true}, {Game: 2, Want: "X WINS", Missing: true}}}},
		{name: "empty", out: "", want: Comparison{Missing: 3,
			Differences: []Difference{{Game: 0, Want: "X WINS", Missing: true}, {Game: 1, Want: "TIE GAME", Missing: true}, {Game: 2, Want: "X WINS", Missing: true}}}},
		{name: "long", out: "X WINS\n\nTIE GAME\n\nX WINS\n\nX WINS\n\nTIE GAME\n", want: Comparison{Lines: 9,
			Extra: 2, ExtraLine: 7, ExtraText: "X WINS"}},
		{name: "no blank lines", out: "X WINS\nTIE GAME\nX WINS\n", want: Comparison{Lines: 3,
			Layout: 2, LayoutLine: 2, LayoutMsg: "no empty line between two verdicts (the UVa 844 layout has one)"}},
		{name: "blank after", out: "X WINS\n\nTIE GAME\n\nX WINS\n\n", want: Comparison{Lines: 6,
			Layout: 1, LayoutLine: 6, LayoutMsg: "an empty line after the last verdict"}},
		{name: "binary", out: "X WINS\n\nTIE\x00GAME\n\nX WINS\n", want: Comparison{Lines: 5, Binary: true,
			Differences: []Difference{{Game: 1, Want: "TIE GAME", Got: "TIE\x00GAME", OutLine: 3}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Compare(v, strings.NewReader(tc.out))
			if err != nil {
				t.Fatal(err)
			}
			tc.want.Games = 3
			tc.want.Differ = len(tc.want.Differences)
			if diff := cmp.Diff(&tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestCompareErrors: an input with an error is compared up to it; the
// output's lines for the games after are not compared, nor extra.
func TestCompareErrors(t *testing.T) {
	src := "2\n\n1\nL1\nQUIT\n\n2\nX9\nQUIT\n"
	v := Judge(parse.Pousse, parse.RulesDefault, []byte(src), 1)
	if v.Judged != 1 || len(v.Errors) == 0 {
		t.Fatalf("judged %d, errors %v; want 1 and an error", v.Judged, v.Errors)
	}
	got, err := Compare(v, strings.NewReader("X WINS\n\nTIE GAME\n"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&Comparison{Games: 1, Uncompared: 1, Lines: 3}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestCompareLongLine: a line longer than MaxLine is kept cut, and the
// next line is still the next line.
func TestCompareLongLine(t *testing.T) {
	v := Judge(parse.Spot, parse.RulesDefault, []byte("2\n1 1 +\n1 1 -\n1 1 +\n1 2 +\n0\n"), 1)
	long := strings.Repeat("Draw", 100000) + "\r\n"
	got, err := Compare(v, strings.NewReader(long+"Draw\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Differences) != 1 || len(got.Differences[0].Got) != MaxLine || got.Extra != 1 || got.ExtraText != "Draw" || got.ExtraLine != 2 {
		t.Errorf("got %+v", got)
	}
}

// TestCompareHuge: an output of many gigabytes costs no memory beyond a
// line: it is read and counted, not kept.
func TestCompareHuge(t *testing.T) {
	v := Judge(parse.Spot, parse.RulesDefault, []byte("0\n"), 1)
	const lines = 1 << 20
	r := io.LimitReader(repeatReader("Draw\n"), 5*lines)
	got, err := Compare(v, r)
	if err != nil {
		t.Fatal(err)
	}
	if got.Extra != lines || got.Lines != lines {
		t.Errorf("extra %d lines %d, want %d", got.Extra, got.Lines, lines)
	}
	allocs := testing.AllocsPerRun(1, func() {
		Compare(v, io.LimitReader(repeatReader("Draw\n"), 5*lines))
	})
	if allocs > 20 {
		t.Errorf("%v allocations reading %d lines", allocs, lines)
	}
}

type repeatReader string

func (s repeatReader) Read(p []byte) (int, error) {
	n := 0
	for n+len(s) <= len(p) {
		n += copy(p[n:], s)
	}
	return n, nil
}

// FuzzCompare: Compare never fails on any output, accounts for every
// game judged, and finds no difference in the judge's own output, with
// either line end.
func FuzzCompare(f *testing.F) {
	f.Add(counted, "X WINS\n\nTIE GAME\n\nX WINS\n")
	f.Add("2\nL1\nQUIT\n1\nT1\nQUIT\n", "TIE GAME\r\nX WINS")
	f.Add(counted, "\x00\xff\n\n\n")
	f.Fuzz(func(t *testing.T, src, out string) {
		v := Judge(parse.Pousse, parse.RulesDefault, []byte(src), 1)
		c, err := Compare(v, strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if c.Games != v.Judged || len(c.Differences) > v.Judged || c.Missing > len(c.Differences) {
			t.Fatalf("%+v for %d games judged", c, v.Judged)
		}
		var own strings.Builder
		v.WriteTo(&own)
		for _, text := range []string{own.String(), strings.ReplaceAll(own.String(), "\n", "\r\n")} {
			c, err := Compare(v, strings.NewReader(text))
			if err != nil || !c.Same() {
				t.Fatalf("the judge's own output %q: %+v, %v", text, c, err)
			}
		}
	})
}

// TestFromOutcomes: the verdicts of a file already analysed are those
// Judge finds.
func TestFromOutcomes(t *testing.T) {
	for _, src := range []string{counted, "2\n\n1\nL1\nQUIT\n\n2\nX9\nQUIT\n"} {
		want := Judge(parse.Pousse, parse.RulesDefault, []byte(src), 2)
		f := parse.Parse(parse.Pousse, []byte(src))
		var outcomes []analyze.Outcome
		for _, g := range f.Games {
			outcomes = append(outcomes, analyze.Analyze(parse.Pousse, g, f.EffectiveRules(parse.RulesDefault)))
		}
		got := FromOutcomes(f, outcomes)
		if got.Judged != want.Judged || len(got.Errors) != len(want.Errors) {
			t.Errorf("%q: judged %d, %d errors; Judge: %d, %d", src, got.Judged, len(got.Errors), want.Judged, len(want.Errors))
		}
		for i := range f.Games {
			if got.Line(i) != want.Line(i) {
				t.Errorf("%q: game %d: %q, Judge %q", src, i+1, got.Line(i), want.Line(i))
			}
		}
	}
}

func TestEndSpan(t *testing.T) {
	for _, tc := range []struct {
		kind parse.Kind
		src  string
		want []string // the text at each game's EndSpan
	}{
		// X wins at once; a tie runs out of moves; X wins at its
		// second move, the moves after it unplayed.
		{parse.Pousse, "1\nL1\nQUIT\n2\nL1\nR2\nQUIT\n2\nL1\nT2\nT1\nB2\nQUIT\n3\nQUIT\n", []string{"L1", "R2", "T1", "3"}},
		{parse.Spot, "2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n0\n", []string{"2 2 -"}},
		{parse.Path, "2\n\nWW\nBU\n0\n", []string{"2"}},
	} {
		src := []byte(tc.src)
		v := Judge(tc.kind, parse.RulesDefault, src, 1)
		var got []string
		for i := range v.File.Games {
			s := v.EndSpan(i)
			got = append(got, string(src[s.Start:s.End]))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", tc.kind, tc.src, diff)
		}
	}
}

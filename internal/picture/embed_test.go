package picture

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"gamels/analyze"
	"gamels/parse"
)

// embedCases are embeddable drawings of every kind, with the marks a
// server would give, each kept as a golden file.
var embedCases = []struct {
	golden string
	file   string
	move   int
	marks  []Mark
}{
	{"embed_pousse_start.svg", "forty.pousse", 0, nil},
	{"embed_pousse_mid.svg", "forty.pousse", 27, []Mark{{Slot: "L1", Mark: "wins"}, {Slot: "T6", Mark: "loses"}}},
	{"embed_pousse_end.svg", "forty.pousse", 40, nil},
	{"embed_pousse_repeat.svg", "repeat.pousse", 4, nil},
	{"embed_pousse_marks.svg", "repeat.pousse", 3, []Mark{{Slot: "B2", Mark: "repeats"}}},
	{"embed_spot_repeat.svg", "sample.spot", 3, nil},
	{"embed_spot_marks.svg", "sample.spot", 2, []Mark{{Cell: analyze.Cell{Row: 2, Col: 2}, Mark: "repeats"}}},
	{"embed_spot_illegal.svg", "odd.spot", 3, nil},
	{"embed_spot_turned.svg", "repeat.spot", 3, nil},
	{"embed_path_win.svg", "boards.path", 0, nil},
	{"embed_path_onemove.svg", "odd.path", 0, nil},
}

// TestEmbedGolden draws every case embeddable: well-formed, without a
// colour of its own, as its golden file.
func TestEmbedGolden(t *testing.T) {
	for _, tc := range embedCases {
		t.Run(tc.golden, func(t *testing.T) {
			kind, g, rules := game(t, tc.file, 0)
			p := At(kind, g, rules, tc.move)
			p.Game, p.Marks = 1, tc.marks
			o := &Options{Embed: true}
			if p.ShowsRepeat() {
				o.Earlier = At(kind, g, rules, p.Earlier)
			}
			got := SVG(p, o)
			els := parseSVG(t, got)
			if bytes.HasPrefix(got, []byte("<?xml")) || bytes.Contains(got, []byte("<style")) ||
				bytes.Contains(got, []byte("#")) || bytes.Contains(got, []byte("background")) {
				t.Errorf("an embeddable drawing has a declaration, a style or a colour")
			}
			if els[0].attrs["data-game"] != "1" {
				t.Errorf("data-game %q", els[0].attrs["data-game"])
			}
			golden(t, tc.golden, got)
		})
	}
}

// TestEmbedCellClasses: a square carries every class that applies to it,
// not only the most telling one.
func TestEmbedCellClasses(t *testing.T) {
	p := &Position{Kind: parse.Pousse, N: 3, Squares: []byte("XXX.O..O."), Move: 1, Moves: 1,
		Last:      &Move{Text: "L1", Dir: 'L', Line: 1, Run: []analyze.Cell{{Row: 1, Col: 1}, {Row: 1, Col: 2}}},
		Straights: []analyze.PousseLine{{Index: 1, Who: analyze.First}, {Col: true, Index: 2, Who: analyze.Second}}}
	els := parseSVG(t, SVG(p, &Options{Embed: true}))
	got := map[string]string{}
	for _, e := range els {
		if e.name == "rect" && strings.HasPrefix(e.class(), "cell") {
			got[e.attrs["data-row"]+","+e.attrs["data-col"]] = e.class()
		}
	}
	for at, want := range map[string]string{
		"1,1": "cell last pushed straight x",
		"1,2": "cell pushed straight x o",
		"1,3": "cell straight x",
		"2,2": "cell straight o",
		"3,3": "cell",
	} {
		if got[at] != want {
			t.Errorf("square %s is %q, want %q", at, got[at], want)
		}
	}
}

// TestEmbedEscapes: a move's text and a title from a transcript are
// escaped in an embeddable drawing too.
func TestEmbedEscapes(t *testing.T) {
	p := &Position{Kind: parse.Pousse, N: 2, Squares: []byte("X..O"), Move: 1, Moves: 1, Game: 3,
		Last:  &Move{Text: `L1"><script>`, Dir: 'L', Line: 1, Run: []analyze.Cell{{Row: 1, Col: 1}}},
		Marks: []Mark{{Slot: "L1", Mark: `wins" onclick="x`}, {Slot: `T1"><x`, Mark: "wins"}}}
	b := SVG(p, &Options{Embed: true, Title: "<b>game</b> & co"})
	for _, e := range parseSVG(t, b) {
		if e.name == "script" || e.name == "b" || e.name == "x" || e.attrs["onclick"] != "" {
			t.Errorf("an element or attribute from the text: <%s %v>", e.name, e.attrs)
		}
		if strings.Contains(e.class(), "onclick") {
			t.Errorf("a mark that is not one became a class: %q", e.class())
		}
	}
}

// BenchmarkEmbedSVG draws a full 100 x 100 Pousse board embeddable, the
// largest a view asks for, reporting its bytes and bytes a square.
func BenchmarkEmbedSVG(b *testing.B) {
	p := &Position{Kind: parse.Pousse, N: 100, Squares: []byte(strings.Repeat("XO.", 3334)[:10000]), Game: 1,
		Straights: []analyze.PousseLine{{Index: 3, Who: analyze.First}}}
	o := &Options{Embed: true}
	n := len(SVG(p, o))
	b.SetBytes(int64(n))
	for b.Loop() {
		SVG(p, o)
	}
	b.ReportMetric(float64(n), "svg-bytes")
	b.ReportMetric(float64(n)/1e4, "bytes/square")
}

func ExampleOptions_embed() {
	f := parse.Parse(parse.Spot, []byte("2\n1 1 +\n0\n"))
	p := SpotPosition(f.Games[0], analyze.Spot(f.Games[0]), 1)
	svg := SVG(p, &Options{Embed: true})
	fmt.Println(bytes.Count(svg, []byte(`<rect class='cell`)), "squares,",
		bytes.Count(svg, []byte(`<rect class='cell last add' data-row='1' data-col='1'`)), "of them the move's")
	// Output:
	// 4 squares, 1 of them the move's
}

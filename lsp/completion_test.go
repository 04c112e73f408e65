package lsp

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

// readContest reads a file of the contest test data.
func readContest(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../testdata/contest/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// completer returns a function that gives the completion items of text
// at an offset; the text is analysed once.
func completer(kind parse.Kind, text []byte, rules parse.Rules) func(off int) []protocol.CompletionItem {
	fa := analyzeFile(kind, textpos.FromBytes(text), rules, nil, nil)
	m := testMapper(text, UTF16)
	return func(off int) []protocol.CompletionItem { return completeAt(textpos.FromBytes(text), kind, fa, m, off) }
}

// TestPousseCompletionClaims checks what every Pousse completion says
// against the engine: the game made of the moves before the cursor and
// the item's move ends at that move, with that winner, exactly when the
// item says so. Contest rules on the random games, icfp rules (with their
// repetitions) on the 1998 tournament games.
func TestPousseCompletionClaims(t *testing.T) {
	for _, tc := range []struct {
		file  string
		rules parse.Rules
		games int
	}{
		{"random/uva844_random2000.in", parse.RulesContest, 60},
		{"icfp1998/as_uva844.in", parse.RulesICFP, 60},
	} {
		t.Run(tc.file, func(t *testing.T) {
			text := readContest(t, tc.file)
			f := parse.Parse(parse.Pousse, text)
			complete := completer(parse.Pousse, text, tc.rules)
			checked, wins, repeats := 0, 0, 0
			for gi, g := range f.Games[:min(tc.games, len(f.Games))] {
				if g.Size == 0 || len(g.Moves) == 0 {
					continue
				}
				r := analyze.Pousse(g, tc.rules)
				last := len(g.Moves) - 1
				if r.End >= 0 {
					last = r.End
				}
				for _, k := range []int{0, last / 2, last} {
					items := complete(g.MoveSpan(k).Start)
					if len(items) != 4*g.Size+1 {
						t.Fatalf("game %d, move %d: %d items, want %d", gi+1, k+1, len(items), 4*g.Size+1)
					}
					for _, it := range items {
						if it.Label == "QUIT" {
							continue
						}
						detail, _ := it.Detail.Get()
						h := *g
						h.Moves = append(slices.Clone(g.Moves[:k]), parse.PousseMove(it.Label[0], labelNumber(it.Label[1:])))
						hr := analyze.Pousse(&h, tc.rules)
						var want string
						switch {
						case hr.End == k && hr.Reason == analyze.ReasonRepetition:
							want = "repeats"
							repeats++
						case hr.End == k && hr.Winner == analyze.First:
							want = "X WINS"
							wins++
						case hr.End == k:
							want = "O WINS"
							wins++
						}
						if want != "" && !strings.Contains(detail, want) || want == "" && strings.Contains(detail, "WINS") {
							t.Errorf("game %d, move %d, %s: detail %q, engine says %q", gi+1, k+1, it.Label, detail, hr.Verdict)
						}
						if want == "repeats" && !strings.Contains(detail, fmt.Sprintf("after move %d:", hr.Earlier+1)) {
							t.Errorf("game %d, move %d, %s: detail %q, engine: earlier move %d", gi+1, k+1, it.Label, detail, hr.Earlier+1)
						}
						checked++
					}
				}
			}
			t.Logf("%d items checked, %d ending in a win, %d in a repetition", checked, wins, repeats)
			if wins == 0 || tc.rules == parse.RulesICFP && repeats == 0 {
				t.Errorf("the data exercised no win (%d) or no repetition (%d)", wins, repeats)
			}
		})
	}
}

func labelNumber(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// TestSpotCompletionClaims checks every Spot completion against the
// engine: exactly the empty squares get `+` and the spots `-`, and an
// item says it repeats a pattern (and which) exactly when the engine ends
// the game there.
func TestSpotCompletionClaims(t *testing.T) {
	text := readContest(t, "random/uva141_random3000.in")
	f := parse.Parse(parse.Spot, text)
	complete := completer(parse.Spot, text, parse.RulesDefault)
	checked, repeats := 0, 0
	for gi, g := range f.Games[:200] {
		if g.Size == 0 || g.Size > 12 {
			continue
		}
		sg := analyze.Spot(g)
		last := len(g.Moves) - 1
		if sg.End >= 0 {
			last = sg.End
		}
		for _, k := range []int{0, last / 2, last} {
			items := complete(g.MoveSpan(k).Start)
			if len(items) != g.Size*g.Size {
				t.Fatalf("game %d, move %d: %d items, want %d", gi+1, k+1, len(items), g.Size*g.Size)
			}
			board := sg.Board(k)
			for _, it := range items {
				var row, col int
				var sign string
				if _, err := fmt.Sscanf(it.Label, "%d %d %s", &row, &col, &sign); err != nil {
					t.Fatalf("label %q: %v", it.Label, err)
				}
				if want := map[bool]string{true: "-", false: "+"}[board.At(row, col)]; sign != want {
					t.Errorf("game %d, move %d: %q on a square where %s is legal", gi+1, k+1, it.Label, want)
				}
				h := *g
				h.Moves = append(slices.Clone(g.Moves[:k]), parse.SpotMove(row, col, sign == "+"))
				hr := analyze.Spot(&h)
				detail, _ := it.Detail.Get()
				says := strings.Contains(detail, "repeats")
				if ends := hr.End == k; ends != says {
					t.Errorf("game %d, move %d, %s: detail %q, engine says %q (end %d)", gi+1, k+1, it.Label, detail, hr.Verdict, hr.End)
				} else if ends {
					repeats++
					if !strings.Contains(detail, fmt.Sprintf("after move %d", hr.Earlier+1)) || !strings.Contains(detail, hr.Verdict) {
						t.Errorf("game %d, move %d, %s: detail %q, engine: %s, earlier move %d", gi+1, k+1, it.Label, detail, hr.Verdict, hr.Earlier+1)
					}
				}
				checked++
			}
		}
	}
	t.Logf("%d items checked, %d repeats", checked, repeats)
	if repeats == 0 {
		t.Error("the data exercised no repeat")
	}
}

// TestPathCompletionClaims checks that a W completion claims a win
// exactly on the cells where the engine says a W makes a White path, on
// boards whose verdict is "White can win in one move.".
func TestPathCompletionClaims(t *testing.T) {
	text := readContest(t, "random/uva601_random400.in")
	f := parse.Parse(parse.Path, text)
	complete := completer(parse.Path, text, parse.RulesDefault)
	boards, wins := 0, 0
	for _, g := range f.Games {
		if g.Size == 0 || g.Size > 20 || len(g.Rows) != g.Size {
			continue
		}
		if analyze.Path(g).Class != analyze.PathWhiteInOne {
			continue
		}
		boards++
		for r := 1; r <= g.Size; r++ {
			row := g.Rows[r-1]
			for c := 1; c <= g.Size; c++ {
				if row.Cells[c-1] != parse.CellEmpty {
					continue
				}
				items := complete(row.Span.Start + c - 1)
				if len(items) != 3 || items[0].Label != "W" {
					t.Fatalf("items %v", items)
				}
				detail, _ := items[0].Detail.Get()
				h := *g
				h.Rows = slices.Clone(g.Rows)
				h.Rows[r-1].Cells = slices.Clone(row.Cells)
				h.Rows[r-1].Cells[c-1] = parse.CellWhite
				wins1 := analyze.Path(&h).Class == analyze.PathWhiteWins
				if says := strings.Contains(detail, "White wins"); says != wins1 {
					t.Errorf("board %d, cell %d,%d: detail %q, engine: a W there wins: %v", g.Index+1, r, c, detail, wins1)
				}
				if wins1 {
					wins++
				}
			}
		}
	}
	t.Logf("%d boards, %d winning cells", boards, wins)
	if wins == 0 {
		t.Error("the data exercised no winning cell")
	}
}

// TestCompletionOverProtocol asks for completions over the connection,
// in UTF-8 and UTF-16 positions after non-ASCII text, and outside games.
func TestCompletionOverProtocol(t *testing.T) {
	for _, enc := range []Encoding{UTF16, UTF8} {
		c := startServer(t, nil)
		var encs []protocol.PositionEncodingKind
		if enc == UTF8 {
			encs = []protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF8}
		}
		res := c.initialize(encs, "")
		if res.Capabilities.CompletionProvider == nil {
			t.Fatal("no completion capability")
		}
		const u = "file:///c.pousse"
		text := "# é漢😀\n2\nL1 # é漢😀 \nR1 \nQUIT\n"
		c.open(u, 1, text)
		m := testMapper([]byte(text), enc)
		ask := func(off int) []string {
			t.Helper()
			got := rawCall[protocol.CompletionResult](t, c, protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: m.Position(off)}})
			var labels []string
			for _, it := range got.(*protocol.CompletionList).Items {
				s := m.Span(it.TextEdit.(*protocol.TextEdit).Range)
				labels = append(labels, it.Label+"@"+text[s.Start:s.End])
			}
			return labels
		}
		// After "R" on line 4: the position after L1, O to move; R1 is replaced.
		got := ask(strings.Index(text, "R1") + 1)
		if len(got) != 9 || got[0] != "L1@R1" || got[8] != "QUIT@R1" {
			t.Errorf("%v: completions at R1: %v", enc, got)
		}
		items := rawCall[protocol.CompletionResult](t, c, protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: m.Position(strings.Index(text, "R1"))}}).(*protocol.CompletionList).Items
		if doc, ok := items[0].Documentation.(*protocol.MarkupContent); !ok || !strings.Contains(doc.Value, "move 2: O pushes into row 1 from the left") || !strings.Contains(doc.Value, "|O|X|") {
			t.Errorf("%v: documentation of L1: %#v", enc, items[0].Documentation)
		}
		if got := ask(strings.Index(text, "QUIT") + 5); len(got) != 0 {
			t.Errorf("%v: completions after QUIT: %v", enc, got)
		}
		if got := ask(3); len(got) != 0 {
			t.Errorf("%v: completions in a comment: %v", enc, got)
		}
	}
}

// TestEditFeaturesOnOtherFiles checks that a document that is not a
// transcript gets empty answers, not errors.
func TestEditFeaturesOnOtherFiles(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = "file:///notes.txt"
	c.open(u, 1, "L2 is a move\n  0\n")
	id := protocol.TextDocumentIdentifier{URI: u}
	at := protocol.TextDocumentPositionParams{TextDocument: id, Position: pos(0, 1)}
	if got := rawCall[protocol.CompletionResult](t, c, protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at}); len(got.(*protocol.CompletionList).Items) != 0 {
		t.Errorf("completion: %v", got)
	}
	if got := rawCall[[]protocol.CommandOrCodeAction](t, c, protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: id, Range: rng(0, 0, 2, 0)}); len(got) != 0 {
		t.Errorf("code actions: %v", got)
	}
	if got := rawCall[[]protocol.TextEdit](t, c, protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: id}); got == nil || len(got) != 0 {
		t.Errorf("formatting: %v", got)
	}
	if got := rawCall[protocol.DefinitionResult](t, c, protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: at}); got != nil {
		t.Errorf("definition: %v", got)
	}
	if got := rawCall[[]protocol.DocumentHighlight](t, c, protocol.MethodTextDocumentDocumentHighlight, &protocol.DocumentHighlightParams{TextDocumentPositionParams: at}); len(got) != 0 {
		t.Errorf("highlight: %v", got)
	}
	if got := rawCall[*protocol.SemanticTokens](t, c, protocol.MethodTextDocumentSemanticTokensFull, &protocol.SemanticTokensParams{TextDocument: id}); got == nil || len(got.Data) != 0 {
		t.Errorf("semantic tokens: %v", got)
	}
}

// benchPousse returns a one-game Pousse transcript of size n with the
// given number of moves that never wins (pushes kept off straights are
// not guaranteed, so the game is checked), or the longest such prefix.
func benchPousse(n, moves int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", n)
	st := analyze.NewPousseState(n)
	x := uint64(12345)
	for range moves {
		for {
			x = x*6364136223846793005 + 1442695040888963407
			dir, line := "LRTB"[x>>62], int(x>>32)%n+1
			c := st.Clone()
			c.Apply(dir, line)
			if c.Winner() == analyze.None {
				st = c
				fmt.Fprintf(&b, "%c%d\n", dir, line)
				break
			}
		}
	}
	b.WriteString("QUIT\n")
	return []byte(b.String())
}

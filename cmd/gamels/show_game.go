package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"gamels/analyze"
	"gamels/internal/render"
	"gamels/lsp"
	"gamels/parse"
)

// checkGameFlags checks show's --game and --format against each other
// and a FILE:LINE.
func checkGameFlags(game int, format string, line, around int) error {
	switch {
	case around < 0:
		return fmt.Errorf("--moves-around takes 0 or more, not %d", around)
	case game < 0:
		return fmt.Errorf("--game takes a game number from 1, not %d", game)
	case format != "board" && format != "rows" && format != "json":
		return fmt.Errorf("--format takes board, rows or json, not %s", quoteArg(format))
	case format != "board" && game == 0:
		return fmt.Errorf("--format goes with --game")
	case game > 0 && line > 0:
		return fmt.Errorf("--game shows a whole game: give FILE, not FILE:LINE")
	}
	return nil
}

// steps writes every position of game g, before the first move and
// after each move played, each with what the move did (the words of
// analyze.PousseMoveWords, SpotMoveWords and RepeatWords), and the
// verdict where the game ends; moves after the end are not played. In
// the rows format each position is its rows only, one line a row (.XO
// for Pousse, .* for Spot, W B U for PATH, which has one position), with
// an empty line between positions: what a contest program that prints
// its board after each move would print. O(moves · N²).
func (s *shower) steps(g *parse.Game, rows bool) {
	w := s.w
	if g.Size == 0 {
		fmt.Fprintf(w, "game %d: its board size is unusable\n", g.Index+1)
		return
	}
	if s.f.Kind == parse.Path {
		if rows {
			for _, r := range pathRows(g) {
				fmt.Fprintln(w, r)
			}
			return
		}
		s.game(g, -1)
		return
	}
	o := analyze.Analyze(s.f.Kind, g, s.rules)
	played := len(g.Moves)
	if o.End >= 0 {
		played = o.End + 1
	}
	var pg *analyze.PousseGame
	var sg *analyze.SpotGame
	var res *analyze.Result
	if s.f.Kind == parse.Pousse {
		pg = analyze.Pousse(g, s.rules)
		res = &pg.Result
	} else {
		sg = analyze.Spot(g)
		res = &sg.Result
	}
	for k := 0; k <= played; k++ {
		var board string
		var lines []string
		what := ""
		if pg != nil {
			st := pg.Board(k)
			if k > 0 {
				mv := g.Moves[k-1]
				who := analyze.First
				if k%2 == 0 {
					who = analyze.Second
				}
				what = analyze.PousseMoveWords(who, pg.Board(k-1).PushRun(mv.Dir(), mv.Line()))
			}
			board, lines = render.Pousse(st), pousseRows(st)
		} else {
			st := sg.Board(k)
			if k > 0 {
				mv := g.Moves[k-1]
				what = analyze.SpotMoveWords(mv.Row(), mv.Col(), mv.Add(), sg.IllegalAt(k-1))
			}
			board, lines = render.Spot(st), spotRows(st)
		}
		if rows {
			if k > 0 {
				fmt.Fprintln(w)
			}
			io.WriteString(w, strings.Join(lines, "\n")+"\n")
			continue
		}
		if k > 0 {
			fmt.Fprintln(w)
		}
		head := fmt.Sprintf("game %d: %dx%d, ", g.Index+1, g.Size, g.Size)
		if k == 0 {
			head += "before the first move"
		} else {
			head += fmt.Sprintf("move %d, %s: %s", k, moveText(s.f.Kind, g.Moves[k-1]), what)
		}
		fmt.Fprintln(w, head)
		s.board(board)
		if o.End >= 0 && k-1 == o.End {
			ending := o.Verdict + ": the game ends here"
			if res.Earlier >= 0 {
				ending += " (" + repeatReason(s.f.Kind, res.Earlier, res.Rotation) + ")"
			}
			fmt.Fprintln(w, ending)
		}
	}
	switch {
	case rows:
	case o.End >= 0 && o.End+1 < len(g.Moves):
		fmt.Fprintf(w, "(not played, after the end: %s)\n", parse.Plural(len(g.Moves)-o.End-1, "move"))
	case o.End < 0 && o.Verdict != "":
		fmt.Fprintln(w, o.Ending())
	}
}

// jsonSteps writes, one a line, the gamels/board answer (docs/protocol.md)
// at every position of game g, before the first move (the cursor on the
// N line) and after each move played (the cursor at the move's start);
// PATH has one position. The answers are the server's own, from boards:
// a contestant can diff them with the debug output of their program.
// Each answer is asked with movesAround around (version 2: the moves
// within around of the one shown, and the first, last and ending moves),
// so the output is linear in the game's length for a fixed around.
func jsonSteps(w io.Writer, boards *lsp.TextBoards, g *parse.Game, around int) error {
	ctx := context.Background()
	first, err := boards.AtAround(ctx, g.N.Span.Start, around)
	if err != nil {
		return err
	}
	var head struct{ Played int }
	if string(first) != "null" {
		if err := json.Unmarshal(first, &head); err != nil {
			return err
		}
	}
	bw := bufio.NewWriter(w)
	bw.Write(first)
	bw.WriteByte('\n')
	for k := 1; k <= head.Played; k++ {
		b, err := boards.AtAround(ctx, g.MoveSpan(k-1).Start, around)
		if err != nil {
			return err
		}
		bw.Write(b)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// pousseRows writes a Pousse board as the board request does: a line a
// row, '.' for an empty square.
func pousseRows(st *analyze.PousseState) []string {
	var out []string
	for r := 1; r <= st.N(); r++ {
		out = append(out, string(st.AppendRow(nil, r, '.')))
	}
	return out
}

// spotRows writes a Spot pattern: '*' for a spot, '.' for none.
func spotRows(st *analyze.SpotState) []string {
	var out []string
	for r := 1; r <= st.N(); r++ {
		out = append(out, string(st.AppendRow(nil, r, '*', '.')))
	}
	return out
}

// pathRows writes a PATH board as written, '?' for a character that is
// not a cell or a missing one.
func pathRows(g *parse.Game) []string {
	var out []string
	for i := range g.Size {
		row := []byte(strings.Repeat("?", g.Size))
		if i < len(g.Rows) {
			for j, c := range g.Rows[i].Cells[:min(g.Size, len(g.Rows[i].Cells))] {
				if c != parse.CellBad {
					row[j] = c
				}
			}
		}
		out = append(out, string(row))
	}
	return out
}

// repeatReason says why a game that repeats an earlier position ends:
// "it repeats the pattern after move 3 turned 90° clockwise".
func repeatReason(kind parse.Kind, earlier, rotation int) string {
	if kind == parse.Spot {
		return "it repeats " + analyze.RepeatWords(kind, earlier, rotation)
	}
	return analyze.RepeatWords(kind, earlier, rotation)
}

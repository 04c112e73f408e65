package lsp

import (
	"fmt"

	"gamels/analyze"
	"gamels/internal/picture"
	"gamels/parse"
)

// boardSVG draws res, a gamels/board answer for game ga, as the
// embeddable SVG of internal/picture (its hooks: picture's embed.go;
// docs/protocol.md), with the earlier board of a repetition beside when
// res shows one. The position is res's own, from the analysis it came
// from: nothing is analysed again. O(N²) (the earlier board: a replay
// from the nearest checkpoint).
func boardSVG(kind parse.Kind, ga *gameAnalysis, res *boardResult) []byte {
	p, earlier := boardPosition(kind, ga, res)
	return picture.SVG(p, &picture.Options{Embed: true, Earlier: earlier})
}

// position is res as internal/picture draws it.
func (res *boardResult) position(kind parse.Kind) *picture.Position {
	n := res.N
	p := &picture.Position{Kind: kind, N: n, Game: res.Game, Verdict: res.Verdict, End: res.End,
		Earlier: res.Earlier, Rotation: res.Rotation}
	p.Squares = make([]byte, 0, n*n)
	for r := range n {
		var row string
		if r < len(res.Rows) {
			row = res.Rows[r]
		}
		for c := range n {
			if c < len(row) {
				p.Squares = append(p.Squares, row[c])
			} else {
				p.Squares = append(p.Squares, '?')
			}
		}
	}
	if g := res.game; g != nil {
		p.Moves = len(g.Moves)
		p.Move = res.Move // past the end: the board at the end (picture.Position)
		if l := res.Last; l != nil && res.Move >= 1 && res.Move <= len(g.Moves) {
			p.Last = lastMove(kind, g.Moves[res.Move-1], l)
		}
	}
	if s := res.Straights; s != nil {
		for _, l := range s.Lines {
			who := analyze.First
			if l.Who == "O" {
				who = analyze.Second
			}
			p.Straights = append(p.Straights, analyze.PousseLine{Col: l.Line == "column", Index: l.Index, Who: who})
		}
	}
	p.Path = analyzeCells(res.Path)
	p.OneMove = analyzeCells(res.OneMove)
	for _, m := range res.Marks {
		pm := picture.Mark{Slot: m.Slot, Mark: m.Mark}
		if m.Cell != nil {
			pm.Cell = analyze.Cell{Row: m.Cell.Row, Col: m.Cell.Col}
		}
		p.Marks = append(p.Marks, pm)
	}
	return p
}

// lastMove is what move mv did, as picture draws it, from the answer's
// account l of it.
func lastMove(kind parse.Kind, mv parse.Move, l *boardMove) *picture.Move {
	m := &picture.Move{Run: analyzeCells(l.Cells), Add: l.Add, Illegal: l.Illegal}
	switch kind {
	case parse.Pousse:
		m.Dir, m.Line = mv.Dir(), mv.Line()
		m.Text = fmt.Sprintf("%c%d", mv.Dir(), mv.Line())
		if l.Off != nil {
			m.Off = analyze.Cell{Row: l.Off.Row, Col: l.Off.Col}
			m.OffWho = analyze.First
			if l.OffWho == "O" {
				m.OffWho = analyze.Second
			}
		}
	case parse.Spot:
		sign := "-"
		if mv.Add() {
			sign = "+"
		}
		m.Text = fmt.Sprintf("%d %d %s", mv.Row(), mv.Col(), sign)
	}
	return m
}

func analyzeCells(cs []boardCell) []analyze.Cell {
	if cs == nil {
		return nil
	}
	out := make([]analyze.Cell, len(cs))
	for i, c := range cs {
		out[i] = analyze.Cell{Row: c.Row, Col: c.Col}
	}
	return out
}

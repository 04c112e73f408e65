package analyze

import (
	"slices"

	"gamels/parse"
)

// This file answers "what does each cell do here" for PATH: for a cell,
// what a W, a B or a U there does to the verdict's path, and the winning
// path as runs of cells for display.

// PathRun is a run of cells of one row, columns From..To (1-based,
// From <= To).
type PathRun struct {
	Row, From, To int
}

// Runs returns the cells of the winning path (Path) in row-major order,
// cells adjacent within a row merged into one run; nil when no colour
// has a path. O(N*N).
func (r *PathGame) Runs() []PathRun {
	if r.on == nil {
		return nil
	}
	var out []PathRun
	for row := 1; row <= r.n; row++ {
		for c := 1; c <= r.n; c++ {
			if !r.OnPath(Cell{Row: row, Col: c}) {
				continue
			}
			c0 := c
			for c < r.n && r.OnPath(Cell{Row: row, Col: c + 1}) {
				c++
			}
			out = append(out, PathRun{Row: row, From: c0, To: c})
		}
	}
	return out
}

// PathEffect is what putting a colour on a cell does to the board's path.
type PathEffect uint8

// The effects.
const (
	PathEffectNone PathEffect = iota
	// PathKeepsPath: the cell is on the winning path and keeps its colour.
	PathKeepsPath
	// PathMakesWhite: a W on this U cell lies on a White path (a win for
	// White, who is to move).
	PathMakesWhite
	// PathMakesBlack: a B on this U cell lies on a Black path.
	PathMakesBlack
	// PathBreaksPath: the cell is on the winning path and changes colour.
	PathBreaksPath
)

// PathCandidate is one value for a PATH cell and what it does.
type PathCandidate struct {
	Stone  byte // parse.CellWhite, parse.CellBlack or parse.CellEmpty
	Effect PathEffect
}

// Candidates returns W, B and U, in that order, for cell c that now holds
// cur (0 when the board has no such cell yet), each with its effect on the
// verdict's path. Without a verdict (r may be nil), or without a current
// cell, every effect is PathEffectNone. O(log N) (a binary search of the
// one-move cells).
func (r *PathGame) Candidates(c Cell, cur byte) []PathCandidate {
	judged := r != nil && r.Verdict != "" && cur != 0
	out := make([]PathCandidate, 0, 3)
	for _, stone := range []byte{parse.CellWhite, parse.CellBlack, parse.CellEmpty} {
		e := PathEffectNone
		if judged {
			switch {
			case stone == cur && r.OnPath(c):
				e = PathKeepsPath
			case cur == parse.CellEmpty && stone == parse.CellWhite && containsCell(r.WhiteInOne, c):
				e = PathMakesWhite
			case cur == parse.CellEmpty && stone == parse.CellBlack && containsCell(r.BlackInOne, c):
				e = PathMakesBlack
			case stone != cur && r.OnPath(c):
				e = PathBreaksPath
			}
		}
		out = append(out, PathCandidate{Stone: stone, Effect: e})
	}
	return out
}

// containsCell reports whether cells, in row-major order, hold c.
// O(log len(cells)).
func containsCell(cells []Cell, c Cell) bool {
	_, found := slices.BinarySearchFunc(cells, c, func(a, b Cell) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	return found
}

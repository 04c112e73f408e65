package analyze

// A PousseShift is what one Pousse move does to the board: the squares
// whose contents it sets and the marker it pushes off, if any.
type PousseShift struct {
	// Run is the pushed run, from the insertion square in the direction
	// of the push: the square that takes the mover's marker, then each
	// square a marker moves into. It ends at the first empty square (which
	// the run fills) or, on a full line, at the far edge.
	Run []Cell
	// Off is the square whose marker falls off the far edge when the line
	// was full, and OffWho that marker's colour; OffWho is None (and Off
	// the zero Cell) when nothing falls off.
	Off    Cell
	OffWho Player
}

// PushRun returns what the move dir line would do to s, the position
// before it, without playing it: dir is 'L', 'R', 'T' or 'B' and line in
// 1..N; anything else gives the zero PousseShift. O(r), r the length of
// the run.
func (s *PousseState) PushRun(dir byte, line int) PousseShift {
	n := s.n
	if line < 1 || line > n {
		return PousseShift{}
	}
	// The k-th square of the line from the insertion edge, k in 1..n.
	var at func(k int) Cell
	switch dir {
	case 'L':
		at = func(k int) Cell { return Cell{Row: line, Col: k} }
	case 'R':
		at = func(k int) Cell { return Cell{Row: line, Col: n + 1 - k} }
	case 'T':
		at = func(k int) Cell { return Cell{Row: k, Col: line} }
	case 'B':
		at = func(k int) Cell { return Cell{Row: n + 1 - k, Col: line} }
	default:
		return PousseShift{}
	}
	var sh PousseShift
	for k := 1; k <= n; k++ {
		c := at(k)
		sh.Run = append(sh.Run, c)
		if s.At(c.Row, c.Col) == 0 {
			return sh
		}
	}
	sh.Off = at(n)
	sh.OffWho = First
	if s.At(sh.Off.Row, sh.Off.Col) == 'O' {
		sh.OffWho = Second
	}
	return sh
}

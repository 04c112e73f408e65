package parse

// Kind names one of the three transcript formats.
type Kind uint8

// The three formats.
const (
	Pousse Kind = iota + 1
	Spot
	Path
)

// String returns the format's file extension without the dot.
func (k Kind) String() string {
	switch k {
	case Pousse:
		return "pousse"
	case Spot:
		return "spot"
	case Path:
		return "path"
	}
	return "unknown"
}

// KindOf returns the format named by s ("pousse", "spot", "path") or by a
// file name ending in ".pousse", ".spot" or ".path"; ok is false otherwise.
func KindOf(s string) (k Kind, ok bool) {
	for _, k := range []Kind{Pousse, Spot, Path} {
		name := k.String()
		if s == name || (len(s) > len(name)+1 && s[len(s)-len(name)-1] == '.' && s[len(s)-len(name):] == name) {
			return k, true
		}
	}
	return 0, false
}

// Span is a half-open range [Start, End) of byte offsets into the source.
type Span struct {
	Start, End int
}

// Len returns the number of bytes in the span.
func (s Span) Len() int { return s.End - s.Start }

// Contains reports whether offset off lies in the span. An empty span
// contains its start offset.
func (s Span) Contains(off int) bool {
	return s.Start <= off && (off < s.End || (s.Start == s.End && off == s.Start))
}

// Rules is a Pousse rule set.
type Rules uint8

// The Pousse rule sets. RulesDefault means the file does not choose.
const (
	RulesDefault Rules = iota
	RulesContest
	RulesICFP
)

// String returns the name used in `# rules:` lines and on the command line.
func (r Rules) String() string {
	switch r {
	case RulesContest:
		return "contest"
	case RulesICFP:
		return "icfp"
	}
	return "default"
}

// ParseRules parses "contest" or "icfp".
func ParseRules(s string) (Rules, bool) {
	switch s {
	case "contest":
		return RulesContest, true
	case "icfp":
		return RulesICFP, true
	}
	return RulesDefault, false
}

// EffectiveRules returns the Pousse rules f is judged by: its own
// `# rules:` line wins over def, the rules chosen outside it (a setting,
// a flag); with neither, the contest rules. Never RulesDefault. O(1).
func (f *File) EffectiveRules(def Rules) Rules {
	switch {
	case f.Rules != RulesDefault:
		return f.Rules
	case def != RulesDefault:
		return def
	}
	return RulesContest
}

// Layout is the arrangement of games in a Pousse file.
type Layout uint8

// Pousse layouts. Spot and PATH files always use LayoutPlain.
const (
	// LayoutPlain: games back to back to the end of the file (the
	// Waterloo/ZOJ layout, and the usual one-game transcript).
	LayoutPlain Layout = iota
	// LayoutCounted: a first line with the number of games (UVa 844).
	LayoutCounted
)

// File is a parsed transcript: every game that could be recognised, with
// spans for every token, and every error found.
type File struct {
	Kind Kind
	Size int // length of the source in bytes

	// Pousse only.
	Layout    Layout
	Count     Number // the count line in LayoutCounted, else zero
	Rules     Rules  // from a `# rules:` directive, or RulesDefault
	RulesSpan Span   // the directive's comment, if any

	Games    []*Game
	Comments []Span // every `#` comment, in order
	End      Span   // the terminating `0` of a Spot or PATH file, if present

	Errors ErrorList // sorted by position
}

// Number is a decimal number token. Value is meaningful only when OK; a
// number too large to represent is not OK and Value is then -1.
type Number struct {
	Span  Span
	Value int
	OK    bool
}

// Game is one game (Pousse, Spot) or data set (PATH).
type Game struct {
	Index int    // 0-based position in the file
	Span  Span   // from the header to the last token of the game
	N     Number // the size line; N.OK is false when out of range
	Size  int    // the board size when valid, 0 when N is unusable

	// Pousse and Spot. Moves holds every well-formed move in order;
	// malformed move tokens are not moves (they are reported in
	// File.Errors and the turn does not pass). A move's span is
	// MoveSpan(i) (ExtraSpan(i) for Extra): a Move holds its place
	// relative to Span.Start.
	Moves []Move
	// Spot only: moves past the 2N the game may have. Each is reported
	// as an error and never replayed.
	Extra []Move

	// Pousse: the QUIT token (zero Span when missing).
	Quit Span

	// PATH: the rows, in order, including surplus rows (reported as
	// errors). Row i of the board is Rows[i] for i < Size.
	Rows []Row

	// HasErrors is set when any parse error lies inside the game's span
	// or concerns it (missing QUIT, wrong move count, ...). Analysis of
	// such a game is "computed despite errors".
	HasErrors bool

	// long holds the lengths of the moves of Moves and Extra of 64 KiB
	// or more (see Move), by offset; usually empty.
	long []longSpan
}

// Cell values in a PATH row. CellBad marks a character that is not W, B
// or U, or a square missing from a short row; it belongs to nobody.
const (
	CellBad   byte = 0
	CellWhite byte = 'W'
	CellBlack byte = 'B'
	CellEmpty byte = 'U'
)

// Row is one PATH row: Span covers its characters (without surrounding
// whitespace or comment); Cells has exactly one entry per byte of the row,
// each W, B, U, or CellBad: cell j of the row (0-based) is the byte at
// offset Span.Start + j. A character that is not a cell is reported as an
// error, and each of its bytes is CellBad (a non-ASCII character is then
// more than one cell wide, as for a contest program reading bytes).
type Row struct {
	Span  Span
	Cells []byte
}

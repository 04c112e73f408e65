package parse

// Code names a class of error, stably: messages may be reworded, codes
// may not. Tools key on codes (the language server's quick fixes, the
// "code" of its diagnostics and of `gamels check --json`). The set is
// closed: every Error a parser reports carries one of the codes below,
// and the rule engines' issues (package analyze) carry codes of this
// type too. docs/errors.md lists them all, each with an example input; a test
// keeps the list and this file in step.
//
// Each code's comment gives an example input (the game's kind, then the
// text) that produces it.
type Code string

// Codes of the errors found by the parsers.
const (
	// CodeBadKind: Parse was asked for a kind that is not Pousse, Spot
	// or Path. Not produced by any input; a caller's mistake.
	CodeBadKind Code = "bad-kind"

	// CodeTooLarge: the source is 4 GiB or more, more than a parse can
	// represent; it is not parsed.
	CodeTooLarge Code = "too-large"

	// CodeTooManyErrors: more than MaxErrors errors in one file; the
	// rest are not listed. A file of 1001 bad tokens produces it.
	CodeTooManyErrors Code = "too-many-errors"

	// CodeBadSize: a game's board size is out of the format's range
	// (Pousse 1..100, Spot 2..50, PATH 1..80).
	//
	//	spot: 1\n1 1 +\n1 1 -\n0
	CodeBadSize Code = "bad-size"

	// CodeExpectedSize: where a game must start (its size N), or a Spot
	// or PATH file's terminating 0, something else is written.
	//
	//	pousse: L1
	CodeExpectedSize Code = "expected-size"

	// CodeNoGame: a Pousse file holds no game at all.
	//
	//	pousse: # nothing but a comment
	CodeNoGame Code = "no-game"

	// CodeCountMismatch: the count line of a UVa 844 file disagrees with
	// the number of games.
	//
	//	pousse: 2\n\n1\nL1\nQUIT
	CodeCountMismatch Code = "count-mismatch"

	// CodeMissingQuit: a Pousse game ends (at the end of the file or at
	// the next game's size) without QUIT.
	//
	//	pousse: 2\nL1
	CodeMissingQuit Code = "missing-quit"

	// CodeLowercaseQuit: QUIT written in other than capitals.
	//
	//	pousse: 2\nL1\nquit
	CodeLowercaseQuit Code = "lowercase-quit"

	// CodeLowercaseMove: a Pousse move whose side is in lower case.
	//
	//	pousse: 2\nl1\nQUIT
	CodeLowercaseMove Code = "lowercase-move"

	// CodeUnknownMove: a Pousse token that is neither a move nor QUIT.
	//
	//	pousse: 4\nX9\nQUIT
	CodeUnknownMove Code = "unknown-move"

	// CodeIncompleteMove: a move that stops short: a Pousse side without
	// its number, a Spot move of one token.
	//
	//	pousse: 4\nL\nQUIT
	CodeIncompleteMove Code = "incomplete-move"

	// CodeRowOutOfRange: a move's row is not between 1 and N (Pousse L
	// and R moves, Spot moves).
	//
	//	pousse: 4\nL5\nQUIT
	CodeRowOutOfRange Code = "row-out-of-range"

	// CodeColumnOutOfRange: a move's column is not between 1 and N
	// (Pousse T and B moves, Spot moves).
	//
	//	spot: 2\n1 3 +\n1 1 +\n2 2 +\n2 1 +\n0
	CodeColumnOutOfRange Code = "column-out-of-range"

	// CodeMisplacedRules: a `# rules:` line after the first game.
	//
	//	pousse: 1\nL1\nQUIT\n# rules: icfp
	CodeMisplacedRules Code = "misplaced-rules"

	// CodeDuplicateRules: a second `# rules:` line.
	//
	//	pousse: # rules: icfp\n# rules: contest\n1\nL1\nQUIT
	CodeDuplicateRules Code = "duplicate-rules"

	// CodeUnknownRules: a `# rules:` line naming a rule set other than
	// contest or icfp.
	//
	//	pousse: # rules: chess\n1\nL1\nQUIT
	CodeUnknownRules Code = "unknown-rules"

	// CodeMissingEnd: a Spot or PATH file without its terminating 0.
	//
	//	spot: 2\n1 1 +\n1 2 +\n2 2 +\n2 1 +
	CodeMissingEnd Code = "missing-end"

	// CodeTextAfterEnd: text after the terminating 0 of a Spot or PATH
	// file.
	//
	//	path: 1\nW\n0\nW
	CodeTextAfterEnd Code = "text-after-end"

	// CodeExtraMove: a Spot move after the game's 2N moves: a line that
	// is exactly a move (no game can start with one), or any well-formed
	// move once the game has malformed ones (the count is then unsure).
	//
	//	spot: 2\n1 1 +\n1 2 +\n2 2 +\n2 1 +\n1 1 -\n0
	CodeExtraMove Code = "extra-move"

	// CodeMissingMoves: a Spot game with fewer than its 2N moves.
	//
	//	spot: 2\n1 1 +\n0
	CodeMissingMoves Code = "missing-moves"

	// CodeExpectedMove: a Spot move that does not start with a number.
	//
	//	spot: 2\nx 1 +\n1 2 +\n2 2 +\n2 1 +\n0
	CodeExpectedMove Code = "expected-move"

	// CodeBadColumn: a Spot move whose column is not a number.
	//
	//	spot: 2\n1 x +\n1 2 +\n2 2 +\n2 1 +\n0
	CodeBadColumn Code = "bad-column"

	// CodeMissingSign: a Spot move without its + or -.
	//
	//	spot: 2\n1 1\n1 2 +\n2 2 +\n2 1 +\n0
	CodeMissingSign Code = "missing-sign"

	// CodeUnknownSign: a Spot move whose sign is not + or -.
	//
	//	spot: 2\n1 1 *\n1 2 +\n2 2 +\n2 1 +\n0
	CodeUnknownSign Code = "unknown-sign"

	// CodeLowercaseCell: a PATH cell written w, b or u.
	//
	//	path: 1\nw\n0
	CodeLowercaseCell Code = "lowercase-cell"

	// CodeUnknownCell: a PATH cell that is not W, B or U.
	//
	//	path: 1\nX\n0
	CodeUnknownCell Code = "unknown-cell"

	// CodeSpaceInRow: blanks between the cells of a PATH row.
	//
	//	path: 2\nW W\nBB\n0
	CodeSpaceInRow Code = "space-in-row"

	// CodeRowLength: a PATH row with other than N cells.
	//
	//	path: 2\nWWW\nBB\n0
	CodeRowLength Code = "row-length"

	// CodeExtraRow: a PATH data set with more than N rows.
	//
	//	path: 1\nW\nB\n0
	CodeExtraRow Code = "extra-row"

	// CodeMissingRows: a PATH data set with fewer than N rows.
	//
	//	path: 2\nWW\n0
	CodeMissingRows Code = "missing-rows"
)

// outOfRange returns the code of a move whose row ("row") or column
// (anything else) is out of range.
func outOfRange(what string) Code {
	if what == "row" {
		return CodeRowOutOfRange
	}
	return CodeColumnOutOfRange
}

package contest

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"unicode/utf8"
)

// MaxLine is the longest output line kept: a longer one is compared and
// shown by its first MaxLine bytes, the rest read and dropped, so that a
// huge output costs memory in proportion to the input's games only.
const MaxLine = 1024

// A Difference is a game whose line in the output is not its verdict.
type Difference struct {
	Game int    // 0-based index of the game
	Want string // the game's verdict, as the judge prints it
	// Got is the output's line for the game, without its line end (cut
	// at MaxLine bytes); empty when Missing.
	Got     string
	OutLine int  // the 1-based line of Got in the output; 0 when Missing
	Missing bool // the output ends before the game's line
}

// A Comparison is an output compared with the verdicts, line by line.
// Line ends may be "\n" or "\r\n", and the last line may lack one: the
// contest judges read lines, so neither is a difference.
type Comparison struct {
	Games int // games compared: Verdicts.Judged
	// Differ counts the games whose line is not their verdict;
	// Differences lists them (Compare), in the order of the games.
	Differ      int
	Differences []Difference
	Missing     int // games of Differences the output has no line for
	// Extra counts the verdict lines after the last game's; ExtraLine
	// and ExtraText are the first of them.
	Extra     int
	ExtraLine int
	ExtraText string
	// Uncompared counts the output's verdict lines for games after
	// the input's first error: nothing vouches for those.
	Uncompared int
	// Layout counts the places where the empty lines between verdicts
	// are not the contest's (one between two verdicts in the UVa 844
	// layout, none otherwise); LayoutLine and LayoutMsg are the first.
	Layout     int
	LayoutLine int
	LayoutMsg  string
	// Binary is set when a line holds a NUL byte or is not UTF-8.
	Binary bool
	Lines  int // lines read
	// Shift is +1 when, after game ShiftFrom (0-based, the first that
	// differs) to the last, every line of the output is the verdict of
	// the game before (a line too many at ShiftFrom's), -1 when from
	// ShiftFrom on it is that of the game after and the last is missing
	// (ShiftFrom's line missing), else 0. It is set over 3 games or more.
	Shift, ShiftFrom int
}

// Same reports whether the output is exactly the verdicts, up to line
// ends.
func (c *Comparison) Same() bool {
	return c.Differ == 0 && c.Extra == 0 && c.Layout == 0
}

// Compare reads an output and compares it with the judged verdicts. It
// reads out to its end; its memory is O(games + MaxLine). The error is
// the reader's.
func Compare(v *Verdicts, out io.Reader) (*Comparison, error) {
	cm := NewComparer(out, v.Blank())
	var diffs []Difference
	for i := range v.Judged {
		d, err := cm.Next(i, v.Line(i))
		if err != nil {
			break
		}
		if d != nil {
			diffs = append(diffs, *d)
		}
	}
	c, err := cm.End(v.Judged, len(v.File.Games))
	c.Differences = diffs
	return c, err
}

// A Comparer compares an output with verdicts handed to it one at a
// time, reading the output as far as it needs: memory is one line of
// the output, whatever its size and the number of games. Next compares
// the games in order; End reads the rest.
type Comparer struct {
	r        *bufio.Reader
	blank    bool // the UVa 844 layout: an empty line between verdicts
	c        Comparison
	line     []byte
	verdicts int // verdict lines read
	blanks   int // empty lines since the last verdict line
	eof      bool
	err      error // the reader's, other than io.EOF
	// The one-line shift from the first difference on (Shift): whether
	// it still holds each way, and the previous game's verdict and line.
	first             int
	later, earlier    bool
	prevWant, prevGot string
	prevMissing       bool
}

// NewComparer returns a Comparer of the output out with verdicts in the
// UVa 844 layout when blank is set (Verdicts.Blank), else one a line.
func NewComparer(out io.Reader, blank bool) *Comparer {
	return &Comparer{r: bufio.NewReaderSize(out, 64<<10), blank: blank, first: -1}
}

// next reads the next verdict line (skipping empty lines, checking the
// layout) into c.line; false at the end of the output or at an error.
func (c *Comparer) next() bool {
	for !c.eof && c.err == nil {
		var err error
		c.line, err = readLine(c.r, c.line[:0])
		if err == io.EOF {
			c.eof = true
			if len(c.line) == 0 {
				break
			}
		} else if err != nil {
			c.err = err
			break
		}
		c.c.Lines++
		if !c.c.Binary && (bytes.IndexByte(c.line, 0) >= 0 || !utf8.Valid(c.line)) {
			c.c.Binary = true
		}
		if len(c.line) == 0 {
			c.blanks++
			continue
		}
		switch {
		case c.verdicts == 0 && c.blanks > 0:
			c.layout("an empty line before the first verdict")
		case c.verdicts > 0 && c.blank && c.blanks == 0:
			c.layout("no empty line between two verdicts (the UVa 844 layout has one)")
		case c.verdicts > 0 && c.blank && c.blanks > 1:
			c.layout("more than one empty line between two verdicts (the UVa 844 layout has one)")
		case c.verdicts > 0 && !c.blank && c.blanks > 0:
			c.layout("an empty line between two verdicts (this layout has none)")
		}
		c.blanks = 0
		c.verdicts++
		return true
	}
	return false
}

func (c *Comparer) layout(msg string) {
	if c.c.Layout == 0 {
		c.c.LayoutLine, c.c.LayoutMsg = c.c.Lines, msg
	}
	c.c.Layout++
}

// Next compares the output's next verdict line with want, the verdict
// of game (0-based; the games come in order): it returns the
// difference, or nil when they are the same. The error is the reader's;
// after one, End gives the comparison so far.
func (c *Comparer) Next(game int, want string) (*Difference, error) {
	if !c.next() {
		if c.err != nil {
			return nil, c.err
		}
		c.c.Differ++
		c.c.Missing++
		c.shift(game, want, "", true)
		return &Difference{Game: game, Want: want, Missing: true}, nil
	}
	c.shift(game, want, string(c.line), false)
	if string(c.line) == want {
		return nil, nil
	}
	c.c.Differ++
	return &Difference{Game: game, Want: want, Got: string(c.line), OutLine: c.c.Lines}, nil
}

// shift follows the one-line shift of the output (Comparison.Shift)
// with game's verdict want and its line got.
func (c *Comparer) shift(game int, want, got string, missing bool) {
	switch {
	case c.first < 0 && (missing || got != want):
		// A line too many (later) is at the first difference, and
		// a line missing (earlier) there too: either holds so far.
		c.first = game
		c.later, c.earlier = !missing, !missing
	case c.first >= 0:
		c.later = c.later && !missing && got == c.prevWant
		// The line of the game before is this game's verdict; the
		// output may end one line early.
		c.earlier = c.earlier && !c.prevMissing && c.prevGot == want
	}
	c.prevWant, c.prevGot, c.prevMissing = want, got, missing
}

// End reads the rest of the output, after the verdicts of judged games
// out of games in the input, and returns the comparison, without its
// Differences (Next returned them).
func (c *Comparer) End(judged, games int) (*Comparison, error) {
	c.c.Games = judged
	for c.next() {
		if judged < games {
			c.c.Uncompared++
			continue
		}
		if c.c.Extra == 0 {
			c.c.ExtraLine, c.c.ExtraText = c.c.Lines, string(c.line)
		}
		c.c.Extra++
	}
	if c.err == nil && c.blanks > 0 && c.verdicts > 0 {
		c.layout("an empty line after the last verdict")
		c.blanks = 0
	}
	if c.first >= 0 && judged-c.first >= 3 {
		switch {
		case c.later && !c.earlier:
			c.c.Shift, c.c.ShiftFrom = 1, c.first
		case c.earlier && !c.later && c.prevMissing:
			c.c.Shift, c.c.ShiftFrom = -1, c.first
		}
	}
	cp := c.c
	return &cp, c.err
}

// readLine appends the next line of r to dst, without its "\n" or
// "\r\n", keeping at most MaxLine bytes of it. At the end of the input
// it returns io.EOF, with the last line when it has no line end.
func readLine(r *bufio.Reader, dst []byte) ([]byte, error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if room := MaxLine + 2 - len(dst); room > 0 { // + 2: the line end
			dst = append(dst, chunk[:min(len(chunk), room)]...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		dst = bytes.TrimSuffix(dst, []byte("\n"))
		dst = bytes.TrimSuffix(dst, []byte("\r"))
		return dst[:min(len(dst), MaxLine)], err
	}
}

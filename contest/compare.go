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
	Games       int          // games compared: Verdicts.Judged
	Differences []Difference // in the order of the games
	Missing     int          // games of Differences the output has no line for
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
}

// Same reports whether the output is exactly the verdicts, up to line
// ends.
func (c *Comparison) Same() bool {
	return len(c.Differences) == 0 && c.Extra == 0 && c.Layout == 0
}

// Compare reads an output and compares it with the judged verdicts. It
// reads out to its end; its memory is O(games + MaxLine). The error is
// the reader's.
func Compare(v *Verdicts, out io.Reader) (*Comparison, error) {
	c := &Comparison{Games: v.Judged}
	r := bufio.NewReaderSize(out, 64<<10)
	var line []byte
	game := 0     // the next game to compare
	verdicts := 0 // verdict lines read
	blanks := 0   // empty lines since the last verdict line
	layout := func(n int, msg string) {
		if c.Layout == 0 {
			c.LayoutLine, c.LayoutMsg = n, msg
		}
		c.Layout++
	}
	for {
		var err error
		line, err = readLine(r, line[:0])
		if len(line) == 0 && err == io.EOF {
			break
		}
		if err != nil && err != io.EOF {
			return c, err
		}
		c.Lines++
		if !c.Binary && (bytes.IndexByte(line, 0) >= 0 || !utf8.Valid(line)) {
			c.Binary = true
		}
		if len(line) == 0 {
			blanks++
			continue
		}
		switch {
		case verdicts == 0 && blanks > 0:
			layout(c.Lines, "an empty line before the first verdict")
		case verdicts > 0 && v.Blank() && blanks == 0:
			layout(c.Lines, "no empty line between two verdicts (the UVa 844 layout has one)")
		case verdicts > 0 && v.Blank() && blanks > 1:
			layout(c.Lines, "more than one empty line between two verdicts (the UVa 844 layout has one)")
		case verdicts > 0 && !v.Blank() && blanks > 0:
			layout(c.Lines, "an empty line between two verdicts (this layout has none)")
		}
		blanks = 0
		verdicts++
		switch {
		case game < v.Judged:
			if want := v.Line(game); string(line) != want {
				c.Differences = append(c.Differences, Difference{Game: game, Want: want, Got: string(line), OutLine: c.Lines})
			}
			game++
		case v.Judged < len(v.File.Games):
			c.Uncompared++
		default:
			if c.Extra == 0 {
				c.ExtraLine, c.ExtraText = c.Lines, string(line)
			}
			c.Extra++
		}
		if err == io.EOF {
			break
		}
	}
	if blanks > 0 && verdicts > 0 {
		layout(c.Lines, "an empty line after the last verdict")
	}
	for ; game < v.Judged; game++ {
		c.Differences = append(c.Differences, Difference{Game: game, Want: v.Line(game), Missing: true})
		c.Missing++
	}
	return c, nil
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

package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"gamels/internal/picture"
	"gamels/internal/textpos"
	"gamels/parse"
)

// pictureFlags are show's flags that draw the board as a picture
// (--svg, --gif) instead of text.
type pictureFlags struct {
	svg, gif bool
	out      string
	theme    themeFlag
	cell     int
	delay    time.Duration
}

func newPictureFlags(fs *flag.FlagSet) *pictureFlags {
	p := &pictureFlags{}
	fs.BoolVar(&p.svg, "svg", false, "write the position at LINE as a standalone SVG picture")
	fs.BoolVar(&p.gif, "gif", false, "write the whole game at LINE as an animated GIF, one frame a move, the ending move held")
	fs.StringVar(&p.out, "o", "", "write the picture to `FILE` instead of standard output")
	fs.IntVar(&p.cell, "cell", 0, "the side of a square in `pixels`, 4 to 200 (default: 40, less on boards over 12 squares a side)")
	fs.DurationVar(&p.delay, "delay", picture.DefaultDelay, "how long a GIF shows each move (the last is held 3s)")
	fs.Var(&p.theme, "theme", "the picture's colours: `auto|light|dark|hc-light|hc-dark`; auto follows the viewer's light, dark and high-contrast settings in an SVG, and is light in a GIF")
	return p
}

// themeFlag is a --theme flag value.
type themeFlag struct{ t picture.Theme }

func (f *themeFlag) String() string { return f.t.String() }

func (f *themeFlag) Set(s string) error {
	t, err := picture.ParseTheme(s)
	f.t = t
	return err
}

// wanted reports whether a picture was asked for; it reports a flag that
// makes sense only with one.
func (p *pictureFlags) wanted(fs *flag.FlagSet) (bool, int) {
	switch {
	case p.svg && p.gif:
		return true, usageError(fs, "--svg and --gif: choose one")
	case !p.svg && !p.gif && p.out != "":
		return true, usageError(fs, "-o writes a picture: use it with --svg or --gif")
	case p.cell != 0 && (p.cell < 4 || p.cell > 200):
		return true, usageError(fs, "--cell %d: a square is 4 to 200 pixels", p.cell)
	case p.delay < 10*time.Millisecond || p.delay > 655*time.Second:
		return true, usageError(fs, "--delay %v: a GIF shows a frame from 10ms to 655s", p.delay)
	}
	return p.svg || p.gif, 0
}

// run draws the picture of arg (FILE or FILE:LINE): the position at the
// end of LINE as SVG, or its whole game as a GIF. Without LINE the file
// must hold one game, drawn at its last move.
func (p *pictureFlags) run(fs *flag.FlagSet, name string, line int, kind parse.Kind, maxSize int64, rules parse.Rules, stdout, stderr io.Writer) int {
	if p.gif && p.out == "" && isTerminal(stdout) {
		return usageError(fs, "not writing a GIF to a terminal: use -o FILE or a redirection")
	}
	if _, isTranscript := parse.KindOf(p.out); isTranscript || sameFile(p.out, name) {
		return usageError(fs, "-o %s: not writing a picture over a transcript", quoteName(p.out))
	}
	src, err := readLimited(name, nil, maxSize)
	if err != nil {
		fmt.Fprintf(stderr, "gamels show: %s\n", message(err))
		return exitProblem
	}
	f := parse.Parse(kind, src)
	rules = f.EffectiveRules(rules)
	lines := textpos.New(src)
	var g *parse.Game
	k := -1 // the moves shown: all of them
	switch {
	case line > lines.Count():
		fmt.Fprintf(stderr, "gamels show: %s has %d lines, no line %d\n", quoteName(name), lines.Count(), line)
		return exitProblem
	case line > 0:
		if g = gameAt(f, lines.Start(line-1)); g == nil {
			fmt.Fprintf(stderr, "gamels show: %s:%d: no game starts at or before this line\n", quoteName(name), line)
			return exitProblem
		}
		end := lines.Start(line) // the moves that start on or before the line are played
		for k = 0; k < len(g.Moves) && g.MoveSpan(k).Start < end; k++ {
		}
	case len(f.Games) == 1:
		g = f.Games[0]
	case len(f.Games) == 0:
		fmt.Fprintf(stderr, "gamels show: %s: no game\n", quoteName(name))
		return exitProblem
	default:
		fmt.Fprintf(stderr, "gamels show: %s holds %d games: say which with %s:LINE\n", quoteName(name), len(f.Games), quoteName(name))
		return exitProblem
	}
	if g.Size < 1 {
		fmt.Fprintf(stderr, "gamels show: %s: game %d: its board size is unusable\n", quoteName(name), g.Index+1)
		return exitProblem
	}
	if k < 0 {
		k = len(g.Moves)
	}

	var buf bytes.Buffer
	opts := &picture.Options{Theme: p.theme.t, Cell: p.cell}
	if p.gif {
		frames, seq := picture.Frames(kind, g, rules)
		anim := picture.Animation{Delay: p.delay}
		err := picture.Fits(frames, picture.At(kind, g, rules, 0), opts, anim)
		if err == nil {
			err = picture.GIF(&buf, seq, opts, anim)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gamels show: %s: game %d: %v\n", quoteName(name), g.Index+1, err)
			return exitProblem
		}
	} else {
		pos := picture.At(kind, g, rules, k)
		if pos.ShowsRepeat() {
			opts.Earlier = picture.At(kind, g, rules, pos.Earlier)
		}
		opts.Title, opts.Caption = picture.Label(filepath.Base(name), g.Index+1, pos)
		buf.Write(picture.SVG(pos, opts))
	}
	if p.out == "" {
		if _, err := stdout.Write(buf.Bytes()); err != nil {
			fmt.Fprintf(stderr, "gamels show: %s\n", message(err))
			return exitProblem
		}
		return exitOK
	}
	if err := writeNew(p.out, buf.Bytes()); err != nil {
		fmt.Fprintf(stderr, "gamels show: %s\n", message(err))
		return exitProblem
	}
	return exitOK
}

// sameFile reports whether a and b name one existing file.
func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// gameAt returns the last game of f starting at or before off, or nil
// when off is before the first game.
func gameAt(f *parse.File, off int) *parse.Game {
	var found *parse.Game
	for _, g := range f.Games {
		if g.Span.Start > off {
			break
		}
		found = g
	}
	if found == nil && len(f.Games) > 0 && len(f.Games[0].Moves) == 0 {
		return nil
	}
	return found
}

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"gamels/internal/gen"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "gen",
		usage: "pousse|spot|path [--seed S] [--games G] [--min-n N] [--max-n N] [--edge] [--noise] [--layout uva|zoj] [--rules contest|icfp] [--max-size SIZE] | --ref",
		short: "write a random contest input on standard output: the same bytes for the same seed and flags",
		long: `The games are random, the moves legal as the contest promises, the board
sizes drawn up to --max-n. --edge biases them toward the cases solutions
get wrong: Pousse markers pushed off the board, straights for both sides
at once, moves undoing the mover's own (icfp repetitions, most often with
--rules icfp); Spot patterns that recur only rotated; PATH boards won in
one move at a corner only. Without --edge, most PATH boards hold a path
laid across them, some of it emptied: wins, wins in one move and boards
with neither. --min-n keeps to large boards; --noise writes the same
games with trailing blanks, CRLF line ends, blank lines and tabs, which
the contest's readers (scanf) meet and skip. --layout chooses the Pousse input's layout:
uva (a count line first, UVa 844) or zoj (games back to back). The input
has no "# rules:" line: pass --rules to gamels judge.

--ref writes the reference input of BENCHMARKS.md for the game instead:
about 2.7 MB of Pousse, 2 MB of Spot, 1.2 MB of PATH, from fixed seeds.`,
		run: runGen,
	})
}

// The largest board of each game, and the default of --max-n.
var genLimits = map[parse.Kind]struct{ lo, hi, def int }{
	parse.Pousse: {1, 100, 8},
	parse.Spot:   {2, 50, 8},
	parse.Path:   {1, 80, 8},
}

// maxGenGames bounds --games, and --max-size the bytes written: the
// input is written as it is made, but a mistyped count should not fill a
// disk (10^7 games of Pousse up to 100x100 are some 130 GB).
const maxGenGames = 10_000_000

func runGen(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("gen", stderr)
	seed := fs.Uint64("seed", 1, "the random seed, `S`")
	games := fs.Int("games", 10, "the number of games, `G`")
	maxN := fs.Int("max-n", 0, "the largest board, `N` (default 8; at most 100 for Pousse, 50 for Spot, 80 for PATH)")
	minN := fs.Int("min-n", 0, "the smallest board, `N` (default the game's smallest): large boards only")
	edge := fs.Bool("edge", false, "bias the games toward the cases solutions get wrong")
	noise := fs.Bool("noise", false, "write the same games with what the format lets a reader meet: trailing blanks, CRLF, blank lines, tabs")
	layout := fs.String("layout", "uva", "the Pousse input's layout: `uva|zoj`")
	var rules rulesFlag
	fs.Var(&rules, "rules", "the Pousse rule set the games are made for, `contest|icfp` (with --edge, icfp makes repetitions more frequent)")
	ref := fs.Bool("ref", false, "write the reference input of BENCHMARKS.md (the other flags do not apply)")
	maxSize := addSizeFlag(fs, defaultMaxSize)
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) != 1 {
		return usageError(fs, "want one game: pousse, spot or path")
	}
	kind, status := gameArg(fs, rest[0])
	if status != 0 {
		return status
	}
	lim := genLimits[kind]
	if *maxN == 0 {
		*maxN = max(lim.def, *minN)
	}
	switch {
	case *minN != 0 && (*minN < lim.lo || *minN > lim.hi):
		return usageError(fs, "--min-n %d: a %s board is %d to %d", *minN, kind, lim.lo, lim.hi)
	case *minN > *maxN:
		return usageError(fs, "--min-n %d is larger than --max-n %d", *minN, *maxN)
	case *maxN < lim.lo || *maxN > lim.hi:
		return usageError(fs, "--max-n %d: a %s board is %d to %d", *maxN, kind, lim.lo, lim.hi)
	case *games < 1 || *games > maxGenGames:
		return usageError(fs, "--games %d: want 1 to %d", *games, maxGenGames)
	case *layout != "uva" && *layout != "zoj":
		return usageError(fs, "--layout %s: want uva or zoj", quoteArg(*layout))
	case *layout != "uva" && kind != parse.Pousse, rules.r != parse.RulesDefault && kind != parse.Pousse:
		return usageError(fs, "--layout and --rules are for Pousse")
	}
	cw := &capWriter{w: stdout, limit: maxSize.n}
	w := bufio.NewWriterSize(cw, 64<<10)
	var err error
	if *ref {
		_, err = w.Write(map[parse.Kind]func() []byte{
			parse.Pousse: func() []byte { return gen.Pousse(1, gen.RefPousse) },
			parse.Spot:   func() []byte { return gen.Spot(1, gen.RefSpot) },
			parse.Path:   func() []byte { return gen.Path(1, gen.RefPath) },
		}[kind]())
		if err == nil {
			err = w.Flush()
		}
	} else {
		err = gen.WriteContest(w, kind.String(), *seed, gen.Options{
			Games: *games, MaxN: *maxN, Counted: *layout == "uva",
			ICFP: rules.r == parse.RulesICFP, Edge: *edge, MinN: *minN, Noise: *noise,
		})
	}
	switch {
	case cw.over:
		fmt.Fprintf(stderr, "gamels gen: stopped at %s bytes (--max-size): the input is cut; ask fewer --games, a smaller --max-n or a larger --max-size\n", formatSize(maxSize.n))
		return exitProblem
	case err != nil:
		fmt.Fprintf(stderr, "gamels gen: %v\n", err)
		return exitProblem
	}
	return exitOK
}

// capWriter writes to w at most limit bytes; a write past them writes
// what fits and fails.
type capWriter struct {
	w     io.Writer
	limit int64
	n     int64
	over  bool
}

var errCapped = errors.New("over --max-size")

func (c *capWriter) Write(p []byte) (int, error) {
	room := c.limit - c.n
	if int64(len(p)) > room {
		c.over = true
		n, err := c.w.Write(p[:max(room, 0)])
		c.n += int64(n)
		if err == nil {
			err = errCapped
		}
		return n, err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

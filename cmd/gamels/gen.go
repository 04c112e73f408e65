package main

import (
	"bufio"
	"fmt"
	"io"

	"gamels/internal/gen"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "gen",
		usage: "pousse|spot|path [--seed S] [--games G] [--max-n N] [--edge] [--layout uva|zoj] [--rules contest|icfp] | --ref",
		short: "write a random contest input on standard output: the same bytes for the same seed and flags",
		long: `The games are random, the moves legal as the contest promises, the board
sizes drawn up to --max-n. --edge biases them toward the cases solutions
get wrong: Pousse markers pushed off the board, straights for both sides
at once, moves undoing the mover's own (icfp repetitions, most often with
--rules icfp); Spot patterns that recur only rotated; PATH boards won in
one move at a corner only. --layout chooses the Pousse input's layout:
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

// maxGenGames bounds --games: the input is written as it is made, but a
// mistyped count should not fill a disk.
const maxGenGames = 10_000_000

func runGen(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("gen", stderr)
	seed := fs.Uint64("seed", 1, "the random seed, `S`")
	games := fs.Int("games", 10, "the number of games, `G`")
	maxN := fs.Int("max-n", 0, "the largest board, `N` (default 8; at most 100 for Pousse, 50 for Spot, 80 for PATH)")
	edge := fs.Bool("edge", false, "bias the games toward the cases solutions get wrong")
	layout := fs.String("layout", "uva", "the Pousse input's layout: `uva|zoj`")
	var rules rulesFlag
	fs.Var(&rules, "rules", "the Pousse rule set the games are made for, `contest|icfp` (with --edge, icfp makes repetitions more frequent)")
	ref := fs.Bool("ref", false, "write the reference input of BENCHMARKS.md (the other flags do not apply)")
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) != 1 {
		return usageError(fs, "want one game: pousse, spot or path")
	}
	kind, ok := parse.KindOf(rest[0])
	if !ok || rest[0] != kind.String() {
		return usageError(fs, "unknown game %s: want pousse, spot or path", quoteArg(rest[0]))
	}
	lim := genLimits[kind]
	if *maxN == 0 {
		*maxN = lim.def
	}
	switch {
	case *maxN < lim.lo || *maxN > lim.hi:
		return usageError(fs, "--max-n %d: a %s board is %d to %d", *maxN, kind, lim.lo, lim.hi)
	case *games < 1 || *games > maxGenGames:
		return usageError(fs, "--games %d: want 1 to %d", *games, maxGenGames)
	case *layout != "uva" && *layout != "zoj":
		return usageError(fs, "--layout %s: want uva or zoj", quoteArg(*layout))
	case *layout != "uva" && kind != parse.Pousse, rules.r != parse.RulesDefault && kind != parse.Pousse:
		return usageError(fs, "--layout and --rules are for Pousse")
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
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
			ICFP: rules.r == parse.RulesICFP, Edge: *edge,
		})
	}
	if err != nil {
		fmt.Fprintf(stderr, "gamels gen: %v\n", err)
		return exitProblem
	}
	return exitOK
}

package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"gamels/internal/match"
	"gamels/internal/solution"
	"gamels/parse"
)

func init() {
	register(&command{
		name: "match",
		usage: "pousse|spot PLAYER PLAYER [PLAYER...] [--games G] [--size N | --sizes 4,6,8] [--rules contest|icfp]\n" +
			"         [--time 30s] [--memory 2GiB] [--max-moves M] [--openings K] [--seed S] [-j J] [--gauntlet]\n" +
			"         [--sprt ELO0,ELO1] [-o FILE] [--json]  |  match --merge A.json B.json... [--json]",
		short: "play programs against each other (and the engine): a crosstable, Elo with its 95% interval, an SPRT",
		long:  matchHelp,
		run:   runMatch,
	})
}

const matchHelp = `A PLAYER is a command line in quotes, run without a shell (as judge --run
runs a solution) afresh for each move, on the ICFP 1998 player interface:
its standard input holds N on the first line, then the moves played so far,
one a line; it prints its move on one line ("L3"; Spot: "2 5 +"). Or an
engine player: engine, engine:time=200ms, engine:level=easy|normal|strong,
engine:proof. NAME=PLAYER labels a player in the tables.

A move that is malformed or illegal, late, missing, or comes from a crashed
program loses the game. Two players play G games; three or more a round
robin (--gauntlet: the first against each other); each opening is played
twice, the colours swapped. docs/match.md is the reference: the interface,
the JSON, how a match splits into batches (--merge adds them up).

Exit status: 0 when the match was played, 1 when it was interrupted, a
player could not be started or a file could not be written or read, 2 for
a wrong command line.`

// matchFlags are the flags of gamels match.
type matchFlags struct {
	games    int
	size     int
	sizes    sizesFlag
	rules    rulesFlag
	limits   solution.Limits
	maxMoves int
	openings int
	seed     uint64
	jobs     int
	gauntlet bool
	sprt     sprtFlag
	out      string
	asJSON   bool
	merge    bool
	set      map[string]bool // the flags given
}

// Bounds of the settings: beyond them a match is a mistake.
const (
	maxMatchGames  = 1_000_000
	maxMatchTime   = time.Hour
	maxMatchMoves  = 100_000
	maxMatchJobs   = 256
	minMoveOutput  = 16
	defaultMatchSz = 6 // the ICFP 1998 tournament's board
)

func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("match", stderr)
	var f matchFlags
	fs.IntVar(&f.games, "games", 20, "the games of each pair of players at each size (the most, with --sprt)")
	fs.IntVar(&f.size, "size", defaultMatchSz, "the board size `N`")
	fs.Var(&f.sizes, "sizes", "board sizes, such as `4,6,8`: each pair plays --games games at each")
	fs.Var(&f.rules, "rules", "the Pousse rule set, `contest|icfp` (default contest)")
	f.limits = solution.Limits{Time: 30 * time.Second, Memory: solution.DefaultLimits.Memory, Output: 64 << 10}
	fs.DurationVar(&f.limits.Time, "time", f.limits.Time, "the time limit of a move, wall clock (`DURATION`), as in the ICFP 1998 contest")
	fs.Var((*sizeFlag)(&f.limits.Memory), "memory", "a player's memory limit, its address space and its children's (`SIZE`; Linux only); 0 for none")
	fs.Var((*sizeFlag)(&f.limits.Output), "output-limit", "the most a player may print for a move (`SIZE`)")
	fs.IntVar(&f.maxMoves, "max-moves", 200, "Pousse: a game without a winner after `M` moves is a TIE GAME")
	fs.IntVar(&f.openings, "openings", 0, "open each game with `K` random legal moves (from --seed), played twice with the colours swapped")
	fs.Uint64Var(&f.seed, "seed", 0, "the openings' seed, `S` (default: a random one, printed)")
	fs.IntVar(&f.jobs, "j", runtime.NumCPU(), "games played side by side")
	fs.BoolVar(&f.gauntlet, "gauntlet", false, "three players or more: the first plays each of the others, who do not play each other")
	fs.Var(&f.sprt, "sprt", "stop at the decision of a sequential probability ratio test of `ELO0,ELO1` (alpha = beta = 0.05), the first player against the second")
	fs.StringVar(&f.out, "o", "", "write every game to `FILE`, a transcript, as the games end")
	fs.BoolVar(&f.asJSON, "json", false, "print the games and the results as JSON (docs/match.md)")
	fs.BoolVar(&f.merge, "merge", false, "add up the JSON of matches played in batches: the arguments are their files")
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	if f.merge {
		return runMerge(fs, &f, rest, stdout, stderr)
	}
	cfg, code := f.config(fs, rest)
	if code != exitOK {
		return code
	}
	return playMatch(cfg, &f, stdout, stderr)
}

// config checks the command line and returns the match it asks for.
func (f *matchFlags) config(fs *flag.FlagSet, rest []string) (match.Config, int) {
	var c match.Config
	if len(rest) == 0 {
		return c, usageError(fs, "want a game (pousse or spot) and two players or more")
	}
	if rest[0] == parse.Path.String() {
		return c, usageError(fs, "PATH has no moves to play: a match is of pousse or spot")
	}
	kind, status := gameArg(fs, rest[0], parse.Pousse, parse.Spot)
	switch {
	case status != 0:
		return c, status
	case len(rest) < 3:
		return c, usageError(fs, "want two players or more, each one argument (a command line in quotes, or engine)")
	}
	c.Kind, c.Rules = kind, f.rules.r
	if kind == parse.Spot {
		for _, name := range []string{"rules", "max-moves"} {
			if f.set[name] {
				return c, usageError(fs, "--%s is for Pousse: a Spot game has one rule set and lasts its 2N moves", name)
			}
		}
	} else if c.Rules == parse.RulesDefault {
		c.Rules = parse.RulesContest
	}
	for _, arg := range rest[1:] {
		sp, err := match.ParseSpec(arg)
		if err != nil {
			return c, usageError(fs, "%v", err)
		}
		c.Players = append(c.Players, sp)
	}
	if err := match.Label(c.Players); err != nil {
		return c, usageError(fs, "%v", err)
	}
	lo, hi := 1, 100 // Pousse: UVa 844
	if kind == parse.Spot {
		lo, hi = 2, 50 // UVa 141
	}
	c.Sizes = []int{f.size}
	if f.set["sizes"] {
		if f.set["size"] {
			return c, usageError(fs, "--size and --sizes do not go together")
		}
		c.Sizes = f.sizes
	}
	for _, n := range c.Sizes {
		if n < lo || n > hi {
			return c, usageError(fs, "a %v board is %d to %d squares a side, not %d", kind, lo, hi, n)
		}
	}
	switch {
	case f.games < 1 || f.games > maxMatchGames:
		return c, usageError(fs, "--games must be from 1 to %d, not %d", maxMatchGames, f.games)
	case f.limits.Time <= 0 || f.limits.Time > maxMatchTime:
		return c, usageError(fs, "--time must be over 0 and at most %v, not %v", maxMatchTime, f.limits.Time)
	case f.limits.Output < minMoveOutput:
		return c, usageError(fs, "--output-limit must be at least %d bytes, not %d", minMoveOutput, f.limits.Output)
	case f.maxMoves < 1 || f.maxMoves > maxMatchMoves:
		return c, usageError(fs, "--max-moves must be from 1 to %d, not %d", maxMatchMoves, f.maxMoves)
	case f.jobs < 1 || f.jobs > maxMatchJobs:
		return c, usageError(fs, "-j must be from 1 to %d, not %d", maxMatchJobs, f.jobs)
	case f.openings < 0:
		return c, usageError(fs, "--openings must not be negative, not %d", f.openings)
	case f.gauntlet && len(c.Players) < 3:
		return c, usageError(fs, "--gauntlet wants three players or more")
	}
	for _, n := range c.Sizes {
		most := f.maxMoves - 1
		if kind == parse.Spot {
			most = 2*n - 1
		}
		if f.openings > most {
			return c, usageError(fs, "--openings %d leaves no move to play on the %dx%d board: at most %d", f.openings, n, n, most)
		}
	}
	c.Games, c.Limits, c.MaxMoves, c.Openings, c.Jobs, c.Gauntlet = f.games, f.limits, f.maxMoves, f.openings, f.jobs, f.gauntlet
	c.Seed = f.seed
	if !f.set["seed"] {
		c.Seed = rand.Uint64() >> 1 // printed, so that the match can be played again
	}
	if f.set["sprt"] {
		c.SPRT = &match.SPRT{Elo0: f.sprt.elo0, Elo1: f.sprt.elo1}
	}
	if err := c.Check(); err != nil {
		return c, usageError(fs, "%v", err)
	}
	return c, exitOK
}

// playMatch plays the match and prints its results.
func playMatch(c match.Config, f *matchFlags, stdout, stderr io.Writer) int {
	status := exitOK
	desc := describeMatch(c)
	var tr *match.Transcript
	var outFile *os.File
	if f.out != "" {
		var err error
		if outFile, err = os.Create(f.out); err != nil {
			fmt.Fprintf(stderr, "gamels match: %s\n", message(err))
			return exitProblem
		}
		if tr, err = match.NewTranscript(outFile, c.Kind, c.Rules, []string{"gamels match " + desc}); err != nil {
			outFile.Close()
			fmt.Fprintf(stderr, "gamels match: %s: %v\n", f.out, err)
			return exitProblem
		}
	}
	var js *match.JSONWriter
	if f.asJSON {
		h := match.Header{Kind: c.Kind.String(), Seed: c.Seed}
		if c.Kind == parse.Pousse {
			h.Rules = c.Rules.String()
		}
		js = match.NewJSONWriter(stdout, h)
	} else {
		fmt.Fprintf(stdout, "gamels match %s\n", desc)
	}
	prog := newProgress(stderr)
	width := terminalWidth(stderr)
	names := make([]string, len(c.Players))
	for i, sp := range c.Players {
		names[i] = sp.Name
	}
	ev := match.Events{
		Game: func(r *match.Record, t *match.Tally) error {
			if tr != nil {
				if err := tr.Add(r); err != nil {
					return fmt.Errorf("%s: %w", f.out, err)
				}
			}
			if js != nil {
				if err := js.Game(r); err != nil {
					return err
				}
			}
			prog.show("%s", fit(progressLine(t, names), width))
			return nil
		},
		CannotStart: func(name string, err error) {
			prog.clear()
			fmt.Fprintf(stderr, "gamels match: player %s: %v: its games are forfeited\n", name, err)
			status = exitProblem
		},
	}
	ctx, stop := onInterrupt()
	sum, err := match.Run(ctx, c, ev)
	stop()
	prog.done()
	if err != nil {
		fmt.Fprintf(stderr, "gamels match: %v\n", err)
		status = exitProblem
	}
	if tr != nil {
		werr := tr.Close()
		if cerr := outFile.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil && !errors.Is(err, werr) { // not said already
			fmt.Fprintf(stderr, "gamels match: %s: %v\n", f.out, werr)
			status = exitProblem
		}
	}
	if sum.Interrupted {
		fmt.Fprintf(stderr, "gamels match: interrupted: %d of %d games played\n", sum.Tally.Games(), sum.Scheduled)
		status = exitProblem
	}
	var test *match.SPRTJSON
	if c.SPRT != nil {
		test = c.SPRT.State(sum.LLR)
	}
	commands := map[string]string{}
	for _, sp := range c.Players {
		commands[sp.Name] = sp.Text
	}
	if js != nil {
		if err := js.End(sum.Tally, commands, test, sum.Interrupted); err != nil {
			fmt.Fprintf(stderr, "gamels match: %v\n", err)
			status = exitProblem
		}
		return status
	}
	printResults(stdout, sum.Tally, test)
	return status
}

// describeMatch says in one line what the match is.
func describeMatch(c match.Config) string {
	var b strings.Builder
	b.WriteString(c.Kind.String())
	for _, sp := range c.Players {
		fmt.Fprintf(&b, " %s", quoteIfNeeded(sp.Name))
	}
	sizes := make([]string, len(c.Sizes))
	for i, n := range c.Sizes {
		sizes[i] = fmt.Sprintf("%dx%d", n, n)
	}
	fmt.Fprintf(&b, ": %s of each pair on %s", parse.Plural(c.Games, "game"), strings.Join(sizes, ", "))
	if c.Kind == parse.Pousse {
		fmt.Fprintf(&b, ", %s rules, at most %d moves", c.Rules, c.MaxMoves)
	}
	fmt.Fprintf(&b, ", %v a move", c.Limits.Time)
	if c.Openings > 0 {
		fmt.Fprintf(&b, ", openings of %s", parse.Plural(c.Openings, "random move"))
	}
	fmt.Fprintf(&b, ", seed %d", c.Seed)
	return b.String()
}

func quoteIfNeeded(s string) string {
	if strings.ContainsAny(s, " \t\"'") {
		return strconv.Quote(s)
	}
	return s
}

// progressLine is the line a terminal shows as the games end: the games
// played, and for two players the score and the Elo so far.
func progressLine(t *match.Tally, names []string) string {
	if len(names) != 2 {
		return fmt.Sprintf("%s played", parse.Plural(t.Games(), "game"))
	}
	s := t.Pair(names[0], names[1])
	return fmt.Sprintf("%s played: %s %s - %s %s, Elo %s", parse.Plural(t.Games(), "game"),
		names[0], formatPoints(s.Points()), formatPoints(float64(s.Games())-s.Points()), names[1], formatElo(s.Elo()))
}

// terminalWidth returns the width of the terminal w is, or 0.
func terminalWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil {
			return cols
		}
	}
	return 0
}

// fit cuts a line to width-1 characters (a line as wide as the terminal
// would wrap, and the next progress line could not erase it); 0 leaves it.
func fit(s string, width int) string {
	if width <= 1 || utf8.RuneCountInString(s) < width {
		return s
	}
	r := []rune(s)
	return string(r[:width-2]) + "…"
}

func formatPoints(p float64) string { return strconv.FormatFloat(p, 'f', -1, 64) }

// formatElo writes an Elo difference and its 95% interval: "+147 ± 170",
// or its ends where it is not symmetric ("+inf [+807, +inf]"), "-"
// without games.
func formatElo(e match.Elo) string {
	if math.IsNaN(e.Diff) {
		return "-"
	}
	if !math.IsInf(e.Error, 0) {
		return fmt.Sprintf("%s ± %.0f", formatEloEnd(e.Diff), e.Error)
	}
	return fmt.Sprintf("%s [%s, %s]", formatEloEnd(e.Diff), formatEloEnd(e.Low), formatEloEnd(e.High))
}

// formatEloEnd writes one Elo figure, signed: "+147", "+inf", "+0".
func formatEloEnd(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	d := math.Round(x)
	if d == 0 {
		return "+0" // not -0
	}
	return fmt.Sprintf("%+.0f", d)
}

// printResults writes the standings (a crosstable for three players or
// more), each pair's Elo difference, the forfeits and the test.
func printResults(w io.Writer, t *match.Tally, test *match.SPRTJSON) {
	names := slices.Clone(t.Names)
	slices.SortStableFunc(names, func(a, b string) int {
		return -cmpFloat(t.Player(a).Points()-float64(t.Player(a).Games())/2, t.Player(b).Points()-float64(t.Player(b).Games())/2)
	})
	width := len("player")
	for _, n := range names {
		width = max(width, len(n))
	}
	cross := len(names) > 2
	// The Elo column is as wide as its widest figure, so that the
	// crosstable after it stays aligned.
	elos := make([]string, len(names))
	eloWidth := 11
	for i, n := range names {
		elos[i] = formatElo(t.Player(n).Elo())
		eloWidth = max(eloWidth, utf8.RuneCountInString(elos[i]))
	}
	fmt.Fprintf(w, "\n   %-*s  games   wins losses  draws  points   score  Elo", width, "player")
	if cross {
		fmt.Fprint(w, strings.Repeat(" ", eloWidth-len("Elo")))
		for i := range names {
			fmt.Fprintf(w, " %7d", i+1)
		}
	}
	fmt.Fprintln(w)
	for i, n := range names {
		s := t.Player(n)
		score := "-"
		if s.Games() > 0 {
			score = fmt.Sprintf("%.1f%%", 100*s.Points()/float64(s.Games()))
		}
		line := fmt.Sprintf("%2d %-*s %6d %6d %6d %6d %7s %7s  %-*s", i+1, width, n, s.Games(), s.Wins, s.Losses, s.Draws,
			formatPoints(s.Points()), score, eloWidth, elos[i])
		if cross {
			for _, m := range names {
				cell := "-"
				if p := t.Pair(n, m); m != n && p.Games() > 0 {
					cell = formatPoints(p.Points()) + "/" + strconv.Itoa(p.Games())
				}
				line += fmt.Sprintf(" %7s", cell)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	fmt.Fprintf(w, "\nElo difference (95%% interval), each pair:\n")
	for i, a := range names {
		for _, b := range names[i+1:] {
			s := t.Pair(a, b)
			if s.Games() == 0 {
				continue
			}
			fmt.Fprintf(w, "  %s vs %s: %s (%s - %s - %s, won - lost - drawn)\n", a, b, formatElo(s.Elo()), strconv.Itoa(s.Wins), strconv.Itoa(s.Losses), strconv.Itoa(s.Draws))
		}
	}
	var forfeits []string
	for _, n := range names {
		byReason := t.Forfeits(n)
		reasons := make([]string, 0, len(byReason))
		for r := range byReason {
			reasons = append(reasons, r)
		}
		slices.Sort(reasons)
		for _, r := range reasons {
			forfeits = append(forfeits, fmt.Sprintf("%s %d (%s)", n, byReason[r], r))
		}
	}
	if len(forfeits) > 0 {
		fmt.Fprintf(w, "\ngames lost by forfeit: %s\n", strings.Join(forfeits, ", "))
	}
	if test != nil {
		verdict := map[string]string{"H0": "H0 accepted: the difference is at most ELO0", "H1": "H1 accepted: the difference is at least ELO1", "continue": "no decision yet"}[test.Decision]
		fmt.Fprintf(w, "\nSPRT [%g, %g], alpha = beta = %g: LLR %.2f (bounds %.2f, %.2f): %s\n", test.Elo0, test.Elo1, test.Alpha, test.LLR, test.Lower, test.Upper,
			strings.NewReplacer("ELO0", strconv.FormatFloat(test.Elo0, 'g', -1, 64), "ELO1", strconv.FormatFloat(test.Elo1, 'g', -1, 64)).Replace(verdict))
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// runMerge adds up the JSON of matches played in batches.
func runMerge(fs *flag.FlagSet, f *matchFlags, files []string, stdout, stderr io.Writer) int {
	for name := range f.set {
		if name != "merge" && name != "json" && name != "sprt" {
			return usageError(fs, "--merge adds up JSON files: --%s is for playing a match", name)
		}
	}
	if len(files) == 0 {
		return usageError(fs, "--merge wants the JSON files of the batches")
	}
	var (
		t        *match.Tally
		js       *match.JSONWriter
		header   match.Header
		commands = map[string]string{}
	)
	for _, name := range files {
		b, err := readBatch(name)
		if err != nil {
			fmt.Fprintf(stderr, "gamels match: %s: %v\n", quoteName(name), err)
			return exitProblem
		}
		if t == nil {
			header = b.Header
			names := make([]string, len(b.Players))
			for i, p := range b.Players {
				names[i] = p.Name
			}
			t = match.NewTally(names)
			if f.asJSON {
				js = match.NewJSONWriter(stdout, match.Header{Kind: header.Kind, Rules: header.Rules})
			}
		} else if b.Kind != header.Kind || b.Rules != header.Rules {
			fmt.Fprintf(stderr, "gamels match: %s is a match of %s %s, %s one of %s %s: they do not add up\n",
				quoteName(name), b.Kind, b.Rules, quoteName(files[0]), header.Kind, header.Rules)
			return exitProblem
		}
		for _, p := range b.Players {
			if commands[p.Name] == "" {
				commands[p.Name] = p.Command
			}
		}
		for i := range b.Games {
			b.Games[i].Game = t.Games() + 1 // numbered again, in the order of the files
			if err := t.Add(&b.Games[i]); err != nil {
				fmt.Fprintf(stderr, "gamels match: %s: %v\n", quoteName(name), err)
				return exitProblem
			}
			if js != nil {
				if err := js.Game(&b.Games[i]); err != nil {
					fmt.Fprintf(stderr, "gamels match: %v\n", err)
					return exitProblem
				}
			}
		}
	}
	var test *match.SPRTJSON
	if f.set["sprt"] && len(t.Names) >= 2 {
		s := match.SPRT{Elo0: f.sprt.elo0, Elo1: f.sprt.elo1}
		p := t.Pair(t.Names[0], t.Names[1])
		test = s.State(s.LLR(p.Wins, p.Losses, p.Draws))
	}
	if js != nil {
		if err := js.End(t, commands, test, false); err != nil {
			fmt.Fprintf(stderr, "gamels match: %v\n", err)
			return exitProblem
		}
		return exitOK
	}
	fmt.Fprintf(stdout, "gamels match --merge: %s of %s from %s\n", parse.Plural(t.Games(), "game"), header.Kind, parse.Plural(len(files), "file"))
	printResults(stdout, t, test)
	return exitOK
}

// readBatch reads the JSON of one batch of a match (match --merge).
// The file is read up to defaultMaxSize (the judge's input bound),
// then decoded: a stream without end (a device, a pipe of blank lines)
// stops there instead of holding memory until it runs out.
func readBatch(name string) (*match.Batch, error) {
	b, err := readLimited(name, nil, defaultMaxSize)
	var big *errTooLarge
	if errors.As(err, &big) {
		return nil, fmt.Errorf("larger than %s, the bound of a match's JSON: not read", sizeWords(defaultMaxSize))
	}
	if err != nil {
		return nil, err
	}
	return match.ReadJSON(bytes.NewReader(b))
}

// sizesFlag is a list of board sizes: 4,6,8.
type sizesFlag []int

func (s *sizesFlag) String() string {
	parts := make([]string, len(*s))
	for i, n := range *s {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

func (s *sizesFlag) Set(v string) error {
	*s = nil
	for _, w := range strings.Split(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil {
			return fmt.Errorf("want board sizes such as 4,6,8")
		}
		if slices.Contains(*s, n) {
			return fmt.Errorf("size %d is given twice", n)
		}
		*s = append(*s, n)
	}
	return nil
}

// sprtFlag is the two Elo differences of a test: ELO0,ELO1.
type sprtFlag struct{ elo0, elo1 float64 }

func (s *sprtFlag) String() string {
	if *s == (sprtFlag{}) {
		return ""
	}
	return fmt.Sprintf("%g,%g", s.elo0, s.elo1)
}

func (s *sprtFlag) Set(v string) error {
	a, b, ok := strings.Cut(v, ",")
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	switch {
	case !ok || err0 != nil || err1 != nil || math.IsNaN(e0) || math.IsNaN(e1) || math.IsInf(e0, 0) || math.IsInf(e1, 0):
		return fmt.Errorf("want two Elo differences such as 0,50")
	case e0 >= e1:
		return fmt.Errorf("ELO0 must be under ELO1: %g is not under %g", e0, e1)
	}
	s.elo0, s.elo1 = e0, e1
	return nil
}

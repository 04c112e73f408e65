package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"gamels/analyze"
	"gamels/internal/render"
	"gamels/internal/textpos"
	"gamels/lsp"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "show",
		usage: "[pousse|spot|path] [--rules contest|icfp] [--color auto|always|never] [--kind pousse|spot|path] [--game K [--format board|rows|json [--moves-around N]] | --svg|--gif [--theme T] [-o FILE]] FILE[:LINE]",
		short: "draw the board at a line of a transcript (every game's last position without LINE; every position of game K with --game; a picture with --svg or --gif)",
		run:   runShow,
	})
}

func runShow(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("show", stderr)
	var rules rulesFlag
	fs.Var(&rules, "rules", rulesUsage)
	pic := newPictureFlags(fs)
	colorMode := fs.String("color", "auto", "colour the board: `auto|always|never`; auto colours on a terminal unless NO_COLOR is set or TERM is dumb")
	kindName := fs.String("kind", "", kindUsage)
	maxSize := addSizeFlag(fs, defaultMaxSize)
	gameNum := fs.Int("game", 0, "print every position of game `K` (1-based), each with what its move did")
	format := fs.String("format", "board", "with --game: `board` (drawn, with what each move did), rows (one line a row, an empty line between positions) or json (the gamels/board answer at each position, one a line)")
	around := fs.Int("moves-around", 0, "with --format json: list the moves within `N` of the one shown in each answer (gamels/board's movesAround, at most 500), so that the output grows with the game, not its square")
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	// "gamels show spot r1.in:174": the game first, as judge takes it,
	// so that a line judge prints opens as it is.
	var argKind parse.Kind
	if len(rest) == 2 {
		k, status := gameArg(fs, rest[0])
		if status != 0 {
			return status
		}
		argKind, rest = k, rest[1:]
	}
	if len(rest) != 1 {
		return usageError(fs, "want one FILE or FILE:LINE, after the game when the name does not tell")
	}
	wantPicture, status := pic.wanted(fs)
	if status != 0 {
		return status
	}
	if wantPicture && *gameNum > 0 {
		return usageError(fs, "--game and --svg/--gif do not go together")
	}
	color, err := useColor(*colorMode, stdout, os.Getenv)
	if err != nil {
		return usageError(fs, "%v", err)
	}
	name, line, err := splitLine(rest[0])
	if err != nil {
		return usageError(fs, "%v", err)
	}
	flagKind, err := kindFlag(*kindName)
	if err != nil {
		return usageError(fs, "%v", err)
	}
	switch {
	case argKind != 0 && flagKind != 0 && argKind != flagKind:
		return usageError(fs, "the game %s and --kind %s differ", argKind, flagKind)
	case argKind != 0:
		flagKind = argKind
	}
	if err := checkGameFlags(*gameNum, *format, line, *around); err != nil {
		return usageError(fs, "%v", err)
	}
	kind, ok := parse.KindOf(name)
	if argKind != 0 {
		kind, ok = argKind, true
	}
	if !ok && flagKind == 0 {
		fmt.Fprintf(stderr, "gamels show: %s: not a transcript (want a .pousse, .spot or .path file, or --kind)\n", quoteName(name))
		return exitProblem
	}
	if !ok {
		kind = flagKind
	}
	if wantPicture {
		return pic.run(fs, name, line, kind, maxSize.n, rules.r, stdout, stderr)
	}
	src, err := readLimited(name, nil, maxSize.n)
	if err != nil {
		fmt.Fprintf(stderr, "gamels show: %s\n", message(err))
		return exitProblem
	}
	lines := textpos.New(src)
	if line > lines.Count() {
		fmt.Fprintf(stderr, "gamels show: %s has %d lines, no line %d\n", quoteName(name), lines.Count(), line)
		return 1
	}
	// The games are streamed (parse.Stream), each drawn while the parser
	// holds it: memory is the source's and one game's, not every game's.
	want, end := -1, -1 // the game shown (-1: all), and the end of LINE
	switch {
	case *gameNum > 0:
		want = *gameNum - 1
	case line > 0:
		// The last game starting at or before the line; moves up to
		// the end of the line (the start of the next) are played.
		off := lines.Start(line - 1)
		end = lines.Start(line)
		parse.Stream(kind, src, func(_ *parse.File, g *parse.Game) {
			if g.Span.Start <= off {
				want = g.Index
			}
		})
		if want < 0 {
			fmt.Fprintf(stderr, "gamels show: %s:%d: no game starts at or before this line\n", quoteName(name), line)
			return 1
		}
	}
	s := &shower{color: color, w: stdout}
	games, failed := 0, false
	parse.Stream(kind, src, func(f *parse.File, g *parse.Game) {
		games++
		s.f, s.rules = f, f.EffectiveRules(rules.r)
		switch {
		case want >= 0 && g.Index != want:
		case *gameNum > 0 && *format == "json":
			if err := jsonSteps(stdout, lsp.NewTextBoards(kind, src, rules.r), g, *around); err != nil {
				fmt.Fprintf(stderr, "gamels show: %s: %v\n", quoteName(name), err)
				failed = true
			}
		case *gameNum > 0:
			s.steps(g, *format == "rows")
		case want >= 0:
			s.game(g, end)
		default:
			if g.Index > 0 {
				fmt.Fprintln(stdout)
			}
			s.game(g, -1)
		}
	})
	switch {
	case games == 0:
		fmt.Fprintf(stderr, "gamels show: %s: no game\n", quoteName(name))
		return 1
	case *gameNum > games:
		fmt.Fprintf(stderr, "gamels show: %s has %s, no game %d\n", quoteName(name), parse.Plural(games, "game"), *gameNum)
		return exitProblem
	case failed:
		return exitProblem
	}
	return 0
}

// splitLine splits "file:12" into the file and the line; the line is 0
// when none is given. A suffix after the last colon that is not a line
// number ("f.pousse:0", "f.pousse:abc", "f.pousse:") is an error, unless
// the whole argument names a transcript.
func splitLine(arg string) (string, int, error) {
	i := strings.LastIndexByte(arg, ':')
	if i < 0 {
		return arg, 0, nil
	}
	if _, ok := parse.KindOf(arg); ok {
		return arg, 0, nil // "game:1.pousse"
	}
	name, num := arg[:i], arg[i+1:]
	n, err := strconv.Atoi(num)
	switch {
	case num == "":
		return "", 0, fmt.Errorf("%s: no line number after the colon", quoteArg(arg))
	case err != nil && strings.Trim(num, "0123456789") == "":
		return "", 0, fmt.Errorf("%s: line %s is too large", quoteArg(arg), num)
	case err != nil || num[0] == '+' || num[0] == '-':
		return "", 0, fmt.Errorf("%s: %s is not a line number", quoteArg(arg), quoteArg(num))
	case n < 1:
		return "", 0, fmt.Errorf("%s: lines are numbered from 1", quoteArg(arg))
	}
	return name, n, nil
}

type shower struct {
	f     *parse.File
	rules parse.Rules
	color bool
	w     io.Writer
}

// game draws g after the moves that start before offset end (all moves
// when end < 0).
func (s *shower) game(g *parse.Game, end int) {
	w := s.w
	if g.Size == 0 {
		fmt.Fprintf(w, "game %d: its board size is unusable\n", g.Index+1)
		return
	}
	switch s.f.Kind {
	case parse.Path:
		res := analyze.Path(g)
		fmt.Fprintf(w, "game %d: %dx%d, %s\n", g.Index+1, g.Size, g.Size, res.Verdict)
		s.board(render.Path(g, res))
		if res.Class == analyze.PathWhiteWins || res.Class == analyze.PathBlackWins {
			fmt.Fprintln(w, "(lower case: the winning path)")
		} else if res.Class == analyze.PathWhiteInOne || res.Class == analyze.PathBlackInOne {
			fmt.Fprintln(w, "(*: a one-move win)")
		}
		return
	}
	k := len(g.Moves)
	if end >= 0 {
		k = 0
		for k < len(g.Moves) && g.MoveSpan(k).Start < end {
			k++
		}
	}
	o := analyze.Analyze(s.f.Kind, g, s.rules)
	played := k
	if o.End >= 0 && k > o.End+1 {
		played = o.End + 1
	}
	var board, counts, mover string
	var res analyze.Result
	if s.f.Kind == parse.Pousse {
		pg := analyze.Pousse(g, s.rules)
		res = pg.Result
		st := pg.Board(played)
		board = render.Pousse(st)
		x, oo := st.Straights()
		counts = fmt.Sprintf("straights X %d, O %d", x, oo)
		mover = map[bool]string{true: "X", false: "O"}[played%2 == 1]
	} else {
		sg := analyze.Spot(g)
		res = sg.Result
		st := sg.Board(played)
		board = render.Spot(st)
		counts = parse.Plural(st.Spots(), "spot")
		mover = map[bool]string{true: "player 1", false: "player 2"}[played%2 == 1]
	}
	head := fmt.Sprintf("game %d: %dx%d, ", g.Index+1, g.Size, g.Size)
	if played == 0 {
		head += "before the first move"
	} else {
		head += fmt.Sprintf("after move %d (%s: %s)", played, mover, moveText(s.f.Kind, g.Moves[played-1]))
	}
	fmt.Fprintf(w, "%s, %s\n", head, counts)
	s.board(board)
	why := ""
	if o.End >= 0 && res.Earlier >= 0 {
		why = " (" + repeatReason(s.f.Kind, res.Earlier, res.Rotation) + ")"
	}
	switch {
	case o.End >= 0 && played == o.End+1:
		fmt.Fprintf(w, "%s: the game ends here%s\n", o.Verdict, why)
	case o.End >= 0 && k > o.End+1:
		fmt.Fprintf(w, "%s at move %d%s: the moves after it are not played\n", o.Verdict, o.End+1, why)
	case o.End >= 0:
		fmt.Fprintf(w, "the game ends at move %d: %s%s\n", o.End+1, o.Verdict, why)
	case played == len(g.Moves) && o.Verdict != "":
		fmt.Fprintln(w, o.Ending())
	}
}

func moveText(kind parse.Kind, m parse.Move) string {
	if kind == parse.Pousse {
		return fmt.Sprintf("%c%d", m.Dir(), m.Line())
	}
	sign := "-"
	if m.Add() {
		sign = "+"
	}
	return fmt.Sprintf("%d %d %s", m.Row(), m.Col(), sign)
}

// board writes a drawn board, in colour when asked: X and white cells
// red, O and black cells blue, spots and one-move cells yellow, the
// winning path green.
func (s *shower) board(text string) {
	if !s.color {
		io.WriteString(s.w, text)
		return
	}
	var b strings.Builder
	for _, ln := range strings.SplitAfter(text, "\n") {
		bar := strings.IndexByte(ln, '|')
		if bar < 0 {
			b.WriteString(ln)
			continue
		}
		b.WriteString(ln[:bar])
		for i := bar; i < len(ln); i++ {
			code := ""
			switch ln[i] {
			case 'X', 'W':
				code = "1;31"
			case 'O', 'B':
				code = "1;34"
			case '*':
				code = "1;33"
			case 'w', 'b':
				code = "1;42"
			}
			if code == "" {
				b.WriteByte(ln[i])
				continue
			}
			fmt.Fprintf(&b, "\x1b[%sm%c\x1b[0m", code, ln[i])
		}
	}
	io.WriteString(s.w, b.String())
}

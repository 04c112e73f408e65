package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"gamels/analyze"
	"gamels/analyze/solve"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "analyze",
		usage: "[--depth D] [--budget T] [--rules contest|icfp] [--judged] [--json] [--kind pousse|spot|path] PATH...",
		short: "annotate Pousse and Spot games with an engine: missed wins, blunders, the decisive move",
		long: `--judged adds the judgment's estimate of each position (X's expected
score, docs/engine.md) and its inaccuracies (?!, kind "inaccuracy") and
mistakes (?, kind "mistake"), kept apart from the proofs' annotations:
their text starts with "judged:"; --json gains "estimates", one a
position.`,
		run: runAnalyze,
	})
}

// analyzeReport is the --json output for one file, one object per line.
type analyzeReport struct {
	File  string        `json:"file"`
	Kind  string        `json:"kind"`
	Rules string        `json:"rules,omitempty"`
	Note  string        `json:"note,omitempty"`
	Games []analyzeGame `json:"games"`
}

type analyzeGame struct {
	Game        int                 `json:"game"` // 1-based
	Size        int                 `json:"size"`
	Verdict     string              `json:"verdict"`
	Depth       int                 `json:"depth"`
	Complete    bool                `json:"complete"`
	Nodes       int64               `json:"nodes"`
	Error       string              `json:"error,omitempty"` // why the game was not analysed
	Annotations []analyzeAnnotation `json:"annotations"`
	Estimates   []float64           `json:"estimates,omitempty"` // --judged: X's expected score a position

	moves []parse.Move
	end   int
	spot  bool
}

type analyzeAnnotation struct {
	Move   int    `json:"move"` // 1-based
	Kind   string `json:"kind"`
	Mark   string `json:"mark,omitempty"`
	Played string `json:"played"`
	Best   string `json:"best"`
	Plies  int    `json:"plies"`
	Text   string `json:"text"`
}

func runAnalyze(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := newFlagSet("analyze", stderr)
	var rules rulesFlag
	fset.Var(&rules, "rules", rulesUsage)
	depth := fset.Int("depth", solve.DefaultDepth, fmt.Sprintf("search horizon in `plies` (1 to %d)", solve.MaxDepth))
	budget := fset.Duration("budget", 0, "time budget per game, such as 2s (0: none); a search cut short keeps the depth it completed")
	asJSON := fset.Bool("json", false, "print one JSON object per file, one per line")
	judged := fset.Bool("judged", false, "add the judgment's estimates, inaccuracies (?!) and mistakes (?)")
	kindName := fset.String("kind", "", kindUsage)
	maxSize := addSizeFlag(fset, wholeMaxSize)
	paths, status, ok := parseArgs(fset, args, stdout)
	if !ok {
		return status
	}
	kind, err := kindFlag(*kindName)
	if err != nil {
		return usageError(fset, "%v", err)
	}
	if *depth < 1 || *depth > solve.MaxDepth {
		return usageError(fset, "--depth must be from 1 to %d, not %d", solve.MaxDepth, *depth)
	}
	if *budget < 0 {
		return usageError(fset, "--budget must not be negative, not %v", *budget)
	}
	if len(paths) == 0 {
		return usageError(fset, "no path given")
	}
	if slices.Contains(paths, "-") {
		return usageError(fset, "analyze reads files, not standard input")
	}
	files, bad := expand("analyze", paths, kind, stderr)
	if bad {
		status = exitProblem
	}
	prog := newProgress(stderr)
	defer prog.done()
	for _, in := range files {
		src, err := in.read(stdin, maxSize.n)
		if err != nil {
			fmt.Fprintf(stderr, "gamels analyze: %s\n", message(err))
			status = exitProblem
			continue
		}
		r := analyzeFile(in.name, in.kind, src, rules.r, solve.Options{Depth: *depth}, *budget, *judged, prog)
		prog.clear()
		if *asJSON {
			b, err := json.Marshal(r)
			if err != nil {
				fmt.Fprintf(stderr, "gamels analyze: %v\n", err)
				return exitProblem
			}
			fmt.Fprintf(stdout, "%s\n", b)
		} else {
			printAnalysis(stdout, r)
		}
	}
	return status
}

// analyzeFile parses a file and annotates its games, on all processors
// (one annotator each; the result does not depend on the order). The
// progress line moves with each position searched, so that it moves
// within a long game too.
func analyzeFile(name string, kind parse.Kind, src []byte, def parse.Rules, opts solve.Options, budget time.Duration, judged bool, prog *progress) analyzeReport {
	r := analyzeReport{File: name, Kind: kind.String(), Games: []analyzeGame{}}
	if kind == parse.Path {
		r.Note = "PATH boards have no moves to analyse"
		return r
	}
	f := parse.Parse(kind, src)
	r.Games = make([]analyzeGame, len(f.Games))
	rules := parse.RulesDefault
	if kind == parse.Pousse {
		rules = f.EffectiveRules(def)
		r.Rules = rules.String()
	}
	positions := 0 // at most: a game over before its last move has fewer
	for _, g := range f.Games {
		positions += len(g.Moves) + 1
	}
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	finished, searched := 0, 0
	show := func() {
		prog.show("%s: %d of %d games, %d of %d positions", quoteName(name), finished, len(f.Games), searched, positions)
	}
	for range min(runtime.GOMAXPROCS(0), max(len(f.Games), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := solve.NewAnnotator(opts)
			a.Progress = func() {
				mu.Lock()
				searched++
				show()
				mu.Unlock()
			}
			for i := range work {
				r.Games[i] = annotateGame(a, kind, f.Games[i], rules, opts.Depth, budget)
				if judged {
					addJudged(&r.Games[i], kind, f.Games[i], rules, budget)
				}
				mu.Lock()
				finished++
				show()
				mu.Unlock()
			}
		}()
	}
	for i := range f.Games {
		work <- i
	}
	close(work)
	wg.Wait()
	return r
}

// annotateGame runs the engine on one game.
func annotateGame(a *solve.Annotator, kind parse.Kind, g *parse.Game, rules parse.Rules, depth int, budget time.Duration) analyzeGame {
	o := analyze.Analyze(kind, g, rules)
	ag := analyzeGame{Game: g.Index + 1, Size: g.Size, Verdict: o.Verdict, Depth: depth, Annotations: []analyzeAnnotation{}, moves: g.Moves, end: o.End, spot: kind == parse.Spot}
	ctx := context.Background()
	if budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	an, err := a.Annotate(ctx, kind, g, rules)
	if an == nil {
		ag.Error = err.Error()
		return ag
	}
	ag.Complete, ag.Nodes = an.Complete, an.Nodes
	if err != nil {
		ag.Error = "cut short: " + err.Error()
	}
	for _, x := range an.Annotations {
		ag.Annotations = append(ag.Annotations, analyzeAnnotation{
			Move: x.Move + 1, Kind: string(x.Kind), Mark: x.Mark, Played: x.Played, Best: x.Best, Plies: x.Plies, Text: x.Text,
		})
	}
	return ag
}

// printAnalysis writes a file's games like annotated PGN: numbered move
// pairs, marks glued to the moves, comments in braces, then the verdict.
func printAnalysis(w io.Writer, r analyzeReport) {
	if r.Note != "" {
		fmt.Fprintf(w, "%s: %s\n\n", quoteName(r.File), r.Note)
	}
	for _, g := range r.Games {
		head := fmt.Sprintf("%s: game %d (%dx%d", quoteName(r.File), g.Game, g.Size, g.Size)
		if r.Rules != "" {
			head += ", " + r.Rules
		}
		if !g.Complete && g.Error == "" {
			head += ", some searches cut short"
		}
		fmt.Fprintf(w, "%s, depth %d)\n", head, g.Depth)
		if g.Error != "" && g.Nodes == 0 {
			fmt.Fprintf(w, "  not analysed: %s\n\n", g.Error)
			continue
		}
		byMove := map[int][]analyzeAnnotation{}
		for _, x := range g.Annotations {
			byMove[x.Move] = append(byMove[x.Move], x)
		}
		played := len(g.moves)
		if g.end >= 0 {
			played = g.end + 1
		}
		var line strings.Builder
		var lines []string
		add := func(s string) {
			if line.Len() > 0 && line.Len()+1+len(s) > 78 {
				lines = append(lines, line.String())
				line.Reset()
			}
			if line.Len() > 0 {
				line.WriteByte(' ')
			}
			line.WriteString(s)
		}
		commented := false
		for i, mv := range g.moves[:played] {
			tok := moveToken(mv)
			switch {
			case g.spot: // Spot numbers every move, as its verdicts do
				add(fmt.Sprintf("%d.", i+1))
			case i%2 == 0:
				add(fmt.Sprintf("%d.", i/2+1))
			case commented:
				add(fmt.Sprintf("%d...", i/2+1))
			}
			mark := ""
			var notes []string
			for _, x := range byMove[i+1] {
				if len(x.Mark) > len(mark) {
					mark = x.Mark
				}
				notes = append(notes, x.Text)
			}
			add(tok + mark)
			commented = len(notes) > 0
			for _, n := range notes {
				add("{" + n + "}")
			}
		}
		verdict := g.Verdict
		if verdict == "" {
			verdict = "*"
		}
		add(verdict)
		lines = append(lines, line.String())
		for _, l := range lines {
			fmt.Fprintf(w, "  %s\n", l)
		}
		if g.Error != "" {
			fmt.Fprintf(w, "  (%s)\n", g.Error)
		}
		fmt.Fprintln(w)
	}
}

// moveToken writes a move as written in its file: "R3", "2 3 +".
func moveToken(mv parse.Move) string {
	if mv.Dir() != 0 {
		return fmt.Sprintf("%c%d", mv.Dir(), mv.Line())
	}
	sign := '+'
	if !mv.Add() {
		sign = '-'
	}
	return fmt.Sprintf("%d %d %c", mv.Row(), mv.Col(), sign)
}

// progress is a one-line progress report on a terminal; elsewhere it
// prints nothing.
type progress struct {
	w    io.Writer
	on   bool
	last time.Time
	used bool
}

func newProgress(w io.Writer) *progress {
	return &progress{w: w, on: isTerminal(w)}
}

// show rewrites the line, at most ten times a second.
func (p *progress) show(format string, args ...any) {
	if !p.on || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	p.used = true
	fmt.Fprintf(p.w, "\r\x1b[K"+format, args...)
}

// clear erases the line.
func (p *progress) clear() {
	if p.used {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.used = false
	}
}

func (p *progress) done() { p.clear() }

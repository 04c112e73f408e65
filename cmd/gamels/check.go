package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"gamels/analyze"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "check",
		usage: "[--rules contest|icfp] [--json] PATH...",
		short: "report every error and each game's verdict in transcripts (files, or directories searched for .pousse, .spot, .path)",
		run:   runCheck,
	})
}

// checkReport is what check finds in one file; it is also the --json
// output, one object per file.
type checkReport struct {
	File   string       `json:"file"`
	Kind   string       `json:"kind"`
	Rules  string       `json:"rules,omitempty"`
	Errors []checkError `json:"errors"`
	Games  []checkGame  `json:"games"`
}

type checkError struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Offset  int    `json:"offset"`
	Message string `json:"message"`
}

type checkGame struct {
	Game     int    `json:"game"` // 1-based
	Line     int    `json:"line"` // of the ending move, else of the size line
	Size     int    `json:"size"`
	Moves    int    `json:"moves"`
	Verdict  string `json:"verdict"`
	Finished bool   `json:"finished"`
	EndMove  int    `json:"end_move,omitempty"` // 1-based; 0 when none
	Partial  bool   `json:"despite_errors,omitempty"`
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := newFlagSet("check", "[--rules contest|icfp] [--json] PATH...", stderr)
	var rules rulesFlag
	fset.Var(&rules, "rules", "default Pousse rule set: contest or icfp (a file's own `# rules:` line wins)")
	asJSON := fset.Bool("json", false, "print a JSON array with one object per file")
	paths, err := parseInterspersed(fset, args)
	if err != nil {
		return 2
	}
	if len(paths) == 0 {
		fset.Usage()
		return 2
	}
	files, err := transcripts(paths)
	if err != nil {
		fmt.Fprintf(stderr, "gamels check: %v\n", err)
		return 1
	}
	status := 0
	reports := []checkReport{}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "gamels check: %v\n", err)
			status = 1
			continue
		}
		kind, _ := parse.KindOf(name)
		r := check(name, kind, src, rules.r)
		if len(r.Errors) > 0 {
			status = 1
		}
		if *asJSON {
			reports = append(reports, r)
		} else {
			printCheck(stdout, r)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reports); err != nil {
			fmt.Fprintf(stderr, "gamels check: %v\n", err)
			return 1
		}
	}
	return status
}

// transcripts expands the arguments: files as given (any name), and
// directories searched for files named *.pousse, *.spot, *.path.
func transcripts(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			if _, ok := parse.KindOf(p); !ok {
				return nil, fmt.Errorf("%s: not a transcript (want a .pousse, .spot or .path file)", p)
			}
			out = append(out, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if _, ok := parse.KindOf(path); ok && d.Type().IsRegular() {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

// check parses and analyses one file.
func check(name string, kind parse.Kind, src []byte, def parse.Rules) checkReport {
	f := parse.Parse(kind, src)
	lines := parse.NewLines(src)
	r := checkReport{File: name, Kind: kind.String(), Errors: []checkError{}, Games: []checkGame{}}
	rules := parse.RulesDefault
	if kind == parse.Pousse {
		rules = effectiveRules(f, def)
		r.Rules = rules.String()
	}
	errs := append(parse.ErrorList(nil), f.Errors...)
	for _, g := range f.Games {
		o := analyze.Analyze(kind, g, rules)
		for _, is := range o.Issues {
			errs = append(errs, &parse.Error{Span: is.Span, Msg: is.Msg})
		}
		cg := checkGame{Game: g.Index + 1, Size: g.Size, Moves: len(g.Moves), Verdict: o.Verdict, Finished: o.Finished, Partial: o.Partial}
		at := g.N.Span.Start
		if o.End >= 0 {
			cg.EndMove = o.End + 1
			at = g.Moves[o.End].Span.Start
		}
		cg.Line, _ = lines.Position(at)
		r.Games = append(r.Games, cg)
	}
	errs.Sort()
	for _, e := range errs {
		line, col := lines.Position(e.Span.Start)
		r.Errors = append(r.Errors, checkError{Line: line, Col: col, Offset: e.Span.Start, Message: e.Msg})
	}
	return r
}

// printCheck writes a report in the form compilers and quickfix lists
// read: errors as file:line:col: error: message, games as file:line: ...
func printCheck(w io.Writer, r checkReport) {
	for _, e := range r.Errors {
		fmt.Fprintf(w, "%s:%d:%d: error: %s\n", r.File, e.Line, e.Col, e.Message)
	}
	for _, g := range r.Games {
		fmt.Fprintf(w, "%s:%d: game %d: %s\n", r.File, g.Line, g.Game, gameSummary(r.Kind, g, r.Rules))
	}
}

// gameSummary says how a game ends, in words.
func gameSummary(kind string, g checkGame, rules string) string {
	var s string
	switch {
	case g.Verdict == "":
		return "not analysed: its board size is unusable"
	case kind == "path":
		s = g.Verdict
	case kind == "spot" && g.Finished:
		s = g.Verdict
	case g.Finished:
		s = fmt.Sprintf("%s at move %d", g.Verdict, g.EndMove)
	case kind == "spot":
		s = fmt.Sprintf("%s: no pattern repeats in %s", g.Verdict, plural(g.Moves, "move"))
	case rules == "icfp":
		s = fmt.Sprintf("no result yet after %s", plural(g.Moves, "move"))
	default:
		s = fmt.Sprintf("%s after %s", g.Verdict, plural(g.Moves, "move"))
	}
	if g.Partial {
		s += " (computed despite errors)"
	}
	return s
}

// plural returns "1 move", "2 moves".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

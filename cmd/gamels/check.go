package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "check",
		usage: "[--rules contest|icfp] [--json] [--kind pousse|spot|path] PATH... (- for standard input)",
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
	Code    string `json:"code"` // stable, see the README's "Error codes"
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
	summary  string // how the game went, in words (analyze.Outcome.Summary)
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := newFlagSet("check", stderr)
	var rules rulesFlag
	fset.Var(&rules, "rules", rulesUsage)
	asJSON := fset.Bool("json", false, "print a JSON array with one object per file")
	kindName := fset.String("kind", "", "the `format` of standard input (-) and of files whose name does not tell: pousse, spot or path")
	paths, status, ok := parseArgs(fset, args, stdout)
	if !ok {
		return status
	}
	kind, err := kindFlag(*kindName)
	if err != nil {
		return usageError(fset, "%v", err)
	}
	if len(paths) == 0 && kind != 0 {
		paths = []string{"-"} // like gofmt: no path, standard input
	}
	if len(paths) == 0 {
		return usageError(fset, "no path given (use - and --kind for standard input)")
	}
	if slices.Contains(paths, "-") && kind == 0 {
		return usageError(fset, "reading standard input needs --kind pousse, spot or path")
	}
	files, bad := expand("check", paths, kind, stderr)
	if bad {
		status = exitProblem
	}
	reports := []checkReport{}
	for _, in := range files {
		src, err := in.read(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "gamels check: %s\n", message(err))
			status = exitProblem
			continue
		}
		r := check(in.name, in.kind, src, rules.r)
		if len(r.Errors) > 0 {
			status = exitProblem
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
		enc.SetEscapeHTML(false) // "<stdin>", not "\u003cstdin\u003e"
		if err := enc.Encode(reports); err != nil {
			fmt.Fprintf(stderr, "gamels check: %v\n", err)
			return exitProblem
		}
	}
	return status
}

// check parses and analyses one file.
func check(name string, kind parse.Kind, src []byte, def parse.Rules) checkReport {
	f := parse.Parse(kind, src)
	lines := textpos.New(src)
	r := checkReport{File: name, Kind: kind.String(), Errors: []checkError{}, Games: []checkGame{}}
	rules := parse.RulesDefault
	if kind == parse.Pousse {
		rules = f.EffectiveRules(def)
		r.Rules = rules.String()
	}
	errs := append(parse.ErrorList(nil), f.Errors...)
	for _, g := range f.Games {
		o := analyze.Analyze(kind, g, rules)
		for _, is := range o.Issues {
			errs = append(errs, &parse.Error{Span: is.Span, Code: is.Code, Msg: is.Msg})
		}
		cg := checkGame{Game: g.Index + 1, Size: g.Size, Moves: len(g.Moves), Verdict: o.Verdict, Finished: o.Finished, Partial: o.Partial, summary: o.Summary()}
		at := g.N.Span.Start
		if o.End >= 0 {
			cg.EndMove = o.End + 1
			at = g.MoveSpan(o.End).Start
		}
		cg.Line, _ = lines.Position(at)
		r.Games = append(r.Games, cg)
	}
	errs.Sort()
	for _, e := range errs {
		line, col := lines.Position(e.Span.Start)
		r.Errors = append(r.Errors, checkError{Line: line, Col: col, Offset: e.Span.Start, Code: string(e.Code), Message: e.Msg})
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
		fmt.Fprintf(w, "%s:%d: game %d: %s\n", r.File, g.Line, g.Game, g.summary)
	}
}

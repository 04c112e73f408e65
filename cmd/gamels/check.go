package main

import (
	"bufio"
	"bytes"
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
// output, one object per file (written as the games come, see
// jsonCheck).
type checkReport struct {
	File   string       `json:"file"`
	Kind   string       `json:"kind"`
	Rules  string       `json:"rules,omitempty"`
	Games  []checkGame  `json:"games"`
	Errors []checkError `json:"errors"`
}

type checkError struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Offset  int    `json:"offset"`
	Code    string `json:"code"` // stable, see docs/errors.md
	Message string `json:"message"`
}

type checkGame struct {
	Game      int    `json:"game"` // 1-based
	Line      int    `json:"line"` // of the ending move, else of the size line
	FirstLine int    `json:"first_line"`
	LastLine  int    `json:"last_line"`
	Size      int    `json:"size"`
	Moves     int    `json:"moves"`
	Verdict   string `json:"verdict"`
	Finished  bool   `json:"finished"`
	EndMove   int    `json:"end_move,omitempty"` // 1-based; 0 when none
	Partial   bool   `json:"despite_errors,omitempty"`
	summary   string // how the game went, in words (analyze.Outcome.Summary)
}

// checkMaxErrors bounds the errors check reports for one file, parse
// errors and the analysis's together (the parser keeps parse.MaxErrors
// of its own); one more says that the rest were not listed.
const checkMaxErrors = 10000

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := newFlagSet("check", stderr)
	var rules rulesFlag
	fset.Var(&rules, "rules", rulesUsage)
	asJSON := fset.Bool("json", false, "print a JSON array with one object per file; each game has its first and last line")
	kindName := fset.String("kind", "", kindUsage)
	maxSize := addSizeFlag(fset, defaultMaxSize)
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
	out := bufio.NewWriterSize(stdout, 64<<10)
	var sink checkSink = &textCheck{w: out}
	if *asJSON {
		sink = &jsonCheck{w: out}
	}
	for _, in := range files {
		src, err := in.read(stdin, maxSize.n)
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "gamels check: %s\n", message(err))
			status = exitProblem
			continue
		}
		if check(in.name, in.kind, src, rules.r, sink) {
			status = exitProblem
		}
	}
	if j, ok := sink.(*jsonCheck); ok {
		j.close()
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "gamels check: %v\n", err)
		return exitProblem
	}
	return status
}

// A checkSink receives what check finds in a file, in order: start, then
// for each game its errors (with those found before it) and the game,
// then the errors after the last game, then end.
type checkSink interface {
	start(file, kind string)
	err(e checkError)
	game(g checkGame, rules string)
	end(rules string)
}

// check parses and analyses one file, handing each game to sink as soon
// as it is read (parse.Stream): nothing of a game is kept after it, so
// that memory is the source's, its line index and one game's, whatever
// the number of games. It reports whether the file has errors.
func check(name string, kind parse.Kind, src []byte, def parse.Rules, sink checkSink) bool {
	lines := textpos.New(src)
	sink.start(name, kind.String())
	nerrs, seen := 0, 0
	var errs parse.ErrorList
	flush := func(f *parse.File) {
		// The parse errors found since the last game: before it or in it.
		errs = append(errs, f.Errors[seen:]...)
		seen = len(f.Errors)
		errs.Sort()
		for _, e := range errs {
			nerrs++
			switch {
			case nerrs > checkMaxErrors+1:
				continue
			case nerrs == checkMaxErrors+1:
				e = &parse.Error{Span: e.Span, Code: parse.CodeTooManyErrors, Msg: fmt.Sprintf("too many errors: the first %d are listed", checkMaxErrors)}
			}
			line, col := lines.Position(e.Span.Start)
			sink.err(checkError{Line: line, Col: col, Offset: e.Span.Start, Code: string(e.Code), Message: e.Msg})
		}
		errs = errs[:0]
	}
	f := parse.Stream(kind, src, func(f *parse.File, g *parse.Game) {
		rules := parse.RulesDefault
		if kind == parse.Pousse {
			rules = f.EffectiveRules(def)
		}
		o := analyze.Analyze(kind, g, rules)
		for _, is := range o.Issues {
			errs = append(errs, &parse.Error{Span: is.Span, Code: is.Code, Msg: is.Msg})
		}
		flush(f)
		cg := checkGame{Game: g.Index + 1, Size: g.Size, Moves: len(g.Moves), Verdict: o.Verdict, Finished: o.Finished, Partial: o.Partial, summary: o.Summary()}
		at := g.N.Span.Start
		if o.End >= 0 {
			cg.EndMove = o.End + 1
			at = g.MoveSpan(o.End).Start
		}
		cg.Line, _ = lines.Position(at)
		cg.FirstLine, _ = lines.Position(g.Span.Start)
		cg.LastLine, _ = lines.Position(max(g.Span.End-1, g.Span.Start))
		r := ""
		if kind == parse.Pousse {
			r = rules.String()
		}
		sink.game(cg, r)
	})
	flush(f)
	rules := ""
	if kind == parse.Pousse {
		rules = f.EffectiveRules(def).String()
	}
	sink.end(rules)
	return nerrs > 0
}

// textCheck writes a report in the form compilers and quickfix lists
// read: errors as file:line:col: error: message, games as file:line:
// game K: how it went. Each game comes after its errors; the errors
// after the last game, and those about the whole file (a count line
// that does not match), come last.
type textCheck struct {
	w    io.Writer
	name string
}

func (c *textCheck) start(file, kind string) { c.name = quoteName(file) }
func (c *textCheck) end(string)              {}

func (c *textCheck) err(e checkError) {
	fmt.Fprintf(c.w, "%s:%d:%d: error: %s\n", c.name, e.Line, e.Col, e.Message)
}

func (c *textCheck) game(g checkGame, rules string) {
	fmt.Fprintf(c.w, "%s:%d: game %d: %s\n", c.name, g.Line, g.Game, g.summary)
}

// jsonCheck writes the --json output: an array of one object per file,
// indented, each game written as it comes (the errors, at most
// checkMaxErrors+1, come after the games).
type jsonCheck struct {
	w      io.Writer
	files  int
	file   checkReport // its games and errors are not kept
	games  int
	errors []checkError
	opened bool // the file's object is written up to its games
	buf    bytes.Buffer
}

// encode writes v as indented JSON, each line after the first with
// prefix, without escaping <, > and & ("<stdin>").
func (c *jsonCheck) encode(v any, prefix string) {
	c.buf.Reset()
	enc := json.NewEncoder(&c.buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	enc.Encode(v) // the values are strings, numbers and booleans: no error
	c.w.Write(bytes.TrimSuffix(c.buf.Bytes(), []byte{'\n'}))
}

func (c *jsonCheck) start(file, kind string) {
	c.file = checkReport{File: file, Kind: kind}
	c.games, c.errors, c.opened = 0, c.errors[:0], false
}

func (c *jsonCheck) err(e checkError) { c.errors = append(c.errors, e) }

// open writes the file's object up to its games.
func (c *jsonCheck) open() {
	if c.opened {
		return
	}
	c.opened = true
	if c.files == 0 {
		io.WriteString(c.w, "[\n")
	} else {
		io.WriteString(c.w, ",\n")
	}
	c.files++
	io.WriteString(c.w, "  {\n    \"file\": ")
	c.encode(c.file.File, "")
	io.WriteString(c.w, ",\n    \"kind\": ")
	c.encode(c.file.Kind, "")
	if c.file.Rules != "" {
		io.WriteString(c.w, ",\n    \"rules\": ")
		c.encode(c.file.Rules, "")
	}
	io.WriteString(c.w, ",\n    \"games\": [")
}

func (c *jsonCheck) game(g checkGame, rules string) {
	if !c.opened {
		c.file.Rules = rules
		c.open()
	}
	if c.games > 0 {
		io.WriteString(c.w, ",")
	}
	c.games++
	io.WriteString(c.w, "\n      ")
	c.encode(g, "      ")
}

func (c *jsonCheck) end(rules string) {
	if !c.opened {
		c.file.Rules = rules
	}
	c.open()
	if c.games > 0 {
		io.WriteString(c.w, "\n    ")
	}
	io.WriteString(c.w, "],\n    \"errors\": ")
	if len(c.errors) == 0 {
		io.WriteString(c.w, "[]") // not null
	} else {
		c.encode(c.errors, "    ")
	}
	io.WriteString(c.w, "\n  }")
}

// close ends the array.
func (c *jsonCheck) close() {
	if c.files == 0 {
		io.WriteString(c.w, "[]\n")
		return
	}
	io.WriteString(c.w, "\n]\n")
}

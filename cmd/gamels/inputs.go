package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"gamels/parse"
)

// stdinName is how standard input is named in messages.
const stdinName = "<stdin>"

// An input is one transcript to read: a file or standard input.
type input struct {
	name  string // the path as given or found, or stdinName
	kind  parse.Kind
	stdin bool
}

// read returns the bytes of an input, at most limit of them: a larger
// input is an error (readLimited).
func (in input) read(stdin io.Reader, limit int64) ([]byte, error) {
	if in.stdin {
		return readLimited(in.name, stdin, limit)
	}
	return readLimited(in.name, nil, limit)
}

// expand turns a command's path arguments into inputs: "-" is standard
// input, in the format kind; a file is taken as given, its format told by
// its name (or kind, when the name does not tell and kind is set); a
// directory is searched for files named *.pousse, *.spot and *.path (and
// with kind set, for contest inputs named *.in, read as kind), in lexical
// order; a directory where none is found is a problem, said with a hint
// about --kind. A path that cannot be used (missing, unreadable
// directory, not a transcript) is reported on stderr as "gamels CMD:
// ..." and the others are still returned, with bad set: one bad path does
// not stop the rest. The caller rejects "-" without kind first. O(number
// of entries walked).
func expand(cmd string, paths []string, kind parse.Kind, stderr io.Writer) (ins []input, bad bool) {
	report := func(err error) {
		fmt.Fprintf(stderr, "gamels %s: %s\n", cmd, message(err))
		bad = true
	}
	for _, p := range paths {
		if p == "-" {
			ins = append(ins, input{name: stdinName, kind: kind, stdin: true})
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			report(err)
			continue
		}
		if !info.IsDir() {
			k, ok := parse.KindOf(p)
			if !ok && kind == 0 {
				report(fmt.Errorf("%s: not a transcript (want a .pousse, .spot or .path file, or --kind)", quoteName(p)))
				continue
			}
			if !ok {
				k = kind
			}
			ins = append(ins, input{name: p, kind: k})
			continue
		}
		var found []input
		filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				report(err) // an unreadable directory: skip it, go on
				return nil
			}
			if !d.Type().IsRegular() {
				return nil
			}
			if k, ok := parse.KindOf(path); ok {
				found = append(found, input{name: path, kind: k})
			} else if kind != 0 && filepath.Ext(path) == ".in" {
				found = append(found, input{name: path, kind: kind})
			}
			return nil
		})
		if len(found) == 0 {
			hint := "use --kind pousse, spot or path to read its contest inputs (*.in)"
			if kind != 0 {
				hint = "no *.in file either"
			}
			report(fmt.Errorf("%s: no transcript found (*.pousse, *.spot, *.path): %s", quoteName(p), hint))
		}
		sort.Slice(found, func(i, j int) bool { return found[i].name < found[j].name })
		ins = append(ins, found...)
	}
	return ins, bad
}

// kindUsage is the help of every --kind flag.
const kindUsage = "the `format` of standard input (-), of files whose name does not tell, and of the *.in files found in a directory: pousse, spot or path"

// kindFlag reads a --kind flag's value: 0 when not given.
func kindFlag(s string) (parse.Kind, error) {
	if s == "" {
		return 0, nil
	}
	k, ok := parse.KindOf(s)
	if !ok {
		return 0, fmt.Errorf("--kind takes pousse, spot or path, not %s", quoteArg(s))
	}
	return k, nil
}

// quoteArg quotes a command-line argument for a message, escaping what
// is not printable UTF-8.
func quoteArg(s string) string { return strconv.Quote(s) }

// gameArg reads the game argument of judge, gen, shrink, stress and
// match: exactly pousse, spot or path (want says which of them the
// command takes, "pousse, spot or path" by default). Anything else is a
// usage error, and one that names a file says that the game goes first:
// judge used to take "samp.spot" for the game and read standard input.
func gameArg(fs *flag.FlagSet, s string, want ...parse.Kind) (parse.Kind, int) {
	if len(want) == 0 {
		want = []parse.Kind{parse.Pousse, parse.Spot, parse.Path}
	}
	names := make([]string, len(want))
	for i, k := range want {
		names[i] = k.String()
	}
	list := strings.Join(names, ", ")
	if i := strings.LastIndex(list, ", "); i >= 0 {
		list = list[:i] + " or " + list[i+2:]
	}
	for _, k := range want {
		if s == k.String() {
			return k, 0
		}
	}
	if _, err := os.Stat(s); err == nil || strings.ContainsAny(s, "./") {
		eg := want[0].String()
		if k, ok := parse.KindOf(s); ok {
			eg = k.String()
		}
		if fs.Name() == "gen" || fs.Name() == "match" { // they read no file
			return 0, usageError(fs, "%s is a file, not a game: want %s", quoteName(s), list)
		}
		return 0, usageError(fs, "%s is a file, not a game: the game comes first, one of %s (gamels %s %s %s)", quoteName(s), list, fs.Name(), eg, quoteName(s))
	}
	return 0, usageError(fs, "unknown game %s: want %s", quoteArg(s), list)
}

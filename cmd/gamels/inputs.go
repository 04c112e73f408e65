package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

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

// read returns the bytes of an input.
func (in input) read(stdin io.Reader) ([]byte, error) {
	if in.stdin {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(in.name)
}

// expand turns a command's path arguments into inputs: "-" is standard
// input, in the format kind; a file is taken as given, its format told by
// its name (or kind, when the name does not tell and kind is set); a
// directory is searched for files named *.pousse, *.spot and *.path, in
// lexical order. A path that cannot be used (missing, unreadable
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
				report(fmt.Errorf("%s: not a transcript (want a .pousse, .spot or .path file, or --kind)", p))
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
			if k, ok := parse.KindOf(path); ok && d.Type().IsRegular() {
				found = append(found, input{name: path, kind: k})
			}
			return nil
		})
		sort.Slice(found, func(i, j int) bool { return found[i].name < found[j].name })
		ins = append(ins, found...)
	}
	return ins, bad
}

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

// message is an error's text, safe to print: bytes that are not UTF-8
// (from a file name, say) are written \xNN, as parse quotes them.
func message(err error) string {
	s := err.Error()
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fmt.Fprintf(&b, "\\x%02x", s[i])
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// quoteArg quotes a command-line argument for a message, escaping what
// is not printable UTF-8.
func quoteArg(s string) string { return strconv.Quote(s) }

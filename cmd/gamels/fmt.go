package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"

	"gamels/internal/format"
)

func init() {
	register(&command{
		name:  "fmt",
		usage: "[-w|-l|-d] [--kind pousse|spot|path] [PATH...] (- or no PATH for standard input)",
		short: "lay transcripts out canonically (like gofmt: print, write, list or diff); standard input needs --kind",
		run:   runFmt,
	})
}

func runFmt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("fmt", stderr)
	write := fs.Bool("w", false, "write the result to the file instead of printing it")
	list := fs.Bool("l", false, "list the files whose layout differs from the canonical one")
	diff := fs.Bool("d", false, "print a unified diff instead of the result")
	kindName := fs.String("kind", "", kindUsage)
	maxSize := addSizeFlag(fs, wholeMaxSize)
	paths, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	kind, err := kindFlag(*kindName)
	if err != nil {
		return usageError(fs, "%v", err)
	}
	if len(paths) == 0 {
		paths = []string{"-"} // like gofmt: no path, standard input
	}
	if slices.Contains(paths, "-") {
		if kind == 0 {
			return usageError(fs, "reading standard input needs --kind pousse, spot or path")
		}
		if *write {
			return usageError(fs, "cannot use -w with standard input")
		}
	}
	files, bad := expand("fmt", paths, kind, stderr)
	if bad {
		status = exitProblem
	}
	for _, in := range files {
		if s := fmtOne(in, stdin, maxSize.n, *write, *list, *diff, stdout, stderr); s != exitOK {
			status = s
		}
	}
	return status
}

// testHookBeforeWrite, when set by a test, runs between formatting a file
// and writing it back (to change the file concurrently).
var testHookBeforeWrite func(name string)

func fmtOne(in input, stdin io.Reader, limit int64, write, list, diff bool, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "gamels fmt: %s\n", message(err))
		return exitProblem
	}
	var src []byte
	var orig *original
	var err error
	if write {
		src, orig, err = readOriginal(in.name, limit)
	} else {
		src, err = in.read(stdin, limit)
	}
	if err != nil {
		return fail(err)
	}
	out, err := format.Source(in.kind, src)
	if errors.Is(err, format.ErrUnsafe) {
		return fail(fmt.Errorf("%s: %w", quoteName(in.name), err))
	}
	changed := !bytes.Equal(src, out)
	if list && changed {
		fmt.Fprintln(stdout, quoteName(in.name))
	}
	if diff && changed {
		stdout.Write(format.Unified(quoteName(in.name), src, out))
	}
	if write && changed {
		if testHookBeforeWrite != nil {
			testHookBeforeWrite(in.name)
		}
		if err := orig.rewrite(out); err != nil {
			return fail(err)
		}
	}
	if !write && !list && !diff {
		stdout.Write(out)
	}
	return exitOK
}

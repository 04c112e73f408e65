package main

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/term"
)

// useColor decides whether show colours its boards. "always" and
// "never" say it; "auto" colours when standard output is a terminal,
// unless NO_COLOR is set to anything but "" (https://no-color.org) or
// TERM is "dumb". The flag wins over the environment.
func useColor(mode string, out io.Writer, getenv func(string) string) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		return getenv("NO_COLOR") == "" && getenv("TERM") != "dumb" && isTerminal(out), nil
	}
	return false, fmt.Errorf("--color takes auto, always or never, not %s", quoteArg(mode))
}

// isTerminal reports whether w is a terminal. A character device is not
// enough: /dev/null is one.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

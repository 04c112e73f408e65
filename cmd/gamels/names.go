package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// quoteName makes a file name safe to print. A name of printable
// characters only is written as it is, so that file:line:col messages
// stay what editors and quickfix lists read; any other name (a newline,
// an escape sequence such as CSI or OSC, a byte that is not UTF-8) is
// written in Go's double-quoted form ("x\n\x1b]0;t\a.pousse"), as go vet
// and ls quote names on a terminal, so that a name can neither forge a
// line of output nor drive the terminal. Transcript contents are quoted
// by the parser the same way. O(len(name)).
func quoteName(name string) string {
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && size == 1 || !strconv.IsPrint(r) {
			return strconv.Quote(name)
		}
		i += size
	}
	return name
}

// message is an error's text, safe to print: the file names of the
// *fs.PathError or *os.LinkError it holds are quoted by quoteName (the
// commands' own errors quote theirs), and what else is not UTF-8 is
// written \xNN, as parse quotes it. Every error the commands print
// about a file goes through here.
func message(err error) string {
	s := err.Error()
	var names []string
	var pe *fs.PathError
	var le *os.LinkError
	if errors.As(err, &pe) {
		names = append(names, pe.Path)
	}
	if errors.As(err, &le) {
		names = append(names, le.Old, le.New)
	}
	for _, n := range names {
		if q := quoteName(n); q != n && n != "" {
			s = strings.ReplaceAll(s, n, q)
		}
	}
	return safeText(s)
}

// safeText writes bytes that are not UTF-8 as \xNN.
func safeText(s string) string {
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

package parse

import (
	"fmt"
	"sort"
)

// Error is one problem in the source, at Span. An empty span marks a
// place where something is missing. Code names the class of the problem
// (see codes.go) and does not change when Msg is reworded: tools key on
// it, people read Msg.
type Error struct {
	Span Span
	Code Code
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%d: %s", e.Span.Start, e.Msg) }

// ErrorList is a list of errors, sorted by position once a parse is done.
type ErrorList []*Error

// Len, Less and Swap order the list by start, then end offset.
func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	if l[i].Span.Start != l[j].Span.Start {
		return l[i].Span.Start < l[j].Span.Start
	}
	return l[i].Span.End < l[j].Span.End
}

// Sort sorts the list by position; errors at one position keep their order.
func (l ErrorList) Sort() { sort.Stable(l) }

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// MaxErrors bounds the errors kept for one file, so that a huge file of
// garbage costs memory in proportion to what is shown, not to its size.
// Past it one last error says that the rest are not listed; parsing goes
// on, so games and their HasErrors marks stay right.
const MaxErrors = 1000

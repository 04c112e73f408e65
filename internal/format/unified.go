//go:build !(js && wasm)

package format

import "github.com/aymanbagabas/go-udiff"

// Unified returns a unified diff of src and out, as `diff -u` would
// print it, with three lines of context, or nil when they are equal.
// The hunks are those of Edits, laid out by go-udiff. O(len(src) +
// len(out)) beyond the diff itself.
//
// Unified is left out of the WebAssembly build (the web page's server
// shows no diff): go-udiff's root package compiles a regular expression
// at init, which would keep regexp in the page's download.
func Unified(name string, src, out []byte) []byte {
	edits := Edits(src, out)
	if len(edits) == 0 {
		return nil
	}
	ue := make([]udiff.Edit, len(edits))
	for i, e := range edits {
		ue[i] = udiff.Edit{Start: e.Span.Start, End: e.Span.End, New: string(e.New)}
	}
	d, err := udiff.ToUnified(name, name+" (formatted)", string(src), ue, udiff.DefaultContextLines)
	if err != nil {
		// Edits returns ordered edits inside src: this cannot happen.
		panic("format: inconsistent edits: " + err.Error())
	}
	return []byte(d)
}

package parse

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// nextLineRef is nextLine written byte by byte, as the specification of
// a PATH line: content up to the first line end or '#', blanks trimmed;
// a comment up to the line end; "\r\n", "\n" or "\r" ends the line.
func nextLineRef(p *parser, off *int) pathLine {
	src := p.src
	start := *off
	for start < len(src) && isSpace(src[start]) {
		start++
	}
	i, end := start, start
	for i < len(src) && !isLineEnd(src[i]) && src[i] != '#' {
		if !isSpace(src[i]) {
			end = i + 1
		}
		i++
	}
	if i < len(src) && src[i] == '#' {
		c := i
		for i < len(src) && !isLineEnd(src[i]) {
			i++
		}
		p.file.Comments = append(p.file.Comments, Span{c, i})
	}
	if i < len(src) {
		if src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n' {
			i++
		}
		i++
	}
	*off = i
	return pathLine{span: Span{start, end}}
}

// TestPathNextLine compares nextLine with nextLineRef on random text
// made of cells, blanks, comments and every kind of line end.
func TestPathNextLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(601, 1))
	pieces := []string{"W", "B", "U", "WBU", " ", "\t", "\v", "\f", "\n", "\r", "\r\n", "#", "# c", "0", "5", "x"}
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := []byte(b.String())
		got, want := &parser{src: src, file: &File{}}, &parser{src: src, file: &File{}}
		var gotLines, wantLines []pathLine
		for off := 0; off < len(src); {
			gotLines = append(gotLines, got.nextLine(&off))
		}
		for off := 0; off < len(src); {
			wantLines = append(wantLines, nextLineRef(want, &off))
		}
		if diff := cmp.Diff(wantLines, gotLines, cmp.AllowUnexported(pathLine{})); diff != "" {
			t.Fatalf("%q: lines (-want +got):\n%s", src, diff)
		}
		if diff := cmp.Diff(want.file.Comments, got.file.Comments); diff != "" {
			t.Fatalf("%q: comments (-want +got):\n%s", src, diff)
		}
	}
}

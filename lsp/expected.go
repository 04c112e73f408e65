package lsp

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"gamels/contest"
)

// The comparison of a transcript with its expected output
// (cache_expected.go), as the editor shows it: a Warning on the ending
// move of each game whose line differs, with both lines, and a code lens
// on the first line, "judge: 1344 of 1347 verdicts match".

// expectedSpanDiags returns the Warnings of snap's comparison with its
// expected output, in document order: one per game whose line differs
// or is missing, and one for lines in excess. They join the snapshot's
// other diagnostics before the cap (computeDiagnostics), so that a
// hopeless output of a million games is published as any large set is;
// their messages are written only for those published (judgeNote).
func expectedSpanDiags(snap *snapshot) []spanDiag {
	j := snap.judgement()
	if j == nil {
		return nil
	}
	n := len(j.c.Differences)
	if j.c.Extra > 0 && j.v.Judged > 0 {
		n++
	}
	notes := make([]judgeNote, n)
	out := make([]spanDiag, n)
	for i := range j.c.Differences {
		notes[i] = judgeNote{snap: snap, j: j, diff: &j.c.Differences[i]}
		out[i] = spanDiag{span: j.v.EndSpan(j.c.Differences[i].Game), sev: protocol.DiagnosticSeverityWarning,
			code: codeExpectedDiffers, note: &notes[i]}
	}
	if n > len(j.c.Differences) {
		notes[n-1] = judgeNote{snap: snap, j: j}
		out[n-1] = spanDiag{span: j.v.EndSpan(j.v.Judged - 1), sev: protocol.DiagnosticSeverityWarning,
			code: codeExpectedDiffers, note: &notes[n-1]}
	}
	return out
}

// A judgeNote is what a warning about the expected output says: the
// game's difference, or (diff nil) the lines in excess.
type judgeNote struct {
	snap *snapshot
	j    *judgement
	diff *contest.Difference
}

// fill writes the note's message and related information into pd.
func (n *judgeNote) fill(pd *protocol.Diagnostic) {
	name, c, d := n.snap.output().name(), n.j.c, n.diff
	var msg string
	var related *protocol.DiagnosticRelatedInformation
	switch {
	case d == nil:
		msg = fmt.Sprintf("%s has %d verdict %s more than the %d games, from line %d: %q",
			name, c.Extra, plural(c.Extra, "line", "lines"), c.Games, c.ExtraLine, c.ExtraText)
		related = expectedLine(n.snap, c.ExtraLine, c.ExtraText)
	case d.Missing:
		k := c.Games - c.Missing
		msg = fmt.Sprintf("game %d: %s has no line for it (it ends after %d %s); the judge's verdict is %q",
			d.Game+1, name, k, plural(k, "verdict", "verdicts"), d.Want)
	default:
		msg = fmt.Sprintf("game %d: %s line %d expects %q; the judge's verdict is %q", d.Game+1, name, d.OutLine, d.Got, d.Want)
		related = expectedLine(n.snap, d.OutLine, d.Got)
	}
	pd.Message = protocol.String(msg)
	if related != nil {
		pd.RelatedInformation = append(pd.RelatedInformation, *related)
	}
}

// expectedLine is the related information of a diagnostic: line n
// (1-based) of the expected output, whose text is text.
func expectedLine(snap *snapshot, n int, text string) *protocol.DiagnosticRelatedInformation {
	return &protocol.DiagnosticRelatedInformation{
		Location: protocol.Location{URI: snap.output().uri, Range: lineRange(n, text, snap.enc)},
		Message:  fmt.Sprintf("%s line %d", snap.output().name(), n),
	}
}

// lineRange is the range of a line of the expected output (1-based n)
// whose text is text, in the encoding of positions.
func lineRange(n int, text string, enc Encoding) protocol.Range {
	width := len(text)
	if enc != UTF8 {
		width = 0
		for _, r := range text {
			if r == utf8.RuneError {
				width++
				continue
			}
			width += utf16.RuneLen(r)
		}
	}
	l := uint32(n - 1)
	return protocol.Range{Start: protocol.Position{Line: l}, End: protocol.Position{Line: l, Character: uint32(width)}}
}

// expectedLens returns the code lens of snap's comparison, on the
// file's first line, and whether there is one: "judge: 1344 of 1347
// verdicts match", what else differs after it; its command shows the
// expected output at its first differing line.
func expectedLens(snap *snapshot) (protocol.CodeLens, bool) {
	e := snap.output()
	if e == nil || snap.kind == 0 {
		return protocol.CodeLens{}, false
	}
	line := 1
	var title string
	if e.err != nil {
		title = fmt.Sprintf("judge: %s not compared: %v", e.name(), e.err)
	} else {
		j := snap.judgement()
		if j == nil {
			return protocol.CodeLens{}, false
		}
		c := j.c
		title = fmt.Sprintf("judge: %d of %d verdicts match %s", c.Games-len(c.Differences), c.Games, e.name())
		var more []string
		if c.Missing > 0 {
			more = append(more, fmt.Sprintf("%d %s missing", c.Missing, plural(c.Missing, "line", "lines")))
		}
		if c.Extra > 0 {
			more = append(more, fmt.Sprintf("%d %s more", c.Extra, plural(c.Extra, "line", "lines")))
		}
		if n := len(j.v.File.Games) - j.v.Judged; n > 0 {
			more = append(more, fmt.Sprintf("%d %s after the first error not judged", n, plural(n, "game", "games")))
		}
		if c.Layout > 0 {
			more = append(more, fmt.Sprintf("line %d: %s", c.LayoutLine, c.LayoutMsg))
		}
		if c.Binary {
			more = append(more, "not text")
		}
		if len(more) > 0 {
			title += " (" + strings.Join(more, "; ") + ")"
		}
		for _, d := range c.Differences {
			if !d.Missing {
				line = d.OutLine
				break
			}
		}
	}
	arg0, err0 := protocol.Marshal(e.uri)
	arg1, err1 := protocol.Marshal(lineRange(line, "", snap.enc))
	cl := protocol.CodeLens{Command: protocol.Command{Title: title}}
	if err0 == nil && err1 == nil {
		cl.Command.Command = RevealCommand
		cl.Command.Arguments = []protocol.LSPAny{arg0, arg1}
	}
	return cl, true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// mergeSpanDiags merges b into a, both in document order, keeping a's
// entries first at one offset.
func mergeSpanDiags(a, b []spanDiag) []spanDiag {
	if len(b) == 0 {
		return a
	}
	out := make([]spanDiag, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if b[0].span.Start < a[0].span.Start {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	out = append(out, a...)
	return append(out, b...)
}

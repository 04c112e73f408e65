package lsp

import (
	"gamels/internal/textpos"
	"gamels/parse"
)

// hoverText returns the markdown appendHover writes for offset off in
// game ga, and the span it describes.
func hoverText(text *textpos.Text, kind parse.Kind, rules parse.Rules, ga *gameAnalysis, off int) (string, parse.Span, bool) {
	md, sp, ok := appendHover(nil, text, kind, rules, ga, off)
	return string(md), sp, ok
}

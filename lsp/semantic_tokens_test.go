package lsp

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// tokenShapes says what the text of each token type looks like.
var tokenShapes = map[string]*regexp.Regexp{
	"keyword":    regexp.MustCompile(`^(QUIT|quit|0)$`),
	"number":     regexp.MustCompile(`^[0-9]+$`),
	"operator":   regexp.MustCompile(`^[+-]$`),
	"enumMember": regexp.MustCompile(`^[LRTB][0-9]+$`),
	"string":     regexp.MustCompile(`^W+$`),
	"variable":   regexp.MustCompile(`^B+$`),
	"parameter":  regexp.MustCompile(`^U+$`),
	"comment":    regexp.MustCompile(`^#`),
}

// TestSemanticTokensWellFormed decodes the tokens of every transcript of
// the corpus and checks that they are in order, do not overlap, stay on
// one line and have the text their type says.
func TestSemanticTokensWellFormed(t *testing.T) {
	c := startServer(t, nil)
	res := c.initialize(nil, "")
	opts, ok := res.Capabilities.SemanticTokensProvider.(*protocol.SemanticTokensOptions)
	if !ok || !slices.Equal(opts.Legend.TokenTypes, tokenTypes) || !slices.Equal(opts.Legend.TokenModifiers, tokenModifiers) {
		t.Fatalf("semantic tokens capability %#v", res.Capabilities.SemanticTokensProvider)
	}
	total := 0
	for name, text := range formatCorpus(t) {
		if len(text) > 200_000 {
			continue
		}
		u := uri.URI("file:///tok/" + name)
		c.open(u, 1, string(text))
		toks, err := c.server.SemanticTokensFull(context.Background(), &protocol.SemanticTokensParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil {
			t.Fatal(err)
		}
		m := testMapper(text, UTF16)
		prevEnd := -1
		var line, char uint32
		for i := 0; i < len(toks.Data); i += 5 {
			d := toks.Data[i : i+5]
			if d[0] > 0 {
				line, char = line+d[0], d[1]
			} else {
				char += d[1]
			}
			start := m.Offset(protocol.Position{Line: line, Character: char})
			end := m.Offset(protocol.Position{Line: line, Character: char + d[2]})
			typ := tokenTypes[d[3]]
			word := string(text[start:end])
			if start < prevEnd || end <= start || strings.ContainsAny(word, "\r\n") {
				t.Fatalf("%s: token %d at %d:%d (%q) out of order, empty or multi-line", name, i/5, line, char, word)
			}
			if !tokenShapes[typ].MatchString(word) {
				t.Errorf("%s: token %q typed %s", name, word, typ)
			}
			prevEnd = end
			total++
		}
	}
	t.Logf("%d tokens", total)
}

// TestSemanticTokensEncoding checks the columns and lengths of tokens
// after and inside non-ASCII text in both position encodings.
func TestSemanticTokensEncoding(t *testing.T) {
	text := "# é漢😀\n2  # 😀x\n1 1 + # é\n0\n"
	for _, tc := range []struct {
		enc  Encoding
		want string
	}{
		// line delta, start delta, length, type, modifiers
		{UTF16, "[0 0 6 7 0] [1 0 1 1 0] [0 3 5 7 0] [1 0 1 1 0] [0 2 1 1 0] [0 2 1 2 0] [0 2 3 7 0] [1 0 1 0 0]"},
		{UTF8, "[0 0 11 7 0] [1 0 1 1 0] [0 3 7 7 0] [1 0 1 1 0] [0 2 1 1 0] [0 2 1 2 0] [0 2 4 7 0] [1 0 1 0 0]"},
	} {
		c := startServer(t, nil)
		var encs []protocol.PositionEncodingKind
		if tc.enc == UTF8 {
			encs = []protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF8}
		}
		c.initialize(encs, "")
		const u = uri.URI("file:///enc.spot")
		c.open(u, 1, text)
		toks, err := c.server.SemanticTokensFull(context.Background(), &protocol.SemanticTokensParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i := 0; i < len(toks.Data); i += 5 {
			got = append(got, fmt.Sprint(toks.Data[i:i+5]))
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("%v:\n got %s\nwant %s", tc.enc, s, tc.want)
		}
	}
}

// TestSemanticTokensPathMarks checks the winningPath and oneMoveWin
// modifiers: on the cells of the winning path and the one-move winning
// cells, and on nothing else.
func TestSemanticTokensPathMarks(t *testing.T) {
	const text = "3\nWWW\nBUB\nWBB\n\n3\nWUB\nUWW\nBBB\n0\n"
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///marks.path")
	c.open(u, 1, text)
	toks, err := c.server.SemanticTokensFull(context.Background(), &protocol.SemanticTokensParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil {
		t.Fatal(err)
	}
	m := testMapper([]byte(text), UTF16)
	var got []string
	var line, char uint32
	for i := 0; i+5 <= len(toks.Data); i += 5 {
		d := toks.Data[i : i+5]
		if d[0] > 0 {
			line, char = line+d[0], d[1]
		} else {
			char += d[1]
		}
		if d[4] == 0 {
			continue
		}
		var mods []string
		for b, name := range tokenModifiers {
			if d[4]&(1<<b) != 0 {
				mods = append(mods, name)
			}
		}
		sp := m.Span(protocol.Range{Start: protocol.Position{Line: line, Character: char}, End: protocol.Position{Line: line, Character: char + d[2]}})
		got = append(got, fmt.Sprintf("%d:%d %s %v", line+1, char+1, text[sp.Start:sp.End], mods))
	}
	want := []string{
		"2:1 WWW [winningPath]",
		"7:2 U [oneMoveWin]",
		"8:1 U [oneMoveWin]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("marked tokens (-want +got):\n%s", diff)
	}
}

// absTokens decodes the protocol's relative tokens to absolute ones:
// line, character, length, type, modifiers.
func absTokens(data []uint32) [][5]uint32 {
	var out [][5]uint32
	var line, char uint32
	for i := 0; i+4 < len(data); i += 5 {
		d := data[i : i+5]
		if d[0] > 0 {
			line, char = line+d[0], d[1]
		} else {
			char += d[1]
		}
		out = append(out, [5]uint32{line, char, d[2], d[3], d[4]})
	}
	return out
}

// TestSemanticTokensRange: for windows of lines across every transcript
// of the corpus (the first lines, the middle, the last, a window inside a
// line, an empty window, past the end), semanticTokens/range answers the
// tokens of semanticTokens/full that overlap the window, no more, no
// fewer, in order.
func TestSemanticTokensRange(t *testing.T) {
	c := startServer(t, nil)
	res := c.initialize(nil, "")
	if opts, ok := res.Capabilities.SemanticTokensProvider.(*protocol.SemanticTokensOptions); !ok || opts.Range == nil {
		t.Fatalf("semantic tokens capability without range: %#v", res.Capabilities.SemanticTokensProvider)
	}
	checked := 0
	for name, text := range formatCorpus(t) {
		if len(text) > 200_000 {
			continue
		}
		u := uri.URI("file:///tokrange/" + name)
		c.open(u, 1, string(text))
		id := protocol.TextDocumentIdentifier{URI: u}
		full, err := c.server.SemanticTokensFull(context.Background(), &protocol.SemanticTokensParams{TextDocument: id})
		if err != nil {
			t.Fatal(err)
		}
		all := absTokens(full.Data)
		lines := uint32(strings.Count(string(text), "\n") + 1)
		for _, r := range []protocol.Range{
			{Start: pos(0, 0), End: pos(10, 0)},
			{Start: pos(lines/2, 0), End: pos(lines/2+7, 0)},
			{Start: pos(lines/3, 1), End: pos(lines/3, 2)},
			{Start: pos(lines/4, 0), End: pos(lines/4, 0)},
			{Start: pos(max(lines, 5)-5, 0), End: pos(lines+3, 0)},
			{Start: pos(0, 0), End: pos(lines, 0)},
		} {
			got, err := c.server.SemanticTokensRange(context.Background(), &protocol.SemanticTokensRangeParams{TextDocument: id, Range: r})
			if err != nil {
				t.Fatalf("%s %v: %v", name, r, err)
			}
			var want [][5]uint32
			for _, tk := range all {
				// Tokens are on one line: overlap of [char, char+len) on
				// line tk[0] with the range.
				after := tk[0] > r.Start.Line || (tk[0] == r.Start.Line && tk[1]+tk[2] > r.Start.Character)
				before := tk[0] < r.End.Line || (tk[0] == r.End.Line && tk[1] < r.End.Character)
				if after && before {
					want = append(want, tk)
				}
			}
			if diff := cmp.Diff(want, absTokens(got.Data)); diff != "" {
				t.Fatalf("%s: range %v: tokens (-full's in range +range's):\n%s", name, r, diff)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no transcript checked")
	}
}

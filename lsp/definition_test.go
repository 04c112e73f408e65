package lsp

import (
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/parse"
)

// TestDefinitionRepetitions asks for the definition of every move of the
// 1998 tournament games under icfp rules and of the random Spot games:
// the move that ends a game by repetition goes to the engine's earlier
// move, every other move to nothing.
func TestDefinitionRepetitions(t *testing.T) {
	for _, tc := range []struct {
		file, name string
		kind       parse.Kind
		games      int
	}{
		{"icfp1998/as_uva844.in", "t.pousse", parse.Pousse, 120},
		{"random/uva141_random3000.in", "t.spot", parse.Spot, 120},
	} {
		t.Run(tc.name, func(t *testing.T) {
			full := readContest(t, tc.file)
			f := parse.Parse(tc.kind, full)
			// The first games only, as a file of their own.
			end := f.Games[tc.games].Span.Start
			text := append([]byte(nil), full[:end]...)
			if tc.kind == parse.Pousse {
				text = append([]byte("# rules: icfp\n"), text...)
			} else {
				text = append(text, "0\n"...)
			}
			f = parse.Parse(tc.kind, text)
			c := startServer(t, nil)
			c.initialize(nil, "")
			u := uri.URI("file:///def/" + tc.name)
			c.open(u, 1, string(text))
			m := testMapper(text, UTF16)
			found := 0
			for _, g := range f.Games {
				var r *analyze.Result
				if tc.kind == parse.Pousse {
					r = &analyze.Pousse(g, parse.RulesICFP).Result
				} else {
					r = &analyze.Spot(g).Result
				}
				for i := range g.Moves {
					if i != r.End && (i%7 != 0 || i > r.End+1 && r.End >= 0) {
						continue // every move would be slow: the ending one and a sample
					}
					res := rawCall[protocol.DefinitionResult](t, c, protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{
						TextDocumentPositionParams: protocol.TextDocumentPositionParams{
							TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: m.Position(g.MoveSpan(i).Start + 1)}})
					var want *parse.Span
					if i == r.End && r.Earlier >= 0 {
						sp := g.MoveSpan(r.Earlier)
						want = &sp
					}
					locs, _ := res.(protocol.LocationSlice)
					switch {
					case want == nil && len(locs) != 0:
						t.Errorf("game %d, move %d: definition %v, want none", g.Index+1, i+1, locs)
					case want != nil && (len(locs) != 1 || locs[0].URI != u || m.Span(locs[0].Range) != *want):
						t.Errorf("game %d, move %d: definition %v, want move %d", g.Index+1, i+1, locs, r.Earlier+1)
					case want != nil:
						found++
					}
				}
			}
			t.Logf("%d repetitions found", found)
			if found == 0 {
				t.Error("the data holds no repetition: the test proves nothing")
			}
		})
	}
}

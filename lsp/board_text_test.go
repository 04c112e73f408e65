package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"gamels/parse"
)

// TestTextBoards checks that TextBoards answers, at every byte offset of
// the transcripts of testdata/board.txtar (a Pousse push off the board,
// a Spot repetition, PATH boards, text outside any game), exactly the
// bytes a server answers to gamels/board at the same position.
func TestTextBoards(t *testing.T) {
	data, err := os.ReadFile("testdata/board.txtar")
	if err != nil {
		t.Fatal(err)
	}
	c := startServer(t, nil)
	c.initialize(nil, "")
	ctx := context.Background()
	boards := 0
	for _, f := range txtar.Parse(data).Files {
		kind, ok := parse.KindOf(f.Name)
		if !ok {
			continue
		}
		u := uri.URI("file:///" + f.Name)
		c.open(u, 1, string(f.Data))
		c.waitVersion(u, 1)
		m := testMapper(f.Data, UTF16)
		tb := NewTextBoards(kind, f.Data, parse.RulesDefault)
		for off := 0; off <= len(f.Data); off++ {
			var want json.RawMessage
			if _, err := c.conn.Call(ctx, BoardMethod, protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: m.Position(off)}, &want); err != nil {
				t.Fatalf("%s at %d: %v", f.Name, off, err)
			}
			got, err := tb.At(ctx, off)
			if err != nil {
				t.Fatalf("%s: At(%d): %v", f.Name, off, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: At(%d):\n got %s\nwant %s", f.Name, off, got, want)
			}
			if string(got) != "null" {
				boards++
			}
			around := 1
			if _, err := c.conn.Call(ctx, BoardMethod, map[string]any{
				"textDocument": protocol.TextDocumentIdentifier{URI: u}, "position": m.Position(off), "movesAround": around}, &want); err != nil {
				t.Fatalf("%s at %d, movesAround: %v", f.Name, off, err)
			}
			if got, err = tb.AtAround(ctx, off, around); err != nil {
				t.Fatalf("%s: AtAround(%d): %v", f.Name, off, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: AtAround(%d):\n got %s\nwant %s", f.Name, off, got, want)
			}
		}
	}
	if boards < 100 {
		t.Errorf("%d offsets had a board, want the most of them", boards)
	}
}

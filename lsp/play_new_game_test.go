package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/uri"

	"gamels/internal/format"
	"gamels/parse"
)

// TestNewGame runs gamels/newGame on each kind and layout: the text
// after the edit, the new game's index and line, the refusals.
func TestNewGame(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	for i, tc := range []struct {
		name, file, text string
		size             int
		stale            bool
		want             string
		game, line       int
		wantErr, code    string
	}{
		{name: "pousse/plain", file: "a.pousse", text: "3\nQUIT\n", size: 4,
			want: "3\nQUIT\n\n4\nQUIT\n", game: 2, line: 3},
		{name: "pousse/counted", file: "a.pousse", text: "1\n\n3\nL1\nQUIT\n", size: 2,
			want: "2\n\n3\nL1\nQUIT\n\n2\nQUIT\n", game: 2, line: 6},
		{name: "pousse/empty", file: "a.pousse", text: "", size: 3,
			want: "3\nQUIT\n", game: 1, line: 0},
		{name: "pousse/rules-only", file: "a.pousse", text: "# rules: icfp\n", size: 6,
			want: "# rules: icfp\n6\nQUIT\n", game: 1, line: 1},
		{name: "pousse/crlf-no-final-eol", file: "a.pousse", text: "3\r\nQUIT", size: 1,
			want: "3\r\nQUIT\r\n\r\n1\r\nQUIT\r\n", game: 2, line: 3},
		{name: "pousse/blank-lines", file: "a.pousse", text: "\n\n", size: 2,
			want: "2\nQUIT\n", game: 1, line: 0},
		{name: "spot/no-end", file: "a.spot", text: "2\n1 1 +\n", size: 2,
			want: "2\n1 1 +\n\n2\n", game: 2, line: 3},
		{name: "pousse/trailing-blanks", file: "a.pousse", text: "3\nQUIT\n\n\n", size: 2,
			want: "3\nQUIT\n\n2\nQUIT\n", game: 2, line: 3},
		{name: "spot/before-0", file: "a.spot", text: "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n\n0\n", size: 3,
			want: "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n\n3\n\n0\n", game: 2, line: 6},
		{name: "spot/no-blank", file: "a.spot", text: "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n0\n", size: 3,
			want: "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n\n3\n\n0\n", game: 2, line: 6},
		{name: "spot/empty", file: "a.spot", text: "", size: 2,
			want: "2\n\n0\n", game: 1, line: 0},
		{name: "spot/only-0", file: "a.spot", text: "0\n", size: 2,
			want: "2\n\n0\n", game: 1, line: 0},
		{name: "path/before-0", file: "a.path", text: "1\n\nW\n\n0\n", size: 2,
			want: "1\n\nW\n\n2\n\nUU\nUU\n\n0\n", game: 2, line: 4},
		{name: "path/crlf", file: "a.path", text: "1\r\n\r\nW\r\n\r\n0\r\n", size: 1,
			want: "1\r\n\r\nW\r\n\r\n1\r\n\r\nU\r\n\r\n0\r\n", game: 2, line: 4},
		{name: "pousse/size-0", file: "a.pousse", text: "", size: 0, wantErr: "a pousse board is 1 to 100, not 0", code: "bad-size"},
		{name: "pousse/size-101", file: "a.pousse", text: "", size: 101, wantErr: "a pousse board is 1 to 100, not 101", code: "bad-size"},
		{name: "spot/size-1", file: "a.spot", text: "", size: 1, wantErr: "a spot board is 2 to 50, not 1", code: "bad-size"},
		{name: "path/size-81", file: "a.path", text: "", size: 81, wantErr: "a path board is 1 to 80, not 81", code: "bad-size"},
		{name: "stale", file: "a.pousse", text: "3\nQUIT\n", size: 2, stale: true, wantErr: "the document changed", code: "stale-version"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := uri.URI(fmt.Sprintf("file:///new%d%s", i, strings.TrimPrefix(tc.file, "a")))
			c.open(u, 3, tc.text)
			defer c.closeDoc(u)
			v := int32(3)
			if tc.stale {
				v = 2
			}
			var res newGameResult
			err := c.playCall(NewGameMethod, map[string]any{"textDocument": map[string]any{"uri": u, "version": v}, "size": tc.size}, &res)
			if tc.wantErr != "" {
				checkRefusal(t, err, tc.wantErr, tc.code)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := applyPlay(t, tc.text, u, 3, res.Edit)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("text (-want +got):\n%s", diff)
			}
			if res.Game != tc.game || int(res.Position.Line) != tc.line {
				t.Errorf("game %d at line %d, want %d at %d", res.Game, res.Position.Line, tc.game, tc.line)
			}
			kind, _ := parse.KindOf(tc.file)
			if out, err := format.Source(kind, []byte(got)); err != nil || string(out) != got {
				t.Errorf("not canonical: %q, fmt: %q (%v)", got, out, err)
			}
			if f := parse.Parse(kind, []byte(got)); len(f.Games) != tc.game || f.Games[tc.game-1].Size != tc.size {
				t.Errorf("%d games after the edit, want %d, the last of size %d", len(f.Games), tc.game, tc.size)
			}
		})
	}
}

// TestNewGameSizes checks that initialize gives the sizes of a new game
// by kind (experimental.gamelsNewGame), that they are the bounds
// gamels/newGame holds to, and that a refusal says them.
func TestNewGameSizes(t *testing.T) {
	c := startServer(t, nil)
	res := c.initialize(nil, "")
	type sizeRange struct {
		Min     int `json:"min"`
		Max     int `json:"max"`
		Default int `json:"default"`
	}
	var exp struct {
		NewGame map[string]sizeRange `json:"gamelsNewGame"`
	}
	if err := json.Unmarshal(res.Capabilities.Experimental, &exp); err != nil {
		t.Fatalf("experimental capabilities %s: %v", res.Capabilities.Experimental, err)
	}
	want := map[string]sizeRange{
		"pousse": {parse.PousseMinN, parse.PousseMaxN, 4},
		"spot":   {parse.SpotMinN, parse.SpotMaxN, 4},
		"path":   {parse.PathMinN, parse.PathMaxN, 5},
	}
	if diff := cmp.Diff(want, exp.NewGame); diff != "" {
		t.Fatalf("gamelsNewGame (-want +got):\n%s", diff)
	}
	for kind, z := range exp.NewGame {
		u := uri.File("/sizes." + kind)
		c.open(u, 1, "")
		for _, tc := range []struct {
			size int
			ok   bool
		}{{z.Min - 1, false}, {z.Min, true}, {z.Default, true}, {z.Max, true}, {z.Max + 1, false}} {
			var out newGameResult
			err := c.playCall(NewGameMethod, map[string]any{
				"textDocument": map[string]any{"uri": u, "version": 1}, "size": tc.size}, &out)
			if tc.ok != (err == nil) {
				t.Errorf("%s size %d: error %v, want ok %v", kind, tc.size, err, tc.ok)
			}
			if err != nil {
				var data struct {
					Code     string `json:"code"`
					Min, Max int
				}
				var e *jsonrpc2.Error
				if !errors.As(err, &e) || json.Unmarshal(e.Data, &data) != nil ||
					data.Code != string(parse.CodeBadSize) || data.Min != z.Min || data.Max != z.Max {
					t.Errorf("%s size %d: refusal %v, want bad-size with min %d, max %d", kind, tc.size, err, z.Min, z.Max)
				}
			}
		}
	}
}

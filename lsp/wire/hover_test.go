package wire

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// TestEncodeHover checks that EncodeHover's JSON decodes, with the
// protocol's decoder and with encoding/json, to the hover it stands for.
func TestEncodeHover(t *testing.T) {
	for _, md := range []string{
		"",
		"**move 3**: L2\n\n```text\n   1 2\n  +-+-+\n```\n",
		`quotes " and \ backslashes \\"`,
		"controls \x00\x01\x08\x0c\x1f\t\r\n\x7f end",
		"unicode · × é 漢字 😀 \u2028 \ufeff",
		"invalid \xff \xc3( \xed\xa0\x80 \xf0\x9f\x98 end\xe2",
		strings.Repeat("X.O.", 3000) + "\n",
	} {
		r := protocol.Range{Start: protocol.Position{Line: 7, Character: 2}, End: protocol.Position{Line: 4294967295, Character: 65536}}
		raw := EncodeHover([]byte(md), r)
		want := string([]rune(md)) // one U+FFFD per invalid byte, as encoding/json writes
		var got protocol.Hover
		if err := protocol.Unmarshal(raw, &got); err != nil {
			t.Fatalf("%q: %v\n%s", md, err, raw)
		}
		mc, ok := got.Contents.(*protocol.MarkupContent)
		if !ok || mc.Kind != protocol.MarkupKindMarkdown || mc.Value != want || got.Range == nil || *got.Range != r {
			t.Errorf("%q: decoded as %#v, range %v", md, got.Contents, got.Range)
		}
		var std struct {
			Contents struct{ Kind, Value string }
			Range    protocol.Range
		}
		if err := json.Unmarshal(raw, &std); err != nil {
			t.Fatalf("%q: encoding/json: %v", md, err)
		}
		if diff := cmp.Diff(want, std.Contents.Value); diff != "" || std.Range != r {
			t.Errorf("%q: encoding/json reads (-want +got):\n%s", md, diff)
		}
	}
}

// FuzzEncodeHover: any string, as a JSON string, decodes back to itself
// (made valid UTF-8) with encoding/json.
func FuzzEncodeHover(f *testing.F) {
	f.Add("**move 1**\n\n```text\nX.O\n```\n")
	f.Add("\x00\"\\\xff漢")
	f.Fuzz(func(t *testing.T, s string) {
		raw := AppendJSONString(nil, s)
		if string(AppendJSONString(nil, []byte(s))) != string(raw) {
			t.Fatalf("%q: the string and []byte forms differ", s)
		}
		var got string
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatalf("%q -> %s: %v", s, raw, err)
		}
		want := []rune(s) // invalid bytes become U+FFFD, one each
		if got != string(want) {
			t.Fatalf("%q -> %s -> %q", s, raw, got)
		}
	})
}

func BenchmarkEncodeHover(b *testing.B) {
	md := "**move 5**\n\n```text\n" + strings.Repeat(strings.Repeat("X.O.", 25)+"\n", 100) + "```\n"
	r := protocol.Range{End: protocol.Position{Line: 3, Character: 4}}
	b.Run("EncodeHover", func(b *testing.B) {
		b.SetBytes(int64(len(md)))
		mdb := []byte(md)
		for b.Loop() {
			EncodeHover(mdb, r)
		}
	})
	b.Run("protocol.Marshal", func(b *testing.B) {
		b.SetBytes(int64(len(md)))
		h := &protocol.Hover{Contents: &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: md}, Range: &r}
		for b.Loop() {
			if _, err := protocol.Marshal(h); err != nil {
				b.Fatal(err)
			}
		}
	})
}

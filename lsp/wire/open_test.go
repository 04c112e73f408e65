package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// refOpen decodes raw as the library does, then applies the server's
// own rules: the URI is kept as sent, and a text is required.
func refOpen(raw []byte) (OpenItem, error) {
	var p protocol.DidOpenTextDocumentParams
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return OpenItem{}, err
	}
	var r struct {
		TextDocument struct {
			URI  *string `json:"uri"`
			Text *string `json:"text"`
		} `json:"textDocument"`
	}
	if err := protocol.Unmarshal(raw, &r); err != nil {
		return OpenItem{}, err
	}
	if r.TextDocument.URI == nil || *r.TextDocument.URI == "" || r.TextDocument.Text == nil {
		return OpenItem{}, errors.New("missing uri or text")
	}
	item := &p.TextDocument
	return OpenItem{URI: uri.URI(*r.TextDocument.URI), LanguageID: string(item.LanguageID), Version: item.Version, Text: []byte(item.Text)}, nil
}

func equalOpen(a, b OpenItem) bool {
	return a.URI == b.URI && a.LanguageID == b.LanguageID && a.Version == b.Version && bytes.Equal(a.Text, b.Text)
}

// checkOpen checks DecodeOpen against protocol.Unmarshal on raw and
// reports whether the fast path took it.
func checkOpen(t *testing.T, raw []byte) (fast bool) {
	t.Helper()
	want, wantErr := refOpen(raw)
	got, ok := decodeOpenFast(raw)
	if ok && got.URI != "" && got.hasText {
		if wantErr != nil {
			t.Fatalf("fast path accepts %q, protocol.Unmarshal fails: %v", raw, wantErr)
		}
		if !equalOpen(got, want) {
			t.Fatalf("fast path on %q:\n got %+v\nwant %+v", raw, got, want)
		}
	}
	got, err := DecodeOpen(raw)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("DecodeOpen(%q) error %v, protocol.Unmarshal %v", raw, err, wantErr)
	}
	if err == nil && !equalOpen(got, want) {
		t.Fatalf("DecodeOpen(%q):\n got %+v\nwant %+v", raw, got, want)
	}
	return ok
}

// withText returns didOpen params with the given raw JSON text of the
// "text" member (between the quotes).
func withText(inner string) string {
	return `{"textDocument":{"uri":"file:///a.pousse","languageId":"pousse","version":3,"text":"` + inner + `"}}`
}

func TestOpenDecode(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		fast      bool   // the fast path takes it
		text      string // the text wanted, when fast
	}{
		{"plain", withText(`2\nL1\nQUIT\n`), true, "2\nL1\nQUIT\n"},
		{"empty text", withText(``), true, ""},
		{"all short escapes", withText(`\"\\\/\b\f\n\r\t`), true, "\"\\/\b\f\n\r\t"},
		{"long run then escape", withText(strings.Repeat("abcdefgh", 5) + `\n` + strings.Repeat("x", 17)), true, strings.Repeat("abcdefgh", 5) + "\n" + strings.Repeat("x", 17)},
		{"unicode escapes", withText(`\u0041\u00e9\u20AC\u0000`), true, "Aé€\x00"},
		{"surrogate pair", withText(`\ud83d\ude00!`), true, "😀!"},
		{"surrogate pair upper hex", withText(`\uD83D\uDE00`), true, "😀"},
		{"lone high surrogate", withText(`\ud83dx`), true, "\uFFFDx"},
		{"high surrogate then non-surrogate escape", withText(`\ud83d\u0041`), true, "\uFFFDA"},
		{"high surrogate then high", withText(`\ud83d\ud83d\ude00`), true, "\uFFFD😀"},
		{"lone low surrogate", withText(`\ude00\ude00`), true, "\uFFFD\uFFFD"},
		{"high surrogate at end", withText(`\ud83d`), true, "\uFFFD"},
		{"raw UTF-8", withText("é€😀 ok"), true, "é€😀 ok"},
		{"invalid UTF-8", withText("a\xffb\xc3(\xed\xa0\x80"), true, "a\uFFFDb\uFFFD(\uFFFD\uFFFD\uFFFD"},
		{"DEL byte", withText("\x7f"), true, "\x7f"},
		{"keys reordered", `{"textDocument":{"text":"x\ny","version":-7,"languageId":"spot","uri":"file:///b.spot"}}`, true, "x\ny"},
		{"whitespace everywhere", " \r\n\t{ \"textDocument\" :\n{ \"uri\" : \"file:///a\" , \"version\" : 0 ,\t\"text\" : \"t\" } } \n", true, "t"},
		{"unknown members", `{"x":[1,-2.5e+3,{"a":null},true,false,"s\u00e9"],"textDocument":{"extra":{"y":[[]]},"uri":"file:///a","text":"t","z":0},"w":{}}`, true, "t"},
		{"missing members", `{"textDocument":{"text":"t"}}`, true, "t"},
		{"empty item", `{"textDocument":{}}`, true, ""},
		{"empty params", `{}`, true, ""},
		{"version max", `{"textDocument":{"version":2147483647}}`, true, ""},
		{"version min", `{"textDocument":{"version":-2147483648}}`, true, ""},
		{"version minus zero", `{"textDocument":{"version":-0}}`, true, ""},
		{"uri canonicalised", `{"textDocument":{"uri":"file:///C%3A/x%20y.pousse","text":""}}`, true, ""},
		{"uri escaped", `{"textDocument":{"uri":"file:\/\/\/a\u0020b","text":""}}`, true, ""},
		// Left to the library: same result, error or not.
		{"version too large", `{"textDocument":{"version":2147483648}}`, false, ""},
		{"version too small", `{"textDocument":{"version":-2147483649}}`, false, ""},
		{"version fraction", `{"textDocument":{"version":1.0}}`, false, ""},
		{"version exponent", `{"textDocument":{"version":1e2}}`, false, ""},
		{"version leading zero", `{"textDocument":{"version":01}}`, false, ""},
		{"version string", `{"textDocument":{"version":"1"}}`, false, ""},
		{"version null", `{"textDocument":{"version":null}}`, false, ""},
		{"text null", `{"textDocument":{"text":null}}`, false, ""},
		{"item null", `{"textDocument":null}`, false, ""},
		{"params null", `null`, false, ""},
		{"duplicate text", `{"textDocument":{"text":"a","text":"b"}}`, false, ""},
		{"duplicate item", `{"textDocument":{"text":"a"},"textDocument":{"version":2}}`, false, ""},
		{"escaped key", `{"textDocument":{"te\u0078t":"a"}}`, false, ""},
		{"key case differs", `{"textDocument":{"Text":"a"}}`, true, ""},
		{"control character", withText("a\nb"), false, ""},
		{"bad escape", withText(`\x`), false, ""},
		{"bad unicode escape", withText(`\u12G4`), false, ""},
		{"short unicode escape", `{"textDocument":{"text":"\u12"}}`, false, ""},
		{"bad low surrogate hex", withText(`\ud83d\uZZZZ`), false, ""},
		{"unterminated text", `{"textDocument":{"text":"abc`, false, ""},
		{"unterminated long text", `{"textDocument":{"text":"` + strings.Repeat("a", 40), false, ""},
		{"trailing garbage", withText("a") + "x", false, ""},
		{"trailing comma", `{"textDocument":{"text":"a",}}`, false, ""},
		{"missing colon", `{"textDocument":{"text" "a"}}`, false, ""},
		{"bad skipped number", `{"x":01,"textDocument":{}}`, false, ""},
		{"bad skipped literal", `{"x":nul,"textDocument":{}}`, false, ""},
		{"bad skipped string", "{\"x\":\"\x01\",\"textDocument\":{}}", false, ""},
		{"deep nesting", `{"x":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `,"textDocument":{}}`, false, ""},
		{"bad uri", `{"textDocument":{"uri":"x:////a"}}`, false, ""},
		{"odd uri accepted", `{"textDocument":{"uri":"%zz"}}`, true, ""},
		{"text missing at the end", `{"textDocument":{"text":`, false, ""},
		{"text a number", `{"textDocument":{"text":1}}`, false, ""},
		{"not an object", `[]`, false, ""},
		{"empty", ``, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := []byte(tc.raw)
			if fast := checkOpen(t, raw); fast != tc.fast {
				t.Errorf("fast path taken: %v, want %v", fast, tc.fast)
			}
			if !tc.fast {
				return
			}
			got, _ := decodeOpenFast(raw)
			if string(got.Text) != tc.text {
				t.Errorf("text %q, want %q", got.Text, tc.text)
			}
			// encoding/json agrees on the text.
			var v struct {
				TextDocument struct {
					Text string `json:"text"`
				} `json:"textDocument"`
			}
			if err := json.Unmarshal(raw, &v); err != nil {
				t.Fatalf("encoding/json: %v", err)
			}
			if strings.Contains(tc.raw, `"text"`) && v.TextDocument.Text != string(got.Text) {
				t.Errorf("encoding/json text %q, fast %q", v.TextDocument.Text, got.Text)
			}
		})
	}
}

// TestOpenDecodeWords checks the word-at-a-time copy around every
// position of a special byte and near the end of the input.
func TestOpenDecodeWords(t *testing.T) {
	for n := range 20 {
		for _, special := range []string{`\n`, `\u00e9`, "é", "\xff", `\"`} {
			for _, tail := range []string{"", "x", "xxxxxxx", "xxxxxxxx"} {
				inner := strings.Repeat("a", n) + special + tail
				raw := []byte(withText(inner))
				if !checkOpen(t, raw) {
					t.Fatalf("fast path declined %q", raw)
				}
				// The text last, so that it ends close to the end of the input.
				raw = []byte(`{"textDocument":{"uri":"file:///a","text":"` + inner + `"}}`)
				if !checkOpen(t, raw) {
					t.Fatalf("fast path declined %q", raw)
				}
			}
		}
	}
}

// TestOpenDecodeMixed checks random texts made of the pieces the word
// loop treats differently, at every alignment.
func TestOpenDecodeMixed(t *testing.T) {
	pieces := []string{"a", "n", "L12", `\n`, `\n`, `\n`, `\\`, `\\n`, `\"`, `\t`, `\u00e9`, "é", "\xff", `\ud83d\ude00`, `\ud83d`, "\x7f"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var b strings.Builder
		for range r.IntN(40) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		raw := []byte(withText(b.String()))
		if !checkOpen(t, raw) {
			t.Fatalf("fast path declined %q", raw)
		}
	}
}

// TestTextCap checks the text's buffer: its own size plus 8 when the
// escapes are two-byte ones, enough without growing for \u escapes.
func TestTextCap(t *testing.T) {
	for _, tc := range []struct {
		inner string
		extra int // cap - len
	}{
		{``, 8},
		{`2\nL1\nQUIT\n`, 8},
		{`\\\\n\"\\\"x\t\/`, 8},
		{`\"quoted\" \\`, 8},
		{`\u00e9\u0041`, 8 + 3 + 4},
		{`\ud83d\ude00`, 8 + 6},
		{`é`, 8},
	} {
		raw := []byte(withText(tc.inner))
		got, ok := decodeOpenFast(raw)
		if !ok {
			t.Fatalf("%q declined", raw)
		}
		if extra := cap(got.Text) - len(got.Text); extra != tc.extra {
			t.Errorf("%q: cap %d for %d bytes, want %d more", tc.inner, cap(got.Text), len(got.Text), tc.extra)
		}
	}
}

func FuzzOpenDecode(f *testing.F) {
	for _, s := range []string{
		withText(`2\nL1\nQUIT\n`),
		withText(`\ud83d\ude00\ud83d\u0041\ude00\u0000\"\\\/\b\f\r\t`),
		withText("é\xff\xc3"),
		`{"x":[1,-2.5e+3,{"a":null},true,false,"s"],"textDocument":{"version":-1,"uri":"file:///b","text":"t"}}`,
		`{"textDocument":{"text":"a","text":"b"}}`,
		`{"textDocument":null}`,
		`{"textDocument":{"version":2147483648}}`,
		`2\nL1\n\u00e9\ud800`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// data as the whole params.
		checkOpen(t, data)
		// data as the inside of the text string; where it is a whole
		// JSON string, encoding/json must read the same text.
		raw := []byte(withText(string(data)))
		checkOpen(t, raw)
		got, ok := decodeOpenFast(raw)
		var want string
		if err := json.Unmarshal([]byte(`"`+string(data)+`"`), &want); err != nil {
			return
		}
		if !ok {
			t.Fatalf("fast path declines the valid string %q", data)
		}
		if string(got.Text) != want {
			t.Fatalf("text %q: fast %q, encoding/json %q", data, got.Text, want)
		}
	})
}

// BenchmarkOpenDecode decodes the didOpen params of the 10 MB document,
// encoded as the client encodes them.
func BenchmarkOpenDecode(b *testing.B) {
	raw, err := protocol.Marshal(&protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: "file:///many.pousse", LanguageID: "pousse", Version: 1, Text: manyText(),
	}})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("fast", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			if _, ok := decodeOpenFast(raw); !ok {
				b.Fatal("fast path declined")
			}
		}
	})
	b.Run("protocol", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			var p protocol.DidOpenTextDocumentParams
			if err := protocol.Unmarshal(raw, &p); err != nil {
				b.Fatal(err)
			}
			_ = []byte(p.TextDocument.Text) // as didOpen did
		}
	})
}

// TestOpenDecodeTruncated: params cut off anywhere after a backslash
// inside the text (the fast loop looks one byte past a backslash) are
// declined, never read past their end.
func TestOpenDecodeTruncated(t *testing.T) {
	for k := range 40 {
		raw := []byte(`{"textDocument":{"text":"` + strings.Repeat("a", k) + `\`)
		if _, err := DecodeOpen(raw); err == nil {
			t.Errorf("%q decoded", raw)
		}
	}
}

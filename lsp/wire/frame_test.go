package wire

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
)

// bigText is a document's text as a JSON string of more than largeFrame
// bytes, with the escapes a transcript has.
var bigText = `"` + strings.Repeat(`L3\nT12\r\nR1\t\"x\\\" \u00e9`, largeFrame/24+1) + `"`

func TestTextNotification(t *testing.T) {
	open := `{"textDocument":{"uri":"file:///a.pousse","languageId":"pousse","version":1,"text":` + bigText + `}}`
	change := `{"textDocument":{"uri":"file:///a.pousse","version":2},"contentChanges":[{"text":` + bigText + `,"range":null,"n":[1,-2.5e3,true,false,null,{}]}]}`
	for _, tc := range []struct {
		name, body string
		split      bool // textNotification splits it
	}{
		{"didOpen", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":` + open + `}`, true},
		{"didChange, members reordered, spaces", " {\n \"params\" : " + change + " ,\t\"method\":\"textDocument/didChange\", \"jsonrpc\" : \"2.0\" }\r\n", true},
		{"a call", `{"jsonrpc":"2.0","id":1,"method":"textDocument/didOpen","params":` + open + `}`, false},
		{"id null", `{"jsonrpc":"2.0","id":null,"method":"textDocument/didOpen","params":` + open + `}`, false},
		{"another method", `{"jsonrpc":"2.0","method":"textDocument/didSave","params":` + open + `}`, false},
		{"an escaped method", `{"jsonrpc":"2.0","method":"textDocument\/didOpen","params":` + open + `}`, false},
		{"method twice", `{"jsonrpc":"2.0","method":"textDocument/didOpen","method":"textDocument/didOpen","params":` + open + `}`, false},
		{"params twice", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{},"params":` + open + `}`, false},
		{"no jsonrpc", `{"method":"textDocument/didOpen","params":` + open + `}`, false},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","method":"textDocument/didOpen","params":` + open + `}`, false},
		{"params an array", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":[` + bigText + `]}`, false},
		{"params null", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":null,"x":` + bigText + `}`, false},
		{"bytes after", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":` + open + `}Content-Length: 2`, false},
		{"unterminated", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":` + open[:len(open)-3], false},
		{"a broken number", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"text":` + bigText + `,"v":01}}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := []byte(tc.body)
			m, ok := textNotification(body)
			if ok != tc.split {
				t.Fatalf("split %v, want %v", ok, tc.split)
			}
			// decodeFrame answers as the library does, split or not.
			got, gotErr := decodeFrame(body)
			want, wantErr := jsonrpc2.DecodeMessage(body)
			if (gotErr == nil) != (wantErr == nil) {
				t.Fatalf("decodeFrame: %v, the library: %v", gotErr, wantErr)
			}
			if wantErr == nil {
				sameMessage(t, got, want)
			}
			if ok {
				sameMessage(t, m, want)
			}
		})
	}
}

// TestDecodeFrameText: a text is not checked before its handler, by the
// shortcut as by the library; the handler's decoder refuses a bad one.
func TestDecodeFrameText(t *testing.T) {
	body := []byte(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.pousse","text":` +
		bigText[:len(bigText)-1] + "\\q\x01\"}}}")
	want, err := jsonrpc2.DecodeMessage(body)
	if err != nil {
		t.Fatal(err)
	}
	m, ok := textNotification(body)
	if !ok {
		t.Fatal("not split")
	}
	sameMessage(t, m, want)
	if _, err := DecodeOpen(m.(*jsonrpc2.Notification).Params()); err == nil {
		t.Fatal("DecodeOpen accepts an invalid escape")
	}
}

func sameMessage(t *testing.T, got, want jsonrpc2.Message) {
	t.Helper()
	g, gok := got.(jsonrpc2.RequestMessage)
	w, wok := want.(jsonrpc2.RequestMessage)
	if fmt.Sprintf("%T", got) != fmt.Sprintf("%T", want) || !gok || !wok {
		t.Fatalf("got %T, want %T", got, want)
	}
	if g.Method() != w.Method() || !bytes.Equal(g.Params(), w.Params()) {
		t.Fatalf("got %s with %d bytes of params, want %s with %d", g.Method(), len(g.Params()), w.Method(), len(w.Params()))
	}
}

// FuzzTextNotification holds the shortcut to the library: a body it
// splits, the library decodes to the same notification.
func FuzzTextNotification(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"text":"L1\nR2"}}}`))
	f.Add([]byte(`{"params":{"a":[1,{"b":"\\\""}]},"method":"textDocument/didChange","jsonrpc":"2.0"}`))
	f.Add([]byte(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"t":"` + "\x00\xff" + `\q"}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		m, ok := textNotification(body)
		if !ok {
			return
		}
		want, err := jsonrpc2.DecodeMessage(body)
		if err != nil {
			t.Fatalf("split a body the library refuses (%v): %q", err, body)
		}
		sameMessage(t, m, want)
	})
}

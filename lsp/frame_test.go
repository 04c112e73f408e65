package lsp

import (
	"gamels/parse"
	"net"
	"strconv"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// openFrame encodes a didOpen notification of text as the client does,
// with its frame header.
func openFrame(tb testing.TB, u uri.URI, version int32, text string) []byte {
	tb.Helper()
	params, err := protocol.Marshal(&protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: u, Version: version, Text: text},
	})
	if err != nil {
		tb.Fatal(err)
	}
	body, err := jsonrpc2.EncodeMessage(jsonrpc2.NewNotification(protocol.MethodTextDocumentDidOpen, params))
	if err != nil {
		tb.Fatal(err)
	}
	frame := append([]byte("Content-Length: "), strconv.Itoa(len(body))...)
	frame = append(frame, "\r\n\r\n"...)
	return append(frame, body...)
}

// writeFrame writes a whole frame to the client's end of the pipe. One
// Write: net.Pipe writes it whole, never interleaved with the client's
// own frames (each also one Write).
func writeFrame(tb testing.TB, conn net.Conn, frame []byte) {
	tb.Helper()
	if _, err := conn.Write(frame); err != nil {
		tb.Fatalf("writing a frame: %v", err)
	}
}

// TestOpenFrame checks that a pre-encoded didOpen is received as the
// client's own.
func TestOpenFrame(t *testing.T) {
	c, conn := startServerConn(t, nil)
	c.initialize(nil, "")
	const u = "file:///frame.pousse"
	text := "2\nL1\nR1\nL2\nR2\nQUIT\n"
	writeFrame(t, conn, openFrame(t, u, 3, text))
	c.waitVersion(u, 3)
	snap, err := c.srv.snapshot(u)
	if err != nil {
		t.Fatal(err)
	}
	if string(snap.text.Bytes()) != text || snap.version != 3 || snap.kind != parse.Pousse {
		t.Fatalf("snapshot after a raw didOpen: version %d, kind %v, text %q", snap.version, snap.kind, snap.text.Bytes())
	}
}

package wire

import (
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// largeFrame is the size from which decodeFrame tries its shortcut.
const largeFrame = 64 << 10

// decodeFrame decodes a frame's body as jsonrpc2.DecodeMessage does,
// with one shortcut. A notification that carries a document's text
// (textDocument/didOpen, textDocument/didChange) of largeFrame bytes or
// more is split into its method and params here: the library scans the
// text's string a byte at a time, textNotification skips it to its
// closing quote with a byte search. Neither checks the string's
// contents: DecodeOpen and DecodeChange do, for the handler. Anything
// the shortcut does not take goes to the library; what it takes, the
// library decodes the same (FuzzTextNotification). O(len(body)).
func decodeFrame(body []byte) (jsonrpc2.Message, error) {
	if len(body) >= largeFrame {
		if m, ok := textNotification(body); ok {
			return m, nil
		}
	}
	return jsonrpc2.DecodeMessage(body)
}

// textNotification splits body when it is an object of exactly the
// members jsonrpc ("2.0"), method (one of the text methods, unescaped)
// and params (an object), each once, in any order, with nothing after
// it; ok is false for anything else. The params' strings are skipped
// as the library skips them (stringEnd), the rest of their JSON is
// checked, more strictly than the library's bracket count.
func textNotification(body []byte) (m jsonrpc2.Message, ok bool) {
	d := reader{raw: body}
	d.space()
	var method string
	var params []byte
	var seen members
	if !d.object(func(key []byte) bool {
		switch string(key) {
		case "jsonrpc":
			return seen.once(1) && d.literal(`"2.0"`)
		case "method":
			if !seen.once(2) || !d.literal(`"textDocument/did`) {
				return false
			}
			switch {
			case d.literal(`Open"`):
				method = protocol.MethodTextDocumentDidOpen
			case d.literal(`Change"`):
				method = protocol.MethodTextDocumentDidChange
			default:
				return false
			}
			return true
		case "params":
			start := d.i
			if !seen.once(4) || d.i >= len(d.raw) || d.raw[d.i] != '{' || !d.skipLax(0) {
				return false
			}
			params = body[start:d.i]
			return true
		}
		return false
	}) {
		return nil, false
	}
	d.space()
	if seen != 7 || d.i != len(body) {
		return nil, false
	}
	return jsonrpc2.NewNotification(method, params), true
}

// skipLax is skip with each string skipped to its closing quote
// (stringEnd), its contents not validated.
func (d *reader) skipLax(depth int) bool {
	if depth > maxSkipDepth || d.i >= len(d.raw) {
		return false
	}
	switch d.raw[d.i] {
	case '"':
		n := stringEnd(d.raw, d.i)
		if n < 0 {
			return false
		}
		d.i = n + 1
		return true
	case '{':
		return d.object(func([]byte) bool { return d.skipLax(depth + 1) })
	case '[':
		return d.sequence('[', ']', func() bool { return d.skipLax(depth + 1) })
	}
	return d.skip(depth)
}

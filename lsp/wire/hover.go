package wire

import (
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// EncodeHover returns the JSON of a markdown hover over r: what
// protocol.Marshal writes for the protocol.Hover, without its string
// encoder, which takes each character through a general path (quoting
// the 10 KB drawing of a 100 x 100 board was a third of a hover's server
// time). A connection made by NewConn sends a RawMessage as it is.
// O(len(md)).
func EncodeHover(md []byte, r protocol.Range) jsonrpc2.RawMessage {
	b := make([]byte, 0, len(md)+len(md)/16+128)
	b = append(b, `{"contents":{"kind":"markdown","value":`...)
	b = AppendJSONString(b, md)
	b = append(b, `},"range":`...)
	b = AppendRange(b, r)
	b = append(b, '}')
	return b
}

package wire

import (
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// EncodeHover returns the JSON of a markdown hover over r: what
// protocol.Marshal writes for the protocol.Hover, without its string
// encoder, which takes each character through a general path (a hover
// quotes a board drawing of up to 10 KB). A connection made by NewConn
// sends a RawMessage as it is. O(len(md)).
func EncodeHover(md []byte, r protocol.Range) jsonrpc2.RawMessage {
	b := make([]byte, 0, len(md)+len(md)/16+128)
	b = append(b, `{"contents":{"kind":"markdown","value":`...)
	b = AppendJSONString(b, md)
	b = append(b, `},"range":`...)
	b = AppendRange(b, r)
	b = append(b, '}')
	return b
}

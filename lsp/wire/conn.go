package wire

import (
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// NewConn returns a jsonrpc2 connection over stream that encodes and
// decodes payloads with the protocol's codec: protocol.Marshal and
// protocol.Unmarshal (which understand the protocol's union types), a
// jsonrpc2.RawMessage sent or received as it is. The caller starts it
// with Go, as with jsonrpc2.NewConn.
func NewConn(stream jsonrpc2.Stream) jsonrpc2.Conn {
	return jsonrpc2.NewConn(stream, jsonrpc2.WithCodec(codec{}))
}

// codec is the jsonrpc2 payload codec of the protocol.
type codec struct{}

// Marshal implements jsonrpc2.Codec. A RawMessage is sent as it is (nil
// as null), without a copy. O(size of v).
func (codec) Marshal(v any) ([]byte, error) {
	if raw, ok := v.(jsonrpc2.RawMessage); ok {
		if raw == nil {
			return []byte("null"), nil
		}
		return raw, nil
	}
	return protocol.Marshal(v)
}

// Unmarshal implements jsonrpc2.Codec. Into a *RawMessage it copies
// the bytes as they are. O(len(data)).
func (codec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}

// Package wire is the language server's transport: the base protocol's
// framing, JSON-RPC messages, and the wire shapes of the few protocol
// messages whose decoding or encoding is worth doing by hand. It knows
// bytes, frames and JSON; it knows no document, snapshot or feature,
// and nothing of the server's state (package lsp holds those).
//
// What it offers:
//
//   - Stream (NewStream): the server's end of the base protocol, a
//     jsonrpc2.Stream that answers or skips a broken frame and goes on,
//     where the library's stream ends the session; frames of at most
//     MaxFrameSize bytes.
//   - NewConn: a jsonrpc2.Conn over a stream with the protocol's codec
//     (union-aware protocol.Marshal and protocol.Unmarshal, raw messages
//     passed through as they are).
//   - DecodeOpen: the params of textDocument/didOpen, with the text
//     unescaped in one pass straight into the bytes the server keeps;
//     DocumentURI: a document URI checked and kept as the client spelt
//     it; TextDocumentURI: that URI read from any textDocument/* params;
//     DecodeChange: the params of textDocument/didChange, each change
//     validated strictly.
//   - EncodeHover (hover.go): the JSON of a markdown hover, sent as a raw
//     message; AppendJSONString and AppendRange (json.go), the JSON
//     writers of every answer written by hand.
//
// Each step is O(bytes of the message); the doc comments say more.
package wire

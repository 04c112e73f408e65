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
//   - DecodeOpen (open.go): the params of textDocument/didOpen, with the
//     text unescaped in one pass straight into the bytes the server
//     keeps; DocumentURI: a document URI checked and kept as the client
//     spelt it; TextDocumentURI (change.go): that URI read from any
//     textDocument/* params; DecodeChange (change.go): the params of
//     textDocument/didChange in one pass, each change validated
//     strictly. Both read with reader (reader.go), the one JSON reader
//     of the hand-written decoders.
//   - EncodeHover (hover.go): the JSON of a markdown hover, sent as a raw
//     message; AppendJSONString and AppendRange (json.go), the JSON
//     writers of every answer written by hand.
//
// Each step is O(bytes of the message); the doc comments say more.
//
// The fast decoders and their strict twins. DecodeOpen and DecodeChange
// each read the shape clients send in one pass; anything else (escaped
// member names, a duplicate or null member, nesting deeper than
// maxSkipDepth, malformed JSON) they leave to a twin that decodes through
// the protocol library. The twins stay in the binary: they are what
// makes the answer to unusual input, and every error message, the
// library's, rather than a second JSON grammar of the server's own, and
// they cost the binary little, the library being linked for every other
// message. The fuzz targets (FuzzOpenDecode, FuzzDecodeChange,
// FuzzDecodeChangeParams) hold each fast decoder to its twin's answers.
package wire

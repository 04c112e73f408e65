package wire

import (
	"errors"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The didOpen params carry the whole document as one JSON string, every
// line end escaped. The protocol package decodes such a string through a
// general slow path (a byte at a time into a growing buffer, then copied
// to a string, which the server would copy once more to bytes).
// DecodeOpen reads what didOpen needs straight from the params: the text
// is unescaped in one pass, eight bytes at a time between escapes, into
// the []byte the server keeps.
//
// It understands the params as clients send them: an object whose
// "textDocument" member is an object with "uri", "languageId", "version"
// and "text" (each at most once, any order, any missing), unknown members
// skipped, whitespace anywhere. Anything else (null members, duplicate
// names, escaped names, deep nesting, malformed JSON, a URI the uri
// package rejects) is left to protocol.Unmarshal, so behaviour on unusual
// or bad input is exactly the library's. Where it accepts, it decodes as
// protocol.Unmarshal does: every JSON escape, \uXXXX with surrogate
// pairs, an unpaired surrogate or invalid UTF-8 as U+FFFD, the URI
// checked by uri.Parse (and kept as sent), the version as a strict int32.

// OpenItem is what a server needs of the params of textDocument/didOpen
// (protocol.DidOpenTextDocumentParams), the text as bytes.
type OpenItem struct {
	URI        uri.URI // as the client spelt it
	LanguageID string
	Version    int32
	Text       []byte

	hasText bool // the text member was present
}

// DecodeOpen decodes the params of textDocument/didOpen, as
// protocol.Unmarshal would, faster, with two differences. The URI is
// kept as the client spelt it (see DocumentURI). A textDocument without
// a uri or a text is an error: opening it as empty would make every
// later edit apply to the wrong text. O(len(raw)); the text costs one
// allocation, of its own size plus 8 bytes when its escapes are the
// usual two-byte ones (see textCap).
func DecodeOpen(raw []byte) (OpenItem, error) {
	if p, ok := decodeOpenFast(raw); ok {
		if p.URI == "" {
			return OpenItem{}, errors.New("textDocument.uri is missing")
		}
		if !p.hasText {
			return OpenItem{}, errors.New("textDocument.text is missing")
		}
		return p, nil
	}
	var p protocol.DidOpenTextDocumentParams
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return OpenItem{}, err
	}
	var check struct {
		TextDocument struct {
			URI  *string `json:"uri"`
			Text *string `json:"text"`
		} `json:"textDocument"`
	}
	if err := protocol.Unmarshal(raw, &check); err != nil {
		return OpenItem{}, err
	}
	if check.TextDocument.Text == nil {
		return OpenItem{}, errors.New("textDocument.text is missing")
	}
	if check.TextDocument.URI == nil {
		return OpenItem{}, errors.New("textDocument.uri is missing")
	}
	u, err := DocumentURI(*check.TextDocument.URI)
	if err != nil {
		return OpenItem{}, err
	}
	item := &p.TextDocument
	return OpenItem{URI: u, LanguageID: string(item.LanguageID), Version: item.Version, Text: []byte(item.Text)}, nil
}

// DocumentURI returns s as a URI when the uri package accepts it, as
// the client spelt it, not rewritten into the package's canonical form:
// a server keys documents, and answers, by the client's own spelling,
// so that two URIs the client keeps apart stay apart. O(len(s)).
func DocumentURI(s string) (uri.URI, error) {
	if s == "" {
		return "", errors.New("the document URI is empty")
	}
	if _, err := uri.Parse(s); err != nil {
		return "", err
	}
	return uri.URI(s), nil
}

// decodeOpenFast is DecodeOpen for the input it understands; ok is false
// for anything else.
func decodeOpenFast(raw []byte) (p OpenItem, ok bool) {
	d := reader{raw: raw}
	d.space()
	seenItem := false
	if !d.object(func(key []byte) bool {
		if string(key) != "textDocument" {
			return d.skip(0)
		}
		if seenItem {
			return false
		}
		seenItem = true
		return d.item(&p)
	}) {
		return OpenItem{}, false
	}
	d.space()
	if d.i != len(raw) {
		return OpenItem{}, false
	}
	return p, true
}

// The members of a didOpen that item reads.
const (
	seenURI = 1 << iota
	seenLanguage
	seenVersion
	seenText
)

// item reads the TextDocumentItem.
// Each member is read at most once: the library merges duplicates (the
// last wins), which the fast path leaves to it.
func (d *reader) item(p *OpenItem) bool {
	var seen members
	return d.object(func(key []byte) bool {
		switch string(key) {
		case "uri":
			if !seen.once(seenURI) {
				return false
			}
			s, ok := d.stringValue(nil)
			if !ok {
				return false
			}
			u, err := DocumentURI(string(s))
			if err != nil {
				return false
			}
			p.URI = u
		case "languageId":
			if !seen.once(seenLanguage) {
				return false
			}
			s, ok := d.stringValue(nil)
			if !ok {
				return false
			}
			p.LanguageID = string(s)
		case "version":
			if !seen.once(seenVersion) {
				return false
			}
			v, ok := d.int32Value()
			if !ok {
				return false
			}
			p.Version = v
		case "text":
			if !seen.once(seenText) {
				return false
			}
			s, ok := d.stringValue(make([]byte, 0, textCap(d.raw, d.i)))
			if !ok {
				return false
			}
			p.Text, p.hasText = s, true
		default:
			return d.skip(0)
		}
		return true
	})
}

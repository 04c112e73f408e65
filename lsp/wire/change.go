package wire

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// This file decodes what text synchronisation must get exactly right: the
// document's URI as the client spelt it, and the content changes of a
// didChange, which are validated strictly. The protocol library reads a
// change it cannot decode as a whole-document change, which would replace
// the user's text by a fragment; here such a change is an error, and the
// document keeps its last good text.

// docParams is the part of every textDocument/* params this server needs
// before anything else: the document's URI, as sent.
type docParams struct {
	TextDocument struct {
		URI *string `json:"uri"`
	} `json:"textDocument"`
}

// TextDocumentURI returns params.textDocument.uri exactly as the client
// sent it (after JSON unescaping), checked by the uri package but not
// rewritten by it: a document is keyed, and answered, by the client's own
// spelling, so that two URIs the client keeps apart stay apart and
// diagnostics go to the URI the client knows. O(len(raw)).
func TextDocumentURI(raw []byte) (uri.URI, error) {
	var p docParams
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return "", err
	}
	if p.TextDocument.URI == nil {
		return "", errors.New("textDocument.uri is missing")
	}
	return DocumentURI(*p.TextDocument.URI)
}

// changeJSON is DidChangeTextDocumentParams with its changes kept raw,
// so that each is validated on its own terms.
type changeJSON struct {
	TextDocument struct {
		URI     *string `json:"uri"`
		Version *int32  `json:"version"`
	} `json:"textDocument"`
	ContentChanges *[]jsontext.Value `json:"contentChanges"`
}

// rawChange is one content change with every member kept raw: a member
// that is absent stays nil, a null one is "null".
type rawChange struct {
	Range       jsontext.Value `json:"range"`
	RangeLength jsontext.Value `json:"rangeLength"`
	Text        jsontext.Value `json:"text"`
}

// A TextChange is one validated content change: a partial change when
// whole is false, else a whole-document change.
type TextChange struct {
	Whole bool
	Range protocol.Range
	Text  string
}

// ChangeParams is a validated didChange.
type ChangeParams struct {
	URI     uri.URI
	Version int32
	Changes []TextChange
}

// ErrMalformedChange marks a didChange whose changes are neither valid
// partial changes nor valid whole-document changes.
var ErrMalformedChange = errors.New("malformed content change")

// DecodeChange decodes and validates didChange params. A change is
// either partial, {"range": Range, "rangeLength"?: uinteger, "text":
// string}, or whole, {"text": string} with no range member at all; a
// range that is null or not a Range of uintegers (0 to 2^31-1), a
// rangeLength that is not a uinteger, a text that is missing or not a
// string make the whole notification malformed (ErrMalformedChange):
// applying part of it, or reading it as a replacement, would leave the
// server's text different from the client's. O(len(raw)).
func DecodeChange(raw []byte) (ChangeParams, error) {
	if p, ok := decodeChangeParamsFast(raw); ok {
		return p, nil
	}
	return decodeChangeParamsSlow(raw)
}

// decodeChangeParamsSlow is DecodeChange through the library.
func decodeChangeParamsSlow(raw []byte) (ChangeParams, error) {
	var p changeJSON
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return ChangeParams{}, fmt.Errorf("%w: %v", ErrMalformedChange, err)
	}
	if p.TextDocument.URI == nil {
		return ChangeParams{}, errors.New("textDocument.uri is missing")
	}
	u, err := DocumentURI(*p.TextDocument.URI)
	if err != nil {
		return ChangeParams{}, err
	}
	out := ChangeParams{URI: u}
	if p.TextDocument.Version == nil {
		return out, fmt.Errorf("%w: textDocument.version is missing", ErrMalformedChange)
	}
	out.Version = *p.TextDocument.Version
	if p.ContentChanges == nil {
		return out, fmt.Errorf("%w: contentChanges is missing", ErrMalformedChange)
	}
	out.Changes = make([]TextChange, 0, len(*p.ContentChanges))
	for i, rc := range *p.ContentChanges {
		ch, err := decodeChange(rc)
		if err != nil {
			return out, fmt.Errorf("%w: change %d: %v", ErrMalformedChange, i, err)
		}
		out.Changes = append(out.Changes, ch)
	}
	return out, nil
}

// decodeChange validates one content change: by decodeChangeFast when
// it understands the change, else by decodeChangeSlow.
func decodeChange(raw jsontext.Value) (TextChange, error) {
	if ch, ok := decodeChangeFast(raw); ok {
		return ch, nil
	}
	return decodeChangeSlow(raw)
}

// decodeChangeParamsFast is DecodeChange for the params as clients send
// them, in one pass: the textDocument's uri and version, and the
// changes read by reader.change. ok is false for anything else
// (see change; a missing or duplicate member, a null, a URI the uri
// package refuses), which the library's path then reads, so that what
// is accepted and every error stay its own. O(len(raw)).
func decodeChangeParamsFast(raw []byte) (p ChangeParams, ok bool) {
	d := reader{raw: raw}
	const (
		seenDoc = 1 << iota
		seenDocURI
		seenDocVersion
		seenChanges
	)
	var seen members
	d.space()
	if !d.object(func(key []byte) bool {
		switch string(key) {
		case "textDocument":
			return seen.once(seenDoc) && d.object(func(key []byte) bool {
				switch string(key) {
				case "uri":
					s, ok := d.stringValue(nil)
					if !seen.once(seenDocURI) || !ok {
						return false
					}
					u, err := DocumentURI(string(s))
					p.URI = u
					return err == nil
				case "version":
					v, ok := d.int32Value()
					p.Version = v
					return seen.once(seenDocVersion) && ok
				}
				return d.skip(0)
			})
		case "contentChanges":
			p.Changes = []TextChange{}
			return seen.once(seenChanges) && d.sequence('[', ']', func() bool {
				ch, ok := d.change()
				p.Changes = append(p.Changes, ch)
				return ok
			})
		}
		return d.skip(0)
	}) {
		return ChangeParams{}, false
	}
	d.space()
	if d.i != len(raw) || seen != seenDoc|seenDocURI|seenDocVersion|seenChanges {
		return ChangeParams{}, false
	}
	return p, true
}

// Members of a content change read by reader.change.
const (
	seenRange = 1 << iota
	seenRangeLength
	seenChangeText
)

// decodeChangeFast is decodeChange's fast path for one change alone
// (reader.change, then the end of raw).
func decodeChangeFast(raw []byte) (TextChange, bool) {
	d := reader{raw: raw}
	d.space()
	ch, ok := d.change()
	d.space()
	return ch, ok && d.i == len(raw)
}

// change reads one content change as clients send it: an object with
// "range", "rangeLength" and "text" (each at most once, any order),
// unknown members skipped, the range read and checked as it goes
// (rangeValue). The text, which for a paste or a whole document is
// megabytes with every line end escaped, is unescaped in one pass into a
// buffer of its final size (stringValue, as didOpen's), where the
// library's path reads it three times (the params, the change, the
// text). ok is false for anything else: a null or duplicate member,
// escaped names, a range or rangeLength that does not check, rangeLength
// without range. O(len of the change).
func (d *reader) change() (ch TextChange, ok bool) {
	var text []byte
	var seen members
	if !d.object(func(key []byte) bool {
		switch string(key) {
		case "text":
			if !seen.once(seenChangeText) {
				return false
			}
			t, ok := d.stringValue(make([]byte, 0, textCap(d.raw, d.i)))
			text = t
			return ok
		case "range":
			return seen.once(seenRange) && d.rangeValue(&ch.Range)
		case "rangeLength":
			_, ok := d.uinteger()
			return seen.once(seenRangeLength) && ok
		}
		return d.skip(0)
	}) {
		return TextChange{}, false
	}
	if text == nil || seen&seenRange == 0 && seen&seenRangeLength != 0 {
		return TextChange{}, false
	}
	ch.Text = string(text)
	ch.Whole = seen&seenRange == 0
	return ch, true
}

// rangeValue reads a Range, {"start": Position, "end": Position}, each
// Position {"line": uinteger, "character": uinteger}.
func (d *reader) rangeValue(r *protocol.Range) bool {
	return d.pair("start", "end", func(i int) bool {
		return d.position([...]*protocol.Position{&r.Start, &r.End}[i])
	})
}

// position reads a Position for rangeValue.
func (d *reader) position(p *protocol.Position) bool {
	return d.pair("line", "character", func(i int) bool {
		v, ok := d.uinteger()
		*[...]*uint32{&p.Line, &p.Character}[i] = v
		return ok
	})
}

// pair reads an object with the members a and b, each once, read by
// value(0) and value(1); other members are skipped.
func (d *reader) pair(a, b string, value func(i int) bool) bool {
	var seen members
	return d.object(func(key []byte) bool {
		var i int
		switch string(key) {
		case a:
			i = 0
		case b:
			i = 1
		default:
			return d.skip(0)
		}
		if seen&(1<<i) != 0 || !value(i) {
			return false
		}
		seen |= 1 << i
		return true
	}) && seen == 3
}

// decodeChangeSlow validates one content change through the library.
func decodeChangeSlow(raw jsontext.Value) (TextChange, error) {
	if !isObject(raw) {
		return TextChange{}, errors.New("not an object")
	}
	var rc rawChange
	if err := protocol.Unmarshal(raw, &rc); err != nil {
		return TextChange{}, err
	}
	var ch TextChange
	if rc.Text == nil {
		return ch, errors.New(`"text" is missing`)
	}
	if err := strictUnmarshal(rc.Text, &ch.Text); err != nil {
		return ch, fmt.Errorf(`"text": %v`, err)
	}
	if rc.Range == nil {
		if rc.RangeLength != nil {
			return ch, errors.New(`"rangeLength" without "range"`)
		}
		ch.Whole = true
		return ch, nil
	}
	if err := decodeRange(rc.Range, &ch.Range); err != nil {
		return ch, fmt.Errorf(`"range": %v`, err)
	}
	if rc.RangeLength != nil {
		if _, err := uinteger(rc.RangeLength); err != nil {
			return ch, fmt.Errorf(`"rangeLength": %v`, err)
		}
	}
	return ch, nil
}

// decodeRange validates a Range: two Positions of uintegers.
func decodeRange(raw jsontext.Value, r *protocol.Range) error {
	var v struct {
		Start jsontext.Value `json:"start"`
		End   jsontext.Value `json:"end"`
	}
	if !isObject(raw) {
		return errors.New("not an object")
	}
	if err := protocol.Unmarshal(raw, &v); err != nil {
		return err
	}
	if err := decodePosition(v.Start, &r.Start); err != nil {
		return fmt.Errorf("start: %v", err)
	}
	if err := decodePosition(v.End, &r.End); err != nil {
		return fmt.Errorf("end: %v", err)
	}
	return nil
}

// decodePosition validates a Position.
func decodePosition(raw jsontext.Value, p *protocol.Position) error {
	if !isObject(raw) {
		return errors.New("not an object")
	}
	var v struct {
		Line      jsontext.Value `json:"line"`
		Character jsontext.Value `json:"character"`
	}
	if err := protocol.Unmarshal(raw, &v); err != nil {
		return err
	}
	line, err := uinteger(v.Line)
	if err != nil {
		return fmt.Errorf("line: %v", err)
	}
	char, err := uinteger(v.Character)
	if err != nil {
		return fmt.Errorf("character: %v", err)
	}
	p.Line, p.Character = line, char
	return nil
}

// uinteger reads the protocol's uinteger: an integer from 0 to 2^31-1,
// written as one (no fraction, no exponent).
func uinteger(raw jsontext.Value) (uint32, error) {
	if raw == nil {
		return 0, errors.New("missing")
	}
	if raw.Kind() != '0' {
		return 0, fmt.Errorf("%s is not a number", raw)
	}
	v, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil || v < 0 || v > math.MaxInt32 {
		return 0, fmt.Errorf("%s is not a uinteger (0 to 2^31-1)", raw)
	}
	return uint32(v), nil
}

// strictUnmarshal decodes raw into v, refusing null (which would
// silently decode as "no value").
func strictUnmarshal(raw jsontext.Value, v any) error {
	if raw.Kind() == 'n' {
		return errors.New("null")
	}
	return protocol.Unmarshal(raw, v)
}

// isObject reports whether raw is a JSON object.
func isObject(raw jsontext.Value) bool {
	return raw.Kind() == '{'
}

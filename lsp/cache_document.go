package lsp

import (
	"path"
	"strings"
	"sync/atomic"

	"go.lsp.dev/uri"

	"gamels/internal/textpos"
	"gamels/lsp/wire"
	"gamels/parse"
)

// A document is the cache's record of an open text document: its current
// snapshot, and what its snapshots share (the analysis cache). It knows
// nothing of the session: the session's record of the document
// (openDoc, session_text_sync.go) holds a document and what the session
// runs for it.
type document struct {
	uri   uri.URI
	snap  atomic.Pointer[snapshot]
	seq   atomic.Uint64 // the number of snapshots made so far
	cache *gameCache
}

// newDocument returns the document u, with its first snapshot made of sp.
func newDocument(u uri.URI, sp snapshotSpec) *document {
	d := &document{uri: u, cache: newGameCache()}
	d.next(sp)
	return d
}

// A snapshotSpec is what one snapshot of a document is made of, besides
// what the document gives each of its snapshots (its URI, its analysis
// cache and its rank). A snapshot embeds its spec.
type snapshotSpec struct {
	version int32
	kind    parse.Kind // 0 when the document is not a transcript
	// text is shared with the document's other snapshots: an edit makes
	// a new Text that shares what it did not touch (textpos.Text.Edit).
	text *textpos.Text
	enc  Encoding

	// The settings the snapshot is made with (cache_settings.go): a new
	// setting makes new snapshots (didChangeConfiguration), so that a
	// request reads them from its snapshot, as they were when the client
	// asked.
	rules    parse.Rules      // gamels.pousse.rules (the file's own line wins)
	verdicts VerdictLevel     // gamels.diagnostics.verdicts
	engine   AnalysisSettings // gamels.analysis: the engine's annotations and searches

	// outOfSync is set when a change could not be applied: text is the
	// last good text, which the client no longer has. Requests that
	// answer with edits refuse such a snapshot (errOutOfSync).
	outOfSync bool

	// expected is the expected output the snapshot is compared with,
	// as it is read; nil when it has none (cache_expected.go).
	expected *expectedRef
}

// withSettings returns sp with the settings of set.
func (sp snapshotSpec) withSettings(set Settings) snapshotSpec {
	sp.rules, sp.verdicts, sp.engine = set.PousseRules, set.Verdicts, set.Analysis
	return sp
}

// spec returns what s is made of, for a next snapshot that changes part
// of it.
func (s *snapshot) spec() snapshotSpec { return s.snapshotSpec }

// next makes the document's next snapshot from sp, makes it current and
// returns it. It is the one place a document's snapshot is made.
func (d *document) next(sp snapshotSpec) *snapshot {
	snap := &snapshot{
		snapshotSpec: sp,
		uri:          d.uri,
		cache:        d.cache,
		seq:          d.seq.Add(1),
	}
	if old := d.snap.Swap(snap); old != nil {
		old.supersede()
	}
	return snap
}

// kindOf returns the transcript kind named by a language id or, failing
// that, by the document's file extension.
func kindOf(languageID string, u uri.URI) parse.Kind {
	if k, ok := parse.KindOf(strings.ToLower(languageID)); ok {
		return k
	}
	p := string(u)
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	if k, ok := parse.KindOf(strings.ToLower(path.Base(p))); ok {
		return k
	}
	return 0
}

// applyChanges returns the text that results from applying changes in
// order to the text of snapshot old. Each ranged change is located in the
// text as left by the changes before it, with that text's own line index,
// and applied with textpos.Text.Edit, which shares every chunk of the
// text the change does not touch: O(bytes of the touched chunks + the
// change's text + chunks) per change, never a copy of the document. A
// whole-document change replaces everything (textpos.FromBytes, O(its
// length)).
//
// inSync is false when a ranged change applies to a text the server no
// longer knows (old is out of sync and no whole-document change came
// first): the text is then old's, unchanged.
func applyChanges(old *snapshot, changes []wire.TextChange) (text *textpos.Text, inSync bool) {
	text, m, inSync := old.text, old.Mapper(), !old.outOfSync
	for _, c := range changes {
		if c.Whole {
			text, m, inSync = textpos.FromBytes([]byte(c.Text)), nil, true
			continue
		}
		if !inSync {
			return old.text, false
		}
		if m == nil {
			m = NewMapper(text, old.enc)
		}
		sp := m.Span(c.Range)
		text = text.Edit(sp.Start, sp.End, []byte(c.Text))
		m = nil
	}
	return text, inSync
}

package lsp

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// TestMethodTable checks the table of methods: one handler per method,
// and the capabilities the answer to initialize lists, which are the
// ones the README names.
func TestMethodTable(t *testing.T) {
	for name, m := range methodTable() {
		n := 0
		for _, set := range []bool{m.lifecycle != nil, m.request != nil, m.notify != nil, m.always != nil} {
			if set {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d handlers, want 1", name, n)
		}
	}

	c := startServer(t, nil)
	res := c.initialize(nil, "")
	raw, err := protocol.Marshal(&res.Capabilities)
	if err != nil {
		t.Fatal(err)
	}
	var caps map[string]json.RawMessage
	if err := json.Unmarshal(raw, &caps); err != nil {
		t.Fatal(err)
	}
	var got []string
	for k := range caps {
		got = append(got, k)
	}
	slices.Sort(got)
	want := []string{
		"codeActionProvider", "codeLensProvider", "completionProvider", "definitionProvider",
		"documentFormattingProvider", "documentHighlightProvider", "documentRangeFormattingProvider",
		"documentSymbolProvider", "executeCommandProvider", "experimental", "foldingRangeProvider", "hoverProvider",
		"inlayHintProvider", "positionEncoding", "semanticTokensProvider", "textDocumentSync",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("capabilities (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(`{"openClose":true,"change":2}`, string(caps["textDocumentSync"])); diff != "" {
		t.Errorf("textDocumentSync (-want +got):\n%s", diff)
	}
}

package lsp

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// maxEchoed bounds what an error message or a window/showMessage may
// hold: a parameter echoed is cut (parse's 24 bytes, "..."), as the
// messages about a document's tokens are.
const maxEchoed = 400

// TestHugeParamsCut sends requests and settings whose strings are huge
// (a 1 MB theme, a 2 MB slot ...) to a server process: every answer and
// message that names them is short, and the server goes on serving.
func TestHugeParamsCut(t *testing.T) {
	rs, _ := startRawCmd(t, exec.Command(buildGamels(t), "serve"))
	rs.roundTrip("1", "initialize", `{"capabilities":{}}`)
	rs.send(frame(note("initialized", "{}")))
	const u = "file:///huge.pousse"
	rs.send(frame(note("textDocument/didOpen", openParams(u, "4\nL1\nQUIT\n"))))
	rs.waitPublished(u)
	huge := func(n int) string {
		b, _ := json.Marshal(strings.Repeat("\x1b]0;Q", n/5))
		return string(b)
	}
	at := `"textDocument":{"uri":"` + u + `","version":1},"position":{"line":1,"character":0}`
	for i, tc := range []struct{ method, params string }{
		{PictureMethod, `{` + at + `,"format":` + huge(1<<20) + `}`},
		{PictureMethod, `{` + at + `,"format":"svg","theme":` + huge(1<<20) + `}`},
		{PlayMethod, `{"textDocument":{"uri":"` + u + `","version":1},"game":1,"move":1,"slot":` + huge(2<<20) + `}`},
		{EvaluateMethod, `{` + at + `,"slot":` + huge(2<<20) + `}`},
		{protocol.MethodWorkspaceExecuteCommand, `{"command":` + huge(1<<20) + `,"arguments":[]}`},
	} {
		m := rs.roundTrip(fmt.Sprintf(`"h%d"`, i), tc.method, tc.params)
		if len(m.body) > maxEchoed+200 {
			t.Errorf("%s: an answer of %d bytes: %.300s", tc.method, len(m.body), m.body)
		}
		if strings.Contains(string(m.body), `\u001b]0;Q\u001b]0;Q\u001b]0;Q\u001b]0;Q\u001b]0;Q\u001b]0;Q`) {
			t.Errorf("%s: the parameter is echoed at length: %.300s", tc.method, m.body)
		}
	}
	// A refused setting is shown in a window/showMessage.
	rs.send(frame(note(protocol.MethodWorkspaceDidChangeConfiguration, `{"settings":{"gamels":{"pousse":{"rules":`+huge(1<<20)+`}}}}`)))
	for {
		m := rs.next("window/showMessage")
		if m.Method != protocol.MethodWindowShowMessage {
			continue
		}
		if len(m.body) > maxEchoed+200 {
			t.Errorf("showMessage of %d bytes: %.300s", len(m.body), m.body)
		}
		break
	}
	if m := rs.roundTrip(`"last"`, protocol.MethodTextDocumentDocumentSymbol, `{"textDocument":{"uri":"`+u+`"}}`); m.Error != nil {
		t.Fatalf("the server no longer serves: %s", m.body)
	}
}

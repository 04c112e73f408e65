package lsp

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"gamels/internal/gen"
)

// TestProcessPictureCancelled asks a server process for the GIF of a
// long game (1,500 moves on 30 x 30, some seconds of painting), cancels
// it 50 ms later, and asks for the PNG of a position: the GIF is answered
// RequestCancelled, not painted to its end, and the PNG after it. The
// latency of the cancel is logged, not asserted (speed is the
// benchmarks').
func TestProcessPictureCancelled(t *testing.T) {
	if testing.Short() {
		t.Skip("a server process painting for seconds: not in -short")
	}
	rs, _ := startRawProcess(t)
	rs.roundTrip("1", "initialize", `{"capabilities":{},"initializationOptions":{"gamels.analysis.enabled":false}}`)
	rs.send(frame(note("initialized", "{}")))
	const u = "file:///long.pousse"
	text := gen.Pousse(21, gen.PousseOptions{Games: 1, MinN: 30, MaxN: 30, MinMoves: 1500, MaxMoves: 1500})
	rs.send(frame(note("textDocument/didOpen", openParams(u, string(text)))))
	rs.waitPublished(u)
	params := func(format string) string {
		return `{"textDocument":{"uri":"` + u + `"},"position":{"line":1400,"character":0},"format":"` + format + `"}`
	}
	rs.send(frame(call("10", PictureMethod, params("gif"))))
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	rs.send(frame(note("$/cancelRequest", `{"id":10}`)))
	rs.send(frame(call("11", PictureMethod, params("png"))))
	ma := rs.wait("10")
	t.Logf("the GIF cancelled answered %v after the cancel", time.Since(start))
	if ma.Error == nil || ma.Error.Code != int64(protocol.LSPErrorCodesRequestCancelled) {
		t.Errorf("the GIF cancelled answered %.200s, want RequestCancelled", ma.body)
	}
	mb := rs.wait("11")
	var r pictureResult
	if mb.Error != nil || json.Unmarshal(mb.Result, &r) != nil || r.Format != "png" || r.Move < 1 {
		t.Errorf("the PNG after it: %.200s", mb.body)
	}
	t.Logf("the PNG of move %s answered %v after the cancel", strconv.Itoa(r.Move), time.Since(start))
}

// TestProcessPictureProgress asks a server process that offers
// window.workDoneProgress for the GIF of the long game, and cancels it
// from its progress once a frame is reported: the token is created, begin
// is cancellable and titled, reports count the frames, end comes and the
// request answers RequestCancelled.
func TestProcessPictureProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("a server process painting for seconds: not in -short")
	}
	rs, _ := startRawProcess(t)
	rs.roundTrip("1", "initialize", `{"capabilities":{"window":{"workDoneProgress":true}},"initializationOptions":{"gamels.analysis.enabled":false}}`)
	rs.send(frame(note("initialized", "{}")))
	const u = "file:///long.pousse"
	text := gen.Pousse(21, gen.PousseOptions{Games: 1, MinN: 30, MaxN: 30, MinMoves: 1500, MaxMoves: 1500})
	rs.send(frame(note("textDocument/didOpen", openParams(u, string(text)))))
	rs.waitPublished(u)
	rs.send(frame(call("20", PictureMethod, `{"textDocument":{"uri":"`+u+`"},"position":{"line":5,"character":0},"format":"gif"}`)))
	var events []string
	for {
		m := rs.next("the GIF's progress")
		if m.isResponse() {
			if !sameRaw(m.ID, "20") {
				continue
			}
			if m.Error == nil || m.Error.Code != int64(protocol.LSPErrorCodesRequestCancelled) {
				t.Errorf("the GIF answered %.200s, want RequestCancelled", m.body)
			}
			events = append(events, "answer")
			break
		}
		switch m.Method {
		case protocol.MethodWindowWorkDoneProgressCreate:
			rs.send(frame(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":null}`))
			events = append(events, "create")
		case protocol.MethodProgress:
			var p struct {
				Token string `json:"token"`
				Value struct {
					Kind, Title, Message string
					Cancellable          bool
				} `json:"value"`
			}
			if err := json.Unmarshal(m.Params, &p); err != nil {
				t.Fatal(err)
			}
			switch p.Value.Kind {
			case "begin":
				events = append(events, "begin")
				if !p.Value.Cancellable || !strings.Contains(p.Value.Title, "GIF") {
					t.Errorf("begin %s, want cancellable, titled", m.Params)
				}
			case "report":
				if len(events) > 0 && events[len(events)-1] == "report" {
					break
				}
				events = append(events, "report")
				if !strings.Contains(p.Value.Message, "of 1501") {
					t.Errorf("report %s, want the frames counted", m.Params)
				}
				rs.send(frame(note(protocol.MethodWindowWorkDoneProgressCancel, `{"token":"`+p.Token+`"}`)))
			case "end":
				events = append(events, "end")
			}
		}
	}
	if !slices.Equal(events, []string{"create", "begin", "report", "end", "answer"}) {
		t.Errorf("events %v, want create, begin, report, end, answer", events)
	}
}

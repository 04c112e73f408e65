package lsp

import (
	"bytes"
	"context"
	"gamels/internal/gen"
	"gamels/internal/textpos"
	"gamels/parse"
	"net"
	"slices"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// TestTyping types quickly in the middle of a 1 MB transcript and checks
// that the server keeps up and ends with the diagnostics of the final
// text. (Timing is reported by BenchmarkServerTyping, not asserted.)
func TestTyping(t *testing.T) {
	text := gen.Pousse(8, gen.PousseOptions{Games: 100, MinN: 60, MaxN: 100, MinMoves: 200, MaxMoves: 5000})
	edits := 100
	if testing.Short() {
		edits = 24
	}
	r := typeInto(t, text, edits, 10*time.Millisecond, nil)
	t.Logf("%d edits of %d bytes: %d publications, %.1f ms CPU per edit, last diagnostics %v after the last edit",
		r.edits, len(text), r.publications, float64(r.cpu.Microseconds())/1e3/float64(r.edits), r.lag)
}

type typingResult struct {
	edits, publications, maxBehind int
	cpu, lag                       time.Duration
}

// typeInto opens text and makes edits at the given interval in the
// middle of it: typing a move line character by character, then deleting
// it. It checks that the last publication is for the last version and
// equals the diagnostics computed afresh for the final text.
func typeInto(tb testing.TB, text []byte, edits int, every time.Duration, opts *Options) typingResult {
	var c *testClient
	if opts == nil {
		c = startServer(tb, nil)
	} else {
		a, b := net.Pipe()
		srv := NewServer(*opts)
		exit := make(chan int, 1)
		go func() { exit <- srv.Serve(context.Background(), jsonrpc2.NewStream(a)) }()
		c = connectClient(tb, jsonrpc2.NewStream(b), exit)
		c.srv = srv
	}
	c.initialize(nil, "")
	const u = "file:///typing.pousse"
	c.open(u, 1, string(text))
	c.waitVersion(u, 1)
	line, _ := editPoint(text)
	l := uint32(line)
	at := testMapper(text, UTF16).LineSpan(line).Start // the line's offset, ASCII before it
	type change struct {
		start, end int
		text       string
	}
	var changes []change // for the reference text, applied at the end
	typed := "B17\n"
	v := int32(1)
	start := cpuTime()
	tick := time.NewTicker(every)
	defer tick.Stop()
	maxBehind := 0
	var last time.Time
	for k := range edits {
		<-tick.C
		var ch *protocol.TextDocumentContentChangePartial
		if p := k % (2 * len(typed)); p < len(typed) {
			ch = partial(rng(l, uint32(p), l, uint32(p)), typed[p:p+1]) // type a character
			changes = append(changes, change{at + p, at + p, typed[p : p+1]})
		} else {
			q := 2*len(typed) - p // characters left, deleted from the end
			if q == len(typed) {
				ch = partial(rng(l, uint32(q-1), l+1, 0), "") // the line end
			} else {
				ch = partial(rng(l, uint32(q-1), l, uint32(q)), "")
			}
			changes = append(changes, change{at + q - 1, at + q, ""})
		}
		v++
		c.change(u, v, ch)
		last = time.Now()
		if pubs := c.publications(u); len(pubs) > 0 {
			got, _ := pubs[len(pubs)-1].Version.Get()
			maxBehind = max(maxBehind, int(v-got))
		}
	}
	p := c.waitVersion(u, v)
	lag := time.Since(last)
	cpu := cpuTime() - start
	final := text
	for _, ch := range changes {
		final = slices.Concat(final[:ch.start], []byte(ch.text), final[ch.end:])
	}
	snap := &snapshot{uri: u, snapshotSpec: snapshotSpec{kind: parse.Pousse, text: textpos.FromBytes(final), enc: UTF16, rules: parse.RulesDefault}}
	fa, err := snap.Analysis()
	if err != nil {
		tb.Fatal(err)
	}
	want := capPublished(computeDiagnostics(snap, fa))
	if s, _ := c.srv.snapshot(u); !bytes.Equal(s.text.Bytes(), final) {
		tb.Fatalf("the server's text differs from the client's")
	}
	if len(p.Diagnostics) != len(want) {
		tb.Fatalf("final publication has %d diagnostics, want %d", len(p.Diagnostics), len(want))
	}
	for i := range want {
		if p.Diagnostics[i].Range != want[i].Range || p.Diagnostics[i].Message != want[i].Message {
			tb.Fatalf("final diagnostic %d = %v %q, want %v %q", i, p.Diagnostics[i].Range, p.Diagnostics[i].Message, want[i].Range, want[i].Message)
		}
	}
	return typingResult{edits: edits, publications: len(c.publications(u)) - 1, maxBehind: maxBehind, cpu: cpu, lag: lag}
}

// cpuTime returns the CPU time used by the process so far (user and
// system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

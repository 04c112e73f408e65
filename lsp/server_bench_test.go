package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/internal/gen"
	"gamels/internal/textpos"
	"gamels/parse"
)

// The server's speed goals (BENCHMARKS.md, "The language server"),
// measured through the protocol with a real client over net.Pipe, on two
// reproducible inputs:
//
//   - many: about 10 MB of Pousse, 1000 random games (N 60..100, 200 to
//     5000 moves each), plain layout;
//   - long: one game of 100000 random moves at N = 100.
//
// Each figure has a judge counterpart on the same content (parse and
// analyse on all processors, as the open does: see judgeContent).

var (
	perfOnce           sync.Once
	perfMany, perfLong []byte
)

func perfInputs() (many, long []byte) {
	perfOnce.Do(func() {
		perfMany = gen.Pousse(6, gen.PousseOptions{Games: 1000, MinN: 60, MaxN: 100, MinMoves: 200, MaxMoves: 5000})
		perfLong = gen.Pousse(7, gen.PousseOptions{Games: 1, MinN: 100, MaxN: 100, MinMoves: 100000, MaxMoves: 100000})
	})
	return perfMany, perfLong
}

func perfInput(name string) []byte {
	many, long := perfInputs()
	if name == "long" {
		return long
	}
	return many
}

var perfNames = []string{"many", "long"}

// BenchmarkJudgeContent is what `gamels judge` does with the content,
// in process: parse, analyse every game as it is read (on every
// processor: see judgeContent), print.
func BenchmarkJudgeContent(b *testing.B) {
	for _, name := range perfNames {
		text := perfInput(name)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			var out bytes.Buffer
			for b.Loop() {
				out.Reset()
				judgeContent(text, &out)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N), "ms/input")
		})
	}
}

// judgeContent writes the verdicts of the Pousse games in text the way
// `gamels judge` computes them (cmd/gamels/judge.go): each game is
// analysed as soon as the parser has read it. It uses a worker per
// processor, as the server's open does, so that the comparisons with the
// open weigh the same work (the judge itself plays on one worker beside
// the parser, for less CPU: cmd/gamels/judge_stream.go).
func judgeContent(text []byte, out *bytes.Buffer) {
	a := analyze.NewAnalyzer(parse.Pousse, runtime.GOMAXPROCS(0))
	parse.ParseEach(parse.Pousse, text, func(_ *parse.File, g *parse.Game) {
		a.Add(g, parse.RulesContest)
	})
	for _, o := range a.Wait() {
		out.WriteString(o.Verdict)
		out.WriteByte('\n')
	}
}

// editPoint returns the line of a move near the middle of the text.
func editPoint(text []byte) (line int, move string) {
	m := testMapper(text, UTF16)
	line = m.Line(len(text) / 2)
	for {
		sp := m.LineSpan(line)
		if s := string(text[sp.Start:sp.End]); len(s) >= 2 && strings.ContainsRune("LRTB", rune(s[0])) {
			return line, s
		}
		line++
	}
}

// BenchmarkServerEdit measures the change of one move in the middle of
// the document to the publication of the new version's diagnostics:
// "same length" turns Lk into Rk (and back); "insert line" adds a move
// line and removes it again, so every later offset and line moves.
func BenchmarkServerEdit(b *testing.B) {
	for _, name := range append(perfNames, "many/first game") {
		text := perfInput(strings.TrimSuffix(name, "/first game"))
		line, move := editPoint(text)
		if strings.HasSuffix(name, "/first game") {
			// A move of the first game: the parse resumes at its start.
			line, move = 3, strings.SplitN(string(text), "\n", 5)[3]
		}
		for _, edit := range []string{"same length", "insert line"} {
			b.Run(name+"/"+edit, func(b *testing.B) {
				c := startServer(b, nil)
				c.initialize(nil, "")
				const u = "file:///edit.pousse"
				c.open(u, 1, string(text))
				c.waitVersion(u, 1)
				v := int32(1)
				l := uint32(line)
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					v++
					var ch protocol.TextDocumentContentChangeEvent
					switch {
					case edit == "same length":
						other := "R" + move[1:] // another move, of the same length
						if move[0] == 'R' {
							other = "L" + move[1:]
						}
						if v%2 == 1 {
							other = move
						}
						ch = partial(rng(l, 0, l, uint32(len(move))), other)
					case v%2 == 0:
						ch = partial(rng(l, 0, l, 0), "T1\n")
					default:
						ch = partial(rng(l, 0, l+1, 0), "")
					}
					c.change(u, v, ch)
					c.waitVersion(u, v)
					b.StopTimer()
					c.forget(u)
					b.StartTimer()
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N), "ms/edit")
			})
		}
	}
}

// BenchmarkServerHover measures hovers on moves spread over the document
// (for the long game, including moves 99999 and 100000) against a trivial
// request to the same server (an unknown method: decoding, dispatch, an
// error answer), with the server in process over net.Pipe. It reports
// the p50 and p99 of both, and their ratio. BenchmarkServerHoverProcess
// does the same with the server as a process behind OS pipes, the way an
// editor runs it.
func BenchmarkServerHover(b *testing.B) {
	for _, name := range perfNames {
		b.Run(name, func(b *testing.B) {
			c := startServer(b, nil)
			hoverLatency(b, c, perfInput(name))
		})
	}
}

func BenchmarkServerHoverProcess(b *testing.B) {
	for _, name := range perfNames {
		b.Run(name, func(b *testing.B) {
			c, _ := startServerProcess(b)
			hoverLatency(b, c, perfInput(name))
			if code := c.shutdownExit(); code != 0 {
				b.Fatalf("server exit status %d", code)
			}
		})
	}
}

// hoverLatency opens text in the server of c and times hovers and
// trivial requests, alternately.
//
// The client takes both answers as raw JSON (the bytes are read and
// scanned, not decoded into Go values): go.lsp.dev's decoder of the
// hover's markdown string costs more than the server's whole hover, and
// that is the test client's work, not the server's. Every hover is on
// another move (1000 lines spread over the text), so no cache of recent
// boards could answer it.
func hoverLatency(b *testing.B, c *testClient, text []byte) {
	c.initialize(nil, "")
	const u = "file:///hover.pousse"
	c.open(u, 1, string(text))
	c.waitVersion(u, 1)
	m := testMapper(text, UTF16)
	// Move lines, spread over the text, and the last moves.
	lines := spreadMoveLines(text, m, 1000)
	last := uint32(m.Line(len(text)-1) - 1) // the last move, before QUIT
	lines = append(lines, last, last-1)     // in the long game, moves 100000 and 99999
	ctx := context.Background()
	hover := func(l uint32) {
		var raw json.RawMessage
		_, err := c.conn.Call(ctx, protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos(l, 1)}}, &raw)
		if err != nil || !bytes.Contains(raw, []byte("```text")) {
			b.Fatalf("hover at line %d: %.100s %v", l, raw, err)
		}
	}
	ping := func() {
		var raw json.RawMessage
		if _, err := c.conn.Call(ctx, "gamels/ping", nil, &raw); err == nil {
			b.Fatal("ping: want method not found")
		}
	}
	for _, l := range lines[:64] {
		hover(l) // warm: the snapshot's mapper and analysis are built
	}
	var hovers, pings []time.Duration
	i := 0
	for b.Loop() {
		t := time.Now()
		hover(lines[i%len(lines)])
		hovers = append(hovers, time.Since(t))
		t = time.Now()
		ping()
		pings = append(pings, time.Since(t))
		i++
	}
	h50, h99 := percentiles(hovers)
	p50, p99 := percentiles(pings)
	b.ReportMetric(float64(h50.Microseconds()), "hover-p50-µs")
	b.ReportMetric(float64(h99.Microseconds()), "hover-p99-µs")
	b.ReportMetric(float64(p50.Microseconds()), "trivial-p50-µs")
	b.ReportMetric(float64(p99.Microseconds()), "trivial-p99-µs")
	b.ReportMetric(float64(h99)/float64(p99), "p99-ratio")
}

// spreadMoveLines returns count lines of moves of the Pousse text (m
// its mapper) spread evenly over it: for each k, the first line that
// starts with a letter at or after byte len(text)*k/count.
func spreadMoveLines(text []byte, m *Mapper, count int) []uint32 {
	var lines []uint32
	for k := range count {
		l := m.Line(len(text) * k / count)
		for text[m.LineSpan(l).Start] < 'A' {
			l++
		}
		lines = append(lines, uint32(l))
	}
	return lines
}

func percentiles(ds []time.Duration) (p50, p99 time.Duration) {
	if len(ds) == 0 {
		return 0, 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2], s[min(len(s)-1, len(s)*99/100)]
}

// BenchmarkServerTyping types in the middle of the large document: one
// edit every 50 ms for 10 s (one iteration), as a person typing moves
// and deleting them. It reports the server's CPU per edit, the number of
// publications, and the delay from the last edit to its diagnostics; it
// fails if the final diagnostics are not those of the final text.
//
// "debounce 5ms" is the test server's setting (every edit analysed);
// "default" is the server's own (60ms debounce, 400ms longest delay: a
// burst of edits 50ms apart is analysed every 400ms).
func BenchmarkServerTyping(b *testing.B) {
	text := perfInput("many")
	for _, setting := range []struct {
		name string
		opts *Options
	}{{"debounce 5ms", nil}, {"default", &Options{}}} {
		b.Run(setting.name, func(b *testing.B) {
			for b.Loop() {
				r := typeInto(b, text, 200, 50*time.Millisecond, setting.opts)
				b.ReportMetric(float64(r.cpu.Microseconds())/1e3/float64(r.edits), "cpu-ms/edit")
				b.ReportMetric(float64(r.publications), "publications")
				b.ReportMetric(float64(r.lag.Microseconds())/1e3, "final-lag-ms")
				b.ReportMetric(float64(r.maxBehind), "max-versions-behind")
			}
		})
	}
}

// BenchmarkServerMemory opens the 10 MB document and reports the live
// heap it adds (after a GC, the client's copy of the text excluded as far
// as the baseline allows) and the process's resident set, both as
// multiples of the file size.
func BenchmarkServerMemory(b *testing.B) {
	for _, name := range perfNames {
		text := string(perfInput(name))
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				c := startServer(b, nil)
				c.initialize(nil, "")
				heap0 := liveHeap()
				const u = "file:///memory.pousse"
				c.open(u, 1, text)
				c.waitVersion(u, 1)
				c.forget(u)
				heap := liveHeap() - heap0
				b.ReportMetric(float64(heap)/float64(len(text)), "heap/size")
				b.ReportMetric(float64(heap)/(1<<20), "heap-MB")
				b.ReportMetric(float64(rss())/float64(len(text)), "rss/size")
				// A line inserted in the middle: the games after it are
				// moved (new Games sharing their moves) while the reused
				// engine results keep the old ones.
				line, _ := editPoint([]byte(text))
				c.change(u, 2, partial(rng(uint32(line), 0, uint32(line), 0), "T1\n"))
				c.waitVersion(u, 2)
				c.forget(u)
				b.ReportMetric(float64(liveHeap()-heap0)/float64(len(text)), "heap/size-after-edit")
				// Ten more edits, alternately removing and inserting the line.
				for v := int32(3); v < 13; v++ {
					ch := partial(rng(uint32(line), 0, uint32(line+1), 0), "")
					if v%2 == 0 {
						ch = partial(rng(uint32(line), 0, uint32(line), 0), "T1\n")
					}
					c.change(u, v, ch)
					c.waitVersion(u, v)
					c.forget(u)
				}
				b.ReportMetric(float64(liveHeap()-heap0)/float64(len(text)), "heap/size-after-11-edits")
				c.closeDoc(u)
			}
		})
	}
}

func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// rss returns the process's resident set size in bytes.
func rss() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseUint(f[1], 10, 64)
	return pages * uint64(os.Getpagesize())
}

// forget drops the publications recorded for u, so that a long benchmark
// does not keep them all.
func (c *testClient) forget(u uri.URI) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.published = slices.DeleteFunc(c.published, func(p *protocol.PublishDiagnosticsParams) bool { return p.URI == u })
}

// BenchmarkHoverCompute is the server's own work for a hover on a move
// (no protocol): find the game and move, rebuild the board from the
// nearest checkpoint, draw it. Reports the markdown's size.
func BenchmarkHoverCompute(b *testing.B) {
	for _, name := range perfNames {
		text := perfInput(name)
		b.Run(name, func(b *testing.B) {
			fa := analyzeFile(parse.Pousse, textpos.FromBytes(text), parse.RulesContest, nil, nil)
			var offs []int
			for k := range 64 {
				ga := fa.gameAt(len(text) * k / 64)
				if ga == nil || len(ga.game.Moves) == 0 {
					continue
				}
				i := len(ga.game.Moves) * k / 64
				offs = append(offs, ga.game.MoveSpan(i).Start)
			}
			last := fa.games[len(fa.games)-1].game
			offs = append(offs, last.MoveSpan(len(last.Moves)-2).Start) // move 99999 of the long game
			size, i := 0, 0
			for b.Loop() {
				off := offs[i%len(offs)]
				i++
				md, _, ok := hoverText(textpos.FromBytes(text), parse.Pousse, fa.rules, fa.gameAt(off), off)
				if !ok {
					b.Fatal("no hover")
				}
				size = len(md)
			}
			b.ReportMetric(float64(size), "markdown-bytes")
		})
	}
}

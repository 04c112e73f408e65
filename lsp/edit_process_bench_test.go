package lsp

import (
	"io"
	"os"
	"slices"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/internal/gen"
)

// BenchmarkServerEditProcess runs the server as a process behind OS
// pipes, the way an editor does, opens the 10 MB document and then
// edits one move in its middle, timing each edit from the client's
// didChange to the publication of that version's diagnostics, received
// and decoded by the client. The server's debounce is 1ms, so that the
// figure is the server's work, not its wait for more typing.
//
// "same length" turns a move Lk into Rk and back; "insert line" adds a
// move line and removes it again, so that every later offset and line
// moves; "spot/insert comment" does the same with a comment line in a
// 10 MB Spot file of 20,000 games (each with its verdict diagnostic, so
// that every publication carries 20,000 diagnostics). It reports the open (the didOpen frame is encoded before its
// clock starts), the mean, median and slowest edit, the mean edit as a
// percentage of the open, and the server's resident set after the open,
// after the edits and after 2.5s of idleness (Options.IdleRelease), as
// multiples of the document's size, with the time of one more edit
// after that idleness.
func BenchmarkServerEditProcess(b *testing.B) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("no /proc")
	}
	many := perfInput("many")
	spot := gen.Spot(3, gen.SpotOptions{Games: 20000, MinN: 20, MaxN: 50})
	for _, bc := range []struct{ name, edit string }{
		{"many", "same length"}, {"many", "insert line"}, {"spot", "insert comment"},
	} {
		text, u := many, uri.URI("file:///edit.pousse")
		if bc.name == "spot" {
			text, u = spot, "file:///edit.spot"
		}
		edit := bc.edit
		var line int
		var move string
		ins := "T1\n" // the line inserted
		if bc.name == "spot" {
			line, ins = testMapper(text, UTF16).Line(len(text)/2), "# x\n"
		} else {
			line, move = editPoint(text)
		}
		b.Run(bc.name+"/"+edit, func(b *testing.B) {
			c, pid, in := startServerProcessIO(b, perfDebounceEnv+"=1ms")
			c.initialize(nil, "")
			frame := openFrame(b, u, 1, string(text))
			t := time.Now()
			writeRaw(b, in, frame)
			c.waitVersion(u, 1)
			open := time.Since(t)
			c.forget(u)
			time.Sleep(50 * time.Millisecond) // let the publication's garbage settle
			rssOpen := procStatus(pid, "VmRSS")
			v := int32(1)
			l := uint32(line)
			var edits []time.Duration
			for b.Loop() {
				v++
				var ch protocol.TextDocumentContentChangeEvent
				switch {
				case edit == "same length":
					other := "R" + move[1:]
					if move[0] == 'R' {
						other = "L" + move[1:]
					}
					if v%2 == 1 {
						other = move
					}
					ch = partial(rng(l, 0, l, uint32(len(move))), other)
				case v%2 == 0:
					ch = partial(rng(l, 0, l, 0), ins)
				default:
					ch = partial(rng(l, 0, l+1, 0), "")
				}
				t := time.Now()
				c.change(u, v, ch)
				c.waitVersion(u, v)
				edits = append(edits, time.Since(t))
				b.StopTimer()
				c.forget(u)
				b.StartTimer()
			}
			time.Sleep(50 * time.Millisecond)
			rssEdits := procStatus(pid, "VmRSS")
			// Idle: the server returns the edits' garbage (Options.IdleRelease).
			time.Sleep(2500 * time.Millisecond)
			rssIdle := procStatus(pid, "VmRSS")
			// The first edit after that pays for fresh pages again.
			v++
			t = time.Now()
			c.change(u, v, partial(rng(l, 0, l, 0), ins))
			c.waitVersion(u, v)
			afterIdle := time.Since(t)
			size := float64(len(text))
			var sum time.Duration
			for _, d := range edits {
				sum += d
			}
			mean := sum / time.Duration(len(edits))
			p50, _ := percentiles(edits)
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
			b.ReportMetric(ms(open), "open-ms")
			b.ReportMetric(ms(mean), "ms/edit")
			b.ReportMetric(ms(p50), "edit-p50-ms")
			b.ReportMetric(ms(slices.Max(edits)), "edit-max-ms")
			b.ReportMetric(100*float64(mean)/float64(open), "edit-%-of-open")
			b.ReportMetric(float64(rssOpen)/size, "rss/size-after-open")
			b.ReportMetric(float64(rssEdits)/size, "rss/size-after-edits")
			b.ReportMetric(float64(rssIdle)/size, "rss/size-idle")
			b.ReportMetric(ms(afterIdle), "edit-after-idle-ms")
			b.ReportMetric(float64(procStatus(pid, "VmHWM"))/size, "peak/size")
			if code := c.shutdownExit(); code != 0 {
				b.Fatalf("server exit status %d", code)
			}
		})
	}
}

// writeRaw writes a whole frame to a server's standard input, in one
// Write.
func writeRaw(tb testing.TB, w io.Writer, frame []byte) {
	tb.Helper()
	if _, err := w.Write(frame); err != nil {
		tb.Fatalf("writing a frame: %v", err)
	}
}

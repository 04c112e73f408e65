package textpos

import (
	"bytes"
	"testing"
)

// transcript is a text like a large Pousse transcript: short ASCII lines.
var transcript = bytes.Repeat([]byte("L12\nT3\nB100\nQUIT\n100\n# a comment\n"), 1<<15)

func BenchmarkNew(b *testing.B) {
	for _, tt := range []struct {
		name string
		text []byte
	}{
		{"moves", transcript},
		{"crlf", bytes.ReplaceAll(transcript, []byte("\n"), []byte("\r\n"))},
		{"wide", bytes.Repeat([]byte("L1 R2 T3 B4 # commentaire é漢字😀\n"), 1<<15)},
	} {
		b.Run(tt.name, func(b *testing.B) {
			b.SetBytes(int64(len(tt.text)))
			b.ReportAllocs()
			for b.Loop() {
				New(tt.text)
			}
		})
	}
}

// BenchmarkLineEnd reads the text line by line, as the PATH parser does,
// with "\n" and with lone "\r" line ends.
func BenchmarkLineEnd(b *testing.B) {
	row := bytes.Repeat([]byte("W"), 80)
	for _, sep := range []string{"\n", "\r"} {
		text := bytes.Repeat(append(row[:80:80], sep...), 1<<13)
		b.Run(map[string]string{"\n": "lf", "\r": "cr"}[sep], func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				for i := 0; i < len(text); {
					_, i = LineEnd(text, i)
				}
			}
		})
	}
}

func BenchmarkLine(b *testing.B) {
	x := New(transcript)
	b.SetBytes(1)
	step := len(transcript)/1000 + 1
	for b.Loop() {
		for off := 0; off < len(transcript); off += step {
			x.Line(off)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(transcript)/step+1), "ns/lookup")
}

// tenMB is about 10 MB of short transcript lines, like the language
// server's large test file (2.3 million lines).
var tenMB = bytes.Repeat(transcript, 10<<20/len(transcript))

func BenchmarkFromBytes(b *testing.B) {
	b.SetBytes(int64(len(tenMB)))
	b.ReportAllocs()
	var x *Text
	for b.Loop() {
		x = FromBytes(tenMB)
		x.Index()
	}
	b.ReportMetric(float64(x.IndexSize())/float64(len(tenMB)), "index/size")
}

// BenchmarkTextEdit changes one line in the middle of a 1 MB and a 10 MB
// text: the cost must not grow with the text. "insert" adds a line,
// "same" replaces a byte.
func BenchmarkTextEdit(b *testing.B) {
	for _, tt := range []struct {
		name string
		text []byte
	}{{"1MB", tenMB[:len(tenMB)/10]}, {"10MB", tenMB}} {
		x := FromBytes(tt.text)
		mid := x.LineStart(x.Lines() / 2)
		b.Run(tt.name+"/insert", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				x.Edit(mid, mid, []byte("T1\n"))
			}
		})
		b.Run(tt.name+"/same", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				x.Edit(mid, mid+1, []byte("R"))
			}
		})
		// A chain of edits: each Text made from the one before.
		b.Run(tt.name+"/chain", func(b *testing.B) {
			b.ReportAllocs()
			y := x
			i := 0
			for b.Loop() {
				at := y.LineStart(y.Lines()/2 + i%1000)
				if i%2 == 0 {
					y = y.Edit(at, at, []byte("T1\n"))
				} else {
					y = y.Edit(at, at+3, nil)
				}
				i++
			}
		})
	}
}

// BenchmarkTextQueries looks up line starts and positions spread over
// the 10 MB text.
func BenchmarkTextQueries(b *testing.B) {
	x := FromBytes(tenMB)
	n, size := x.Lines(), x.Len()
	b.Run("LineStart", func(b *testing.B) {
		i := 0
		for b.Loop() {
			x.LineStart(i * 7919 % n)
			i++
		}
	})
	b.Run("Position", func(b *testing.B) {
		i := 0
		for b.Loop() {
			x.Position(i * 104729 % size)
			i++
		}
	})
	b.Run("Index.Start", func(b *testing.B) {
		y := New(tenMB)
		i := 0
		for b.Loop() {
			y.Start(i * 7919 % n)
			i++
		}
	})
	b.Run("Index.Position", func(b *testing.B) {
		y := New(tenMB)
		i := 0
		for b.Loop() {
			y.Position(i * 104729 % size)
			i++
		}
	})
}

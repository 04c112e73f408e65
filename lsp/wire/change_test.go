package wire

import (
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/google/go-cmp/cmp"
)

// checkChange checks that decodeChangeFast, where it accepts raw, gives
// what the library's path gives, and that decodeChange gives the
// library's answer either way; it returns whether the fast path took raw.
func checkChange(t *testing.T, raw []byte) bool {
	t.Helper()
	want, wantErr := decodeChangeSlow(jsontext.Value(raw))
	got, err := decodeChange(jsontext.Value(raw))
	if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("%q: error %v, want %v", raw, err, wantErr)
	}
	if wantErr == nil {
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q (-library +decodeChange):\n%s", raw, diff)
		}
	}
	fast, ok := decodeChangeFast(raw)
	if ok {
		if wantErr != nil {
			t.Fatalf("%q: the fast path accepts what the library refuses (%v)", raw, wantErr)
		}
		if diff := cmp.Diff(want, fast); diff != "" {
			t.Fatalf("%q (-library +fast):\n%s", raw, diff)
		}
	}
	return ok
}

// TestDecodeChangeFast: the changes clients send take the fast path and
// decode as the library decodes them; the others are left to it.
func TestDecodeChangeFast(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		fast bool
	}{
		{`{"text":"2\nL1\nQUIT\n"}`, true},
		{`{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":2}},"rangeLength":2,"text":"R1"}`, true},
		{` { "text" : "a" , "range" : {"end":{"character":0,"line":0},"start":{"line":0,"character":0}} } `, true},
		{`{"text":"\ud83d\ude00\ud83d\u0041\ude00\u0000\"\\\/\b\f\r\t","x":[1,{"y":null}]}`, true},
		{"{\"text\":\"é\xff\xc3\"}", true},
		{`{"text":""}`, true},
		{`{"text":"a","text":"b"}`, false},
		{`{"text":null}`, false},
		{`{}`, false},
		{`{"range":null,"text":"a"}`, false},
		{`{"rangeLength":1,"text":"a"}`, false},
		{`{"range":{"start":{"line":-1,"character":0},"end":{"line":0,"character":0}},"text":"a"}`, false},
		{`{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"rangeLength":-1,"text":"a"}`, false},
		{`{"t\u0065xt":"a"}`, false},
		{`{"range":{"start":{"line":0,"character":0,"x":1},"end":{"character":2,"line":0},"y":[]},"text":"a"}`, true},
		{`{"range":{"start":{"line":0,"character":0}},"text":"a"}`, false},
		{`{"range":{"start":{"line":0},"end":{"line":0,"character":0}},"text":"a"}`, false},
		{`{"range":{"start":{"line":0,"character":0},"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":"a"}`, false},
		{`{"range":{"start":{"line":0,"line":1,"character":0},"end":{"line":0,"character":0}},"text":"a"}`, false},
		{`{"range":{"start":{"line":2147483648,"character":0},"end":{"line":0,"character":0}},"text":"a"}`, false},
		{`{"range":{"start":{"line":1.0,"character":0},"end":{"line":0,"character":0}},"text":"a"}`, false},
		{`{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"rangeLength":1e2,"text":"a"}`, false},
		{`{"range":{"start":[0,0],"end":{"line":0,"character":0}},"text":"a"}`, false},
		{`{"text":"a"} x`, false},
		{`[]`, false},
	} {
		if got := checkChange(t, []byte(tc.raw)); got != tc.fast {
			t.Errorf("%q: fast path %v, want %v", tc.raw, got, tc.fast)
		}
	}
}

func FuzzDecodeChange(f *testing.F) {
	for _, s := range []string{
		`{"text":"2\nL1\nQUIT\n"}`,
		`{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":2}},"rangeLength":2,"text":"R1"}`,
		`{"text":"\ud83d\ude00\ud83d\u0041\ude00\u0000\"\\\/\b\f\r\t"}`,
		"{\"text\":\"é\xff\xc3\"}",
		`{"text":"a","text":"b"}`,
		`{"range":null,"text":"a"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkChange(t, data)
		if !strings.ContainsAny(string(data), `"\`) {
			// data as the text: a plain string always takes the fast path.
			if !checkChange(t, []byte(`{"text":"`+string(data)+`"}`)) && !strings.ContainsFunc(string(data), func(r rune) bool { return r < ' ' }) {
				t.Fatalf("fast path declines the plain text %q", data)
			}
		}
	})
}

// checkChangeParams checks that DecodeChange gives what the library's
// path gives, and returns whether the one-pass path took raw.
func checkChangeParams(t *testing.T, raw []byte) bool {
	t.Helper()
	want, wantErr := decodeChangeParamsSlow(raw)
	got, err := DecodeChange(raw)
	if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("%q: error %v, want %v", raw, err, wantErr)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%q (-library +DecodeChange):\n%s", raw, diff)
	}
	_, ok := decodeChangeParamsFast(raw)
	return ok
}

// TestDecodeChangeParamsFast: the params clients send take the one-pass
// path; what it declines decodes (or fails) as the library says.
func TestDecodeChangeParamsFast(t *testing.T) {
	const doc = `"textDocument":{"uri":"file:///a.pousse","version":3}`
	for _, tc := range []struct {
		raw  string
		fast bool
	}{
		{`{` + doc + `,"contentChanges":[{"text":"2\nL1\n"}]}`, true},
		{`{"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"text":"x"},{"text":"y"}],` + doc + `}`, true},
		{` {"x":1, ` + doc + ` , "contentChanges" : [ ] } `, true},
		{`{"textDocument":{"version":3,"uri":"file:///a%20b.pousse","x":[]},"contentChanges":[{"text":""}]}`, true},
		{`{` + doc + `}`, false},
		{`{"textDocument":{"uri":"file:///a.pousse"},"contentChanges":[]}`, false},
		{`{"textDocument":{"version":3},"contentChanges":[]}`, false},
		{`{"textDocument":null,"contentChanges":[]}`, false},
		{`{` + doc + `,"contentChanges":null}`, false},
		{`{` + doc + `,"contentChanges":[{"text":"a"},null]}`, false},
		{`{` + doc + `,"contentChanges":[{"range":null,"text":"a"}]}`, false},
		{`{` + doc + `,"contentChanges":[],"contentChanges":[]}`, false},
		{`{"textDocument":{"uri":"file:///a.pousse","version":2147483648},"contentChanges":[]}`, false},
		{`{"textDocument":{"uri":"not a uri","version":1},"contentChanges":[]}`, true}, // the uri package takes it, as the library does
		{`{` + doc + `,"contentChanges":[]} x`, false},
	} {
		if got := checkChangeParams(t, []byte(tc.raw)); got != tc.fast {
			t.Errorf("%q: one-pass path %v, want %v", tc.raw, got, tc.fast)
		}
	}
}

func FuzzDecodeChangeParams(f *testing.F) {
	for _, s := range []string{
		`{"textDocument":{"uri":"file:///a.pousse","version":3},"contentChanges":[{"text":"2\nL1\n"}]}`,
		`{"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"rangeLength":1,"text":"x"}],"textDocument":{"version":1,"uri":"file:///b"}}`,
		`{"textDocument":{"uri":"file:///a.pousse","version":3},"contentChanges":[{"text":"a"},null]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkChangeParams(t, data)
	})
}

// BenchmarkDecodeChange decodes a didChange whose one change replaces
// the whole text by 1 MB of Pousse moves ("paste"), and one that types a
// move over a range ("keystroke"), by DecodeChange ("onepass") and by
// the library's path alone ("library").
func BenchmarkDecodeChange(b *testing.B) {
	var text strings.Builder
	for text.Len() < 1<<20 {
		text.WriteString(`L1\nT12\nB3\nR40\n`)
	}
	for _, in := range []struct{ name, raw string }{
		{"paste", `{"textDocument":{"uri":"file:///a.pousse","version":2},"contentChanges":[{"text":"` + text.String() + `"}]}`},
		{"keystroke", `{"textDocument":{"uri":"file:///a.pousse","version":2},"contentChanges":[{"range":{"start":{"line":1041,"character":2},"end":{"line":1041,"character":2}},"rangeLength":0,"text":"2\n"}]}`},
	} {
		raw := []byte(in.raw)
		for _, tc := range []struct {
			name   string
			decode func([]byte) (ChangeParams, error)
		}{{"onepass", DecodeChange}, {"library", decodeChangeParamsSlow}} {
			b.Run(in.name+"/"+tc.name, func(b *testing.B) {
				b.SetBytes(int64(len(raw)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := tc.decode(raw); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

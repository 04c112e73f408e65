package parse

import (
	"testing"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"L9", `"L9"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"\x00\t\x7f", `"\x00\t\x7f"`},
		{"\xff\xfe", `"\xff\xfe"`},
		{"L\x80\xc3", `"L\x80\xc3"`},
		{"é四", `"é四"`},
		{"\u200b\ufeff", `"\u200b\ufeff"`},
		{"abcdefghijklmnopqrstuvwxyz", `"abcdefghijklmnopqrstuvwx..."`},
		// 23 bytes, then a 2-byte character across the cut: dropped whole.
		{"abcdefghijklmnopqrstuvwé", `"abcdefghijklmnopqrstuvw..."`},
		// Invalid bytes across the cut are cut as bytes.
		{"abcdefghijklmnopqrstuvw\xff\xff", `"abcdefghijklmnopqrstuvw\xff..."`},
	} {
		got := quote([]byte(tc.in))
		if got != tc.want {
			t.Errorf("quote(%q) = %s, want %s", tc.in, got, tc.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("quote(%q) = %q is not UTF-8", tc.in, got)
		}
	}
}

// TestMessagesOnBinaryInput: every error message about input that is not
// text is valid UTF-8.
func TestMessagesOnBinaryInput(t *testing.T) {
	src := []byte("\xff\xfe4\n\x80L1 l\xe92 X\xc0\nqu\xefT\n2\n\x80 1 +\n0\n")
	for _, kind := range []Kind{Pousse, Spot, Path} {
		f := Parse(kind, src)
		if len(f.Errors) == 0 {
			t.Fatalf("%v: no error", kind)
		}
		for _, e := range f.Errors {
			if !utf8.ValidString(e.Msg) {
				t.Errorf("%v: message %q is not UTF-8", kind, e.Msg)
			}
		}
	}
}

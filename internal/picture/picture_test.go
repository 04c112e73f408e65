package picture

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got; run with -update to accept):\n%s", name, diff)
	}
}

// game reads game i (0-based) of testdata/name.
func game(t testing.TB, name string, i int) (parse.Kind, *parse.Game, parse.Rules) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	kind, ok := parse.KindOf(name)
	if !ok {
		t.Fatalf("%s: not a transcript", name)
	}
	f := parse.Parse(kind, src)
	if i >= len(f.Games) {
		t.Fatalf("%s has %d games, no game %d", name, len(f.Games), i+1)
	}
	return kind, f.Games[i], f.EffectiveRules(parse.RulesDefault)
}

// element is one element of a parsed SVG.
type element struct {
	name  string
	attrs map[string]string
	text  string
}

func (e element) class() string { return e.attrs["class"] }

// parseSVG parses b with encoding/xml and returns its elements in order;
// it fails t when b is not well-formed.
func parseSVG(t testing.TB, b []byte) []element {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	var out []element
	var open []int
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			e := element{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			out = append(out, e)
			open = append(open, len(out)-1)
		case xml.EndElement:
			open = open[:len(open)-1]
		case xml.CharData:
			if len(open) > 0 {
				out[open[len(open)-1]].text += string(tok)
			}
		}
	}
	if len(out) == 0 || out[0].name != "svg" {
		t.Fatalf("no <svg> root")
	}
	return out
}

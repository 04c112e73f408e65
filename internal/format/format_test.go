package format_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"gamels/internal/format"
	"gamels/parse"
)

var update = flag.Bool("update", false, "rewrite the golden sections")

// TestGolden formats the first file of each testdata/*.txtar archive and
// compares the result with its "formatted" section.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no test archives")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			in := ar.Files[0]
			kind, _ := parse.KindOf(in.Name)
			got, err := format.Source(kind, in.Data)
			if err != nil {
				t.Fatal(err)
			}
			if *update {
				ar.Files = append(ar.Files[:1], txtar.File{Name: "formatted", Data: got})
				os.WriteFile(file, txtar.Format(ar), 0o644)
				return
			}
			if len(ar.Files) < 2 {
				t.Fatal("no formatted section: run with -update")
			}
			if diff := cmp.Diff(string(ar.Files[1].Data), string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// checkProperties: the formatter keeps the meaning (Source reports no
// ErrUnsafe), formatting twice equals formatting once, and the edits turn
// the source into the formatted text.
func checkProperties(t *testing.T, kind parse.Kind, src []byte) {
	t.Helper()
	once, err := format.Source(kind, src)
	if err != nil {
		t.Fatalf("%v on %q", err, src)
	}
	twice, err := format.Source(kind, once)
	if err != nil {
		t.Fatalf("second pass: %v on %q", err, once)
	}
	if !bytes.Equal(once, twice) {
		t.Fatalf("not idempotent:\nsource %q\nonce   %q\ntwice  %q", src, once, twice)
	}
	if got := format.Apply(src, format.Edits(src, once)); !bytes.Equal(got, once) {
		t.Fatalf("edits do not reproduce the formatted text:\n%q\n%q", got, once)
	}
}

// TestProperties runs the properties over every transcript in testdata.
func TestProperties(t *testing.T) {
	var files []string
	filepath.WalkDir("../../testdata", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".in") || func() bool { _, ok := parse.KindOf(p); return ok }()) {
			files = append(files, p)
		}
		return nil
	})
	if len(files) < 10 {
		t.Fatalf("found only %d files", len(files))
	}
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		kind, ok := parse.KindOf(p)
		if !ok {
			switch base := filepath.Base(p); {
			case strings.Contains(base, "844") || strings.Contains(base, "pousse"):
				kind = parse.Pousse
			case strings.Contains(base, "141"):
				kind = parse.Spot
			default:
				kind = parse.Path
			}
		}
		checkProperties(t, kind, src)
	}
}

func FuzzFormat(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range files {
		if ar, err := txtar.ParseFile(file); err == nil {
			f.Add(byte(0), ar.Files[0].Data)
		}
	}
	f.Add(byte(1), []byte("2\n1 1 +\n"))
	f.Add(byte(2), []byte("1\n\nW\n0\n"))
	f.Add(byte(1), []byte(spotGameAfterMoves))
	f.Fuzz(func(t *testing.T, k byte, src []byte) {
		checkProperties(t, parse.Kind(k%3+1), src)
	})
}

// spotGameAfterMoves is a Spot file whose second game, with errors,
// starts on the line of the first game's last move, and begins like a
// move ("1 0 +"): on a line of its own it would read as an extra move of
// game 1, so the formatter keeps it where it stands.
const spotGameAfterMoves = "2 1 1 + 1 1 + 1 1 + 1 1 + 1 0 +"

func TestVerbatimGameStaysOnItsLine(t *testing.T) {
	out, err := format.Source(parse.Spot, []byte(spotGameAfterMoves))
	if err != nil {
		t.Fatalf("Source: %v", err)
	}
	if want := "2\n1 1 +\n1 1 +\n1 1 +\n1 1 + 1 0 +\n"; string(out) != want {
		t.Errorf("Source = %q, want %q", out, want)
	}
	checkProperties(t, parse.Spot, []byte(spotGameAfterMoves))
}

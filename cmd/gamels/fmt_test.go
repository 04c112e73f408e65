package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFmt(t *testing.T) {
	dir := t.TempDir()
	messy := filepath.Join(dir, "messy.pousse")
	clean := filepath.Join(dir, "clean.spot")
	src := "4  \nL2 T2 # two\nQUIT"
	os.WriteFile(messy, []byte(src), 0o600)
	os.WriteFile(clean, []byte("2\n1 1 +\n1 1 -\n2 2 +\n2 2 -\n\n0\n"), 0o644)
	const want = "4\nL2\nT2 # two\nQUIT\n"

	var out, errb bytes.Buffer
	if s := run([]string{"fmt", messy}, nil, &out, &errb); s != 0 || out.String() != want {
		t.Fatalf("print: status %d, %q, stderr %q", s, out.String(), errb.String())
	}
	out.Reset()
	if s := run([]string{"fmt", "-l", dir}, nil, &out, &errb); s != 0 || out.String() != messy+"\n" {
		t.Fatalf("-l: status %d, %q", s, out.String())
	}
	out.Reset()
	if s := run([]string{"fmt", "-d", messy}, nil, &out, &errb); s != 0 || !strings.Contains(out.String(), "-L2 T2 # two\n") {
		t.Fatalf("-d: status %d, %q", s, out.String())
	}
	if got, _ := os.ReadFile(messy); string(got) != src {
		t.Fatal("-l or -d changed the file")
	}
	if s := run([]string{"fmt", "-w", dir}, nil, &out, &errb); s != 0 {
		t.Fatalf("-w: status %d", s)
	}
	got, _ := os.ReadFile(messy)
	info, _ := os.Stat(messy)
	if string(got) != want || info.Mode().Perm() != 0o600 {
		t.Fatalf("-w wrote %q with mode %v", got, info.Mode())
	}
	out.Reset()
	if s := run([]string{"fmt", "--kind", "pousse"}, strings.NewReader(src), &out, &errb); s != 0 || out.String() != want {
		t.Fatalf("stdin: status %d, %q", s, out.String())
	}
	if s := run([]string{"fmt"}, strings.NewReader(src), &out, &errb); s != 2 {
		t.Fatalf("stdin without --kind: status %d", s)
	}
}

func TestShow(t *testing.T) {
	var out bytes.Buffer
	var errb bytes.Buffer
	ex := filepath.Join("..", "..", "testdata", "examples")
	for _, args := range [][]string{
		{"show", filepath.Join(ex, "sample.pousse") + ":20"},
		{"show", filepath.Join(ex, "sample.pousse")},
		{"show", filepath.Join(ex, "sample.spot") + ":4"},
		{"show", "--color", "never", filepath.Join(ex, "boards.path") + ":12"},
	} {
		if s := run(args, nil, &out, &errb); s != 0 {
			t.Fatalf("%v: status %d, %s", args, s, errb.String())
		}
		out.WriteString("----\n")
	}
	golden(t, "show.golden", out.String())
	if s := run([]string{"show", filepath.Join(ex, "sample.spot") + ":999"}, nil, &out, &errb); s != 1 {
		t.Errorf("line past the end: status %d", s)
	}
}

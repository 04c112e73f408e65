package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNamesQuoted: a file name holding a newline, an OSC or a CSI
// sequence reaches the terminal quoted, never raw, in every message and
// listing that names a file (issue 23 item 8); a plain name stays as it
// is, for editors and quickfix lists.
func TestNamesQuoted(t *testing.T) {
	dir := t.TempDir()
	const evil = "x\n\x1b]0;pwned\a\x1b[2J"
	quoted := quoteName(evil) // the expected form, checked below
	if want := `"x\n\x1b]0;pwned\a\x1b[2J"`; quoted != want {
		t.Fatalf("quoteName(%q) = %s, want %s", evil, quoted, want)
	}
	sub := filepath.Join(dir, "walk")
	os.Mkdir(sub, 0o755)
	messy := filepath.Join(dir, evil+".pousse")
	inDir := filepath.Join(sub, evil+".spot")
	plain := filepath.Join(dir, evil+".txt")
	bad := filepath.Join(dir, evil+"bad.pousse")
	os.WriteFile(messy, []byte("1\nL1   \nQUIT\n"), 0o644)
	os.WriteFile(inDir, []byte("2\n1 1 +\n\n0\n"), 0o644)
	os.WriteFile(plain, []byte("text\n"), 0o644)
	os.WriteFile(bad, []byte("1\nL9\nQUIT\n"), 0o644)
	// An output, and a solution that fails, for judge --expect, --run
	// and shrink.
	out := filepath.Join(dir, evil+".out")
	os.WriteFile(out, []byte("TIE GAME\n"), 0o644)
	sol := filepath.Join(dir, evil+"sol")
	os.WriteFile(sol, []byte("#!/bin/sh\necho TIE GAME\nexit 3\n"), 0o755)
	quotedSol := "'" + sol + "'"
	for _, args := range [][]string{
		{"judge", "pousse", "--expect", out, messy},
		{"judge", "pousse", "-v", "--expect", out, messy},
		{"judge", "pousse", "--expect", filepath.Join(dir, evil+"missing.out"), messy},
		{"judge", "pousse", "--run", quotedSol, messy},
		{"shrink", "pousse", "--run", quotedSol, "-o", filepath.Join(dir, evil+"small.pousse"), messy},
		{"shrink", "pousse", "--run", quotedSol, "-o", messy, messy},
		{"shrink", "pousse", "--run", quotedSol, "-o", filepath.Join(dir, evil+"small.pousse"), bad},
		{"check", messy},
		{"check", sub},
		{"check", bad},
		{"check", plain},
		{"check", filepath.Join(dir, evil+"missing.pousse")},
		{"judge", "pousse", bad},
		{"judge", "pousse", filepath.Join(dir, evil+"missing.pousse")},
		{"analyze", "--depth", "1", messy},
		{"analyze", "--depth", "1", plain},
		{"fmt", "-l", messy},
		{"fmt", "-d", messy},
		{"fmt", "-w", plain},
		{"fmt", "-w", "--kind", "pousse", filepath.Join(dir, evil+"missing")},
		{"show", messy + ":99"},
		{"show", plain},
		{"show", bad + "x"},
		{"show", "--game", "3", messy},
		{"show", "--svg", "-o", messy, messy},
	} {
		_, stdout, stderr := runCLI("", args...)
		out := stdout + stderr
		if strings.ContainsAny(out, "\x1b\a") || strings.Contains(out, "\n\x1b") {
			t.Errorf("%q: a raw control character reaches the terminal:\n%q", args, out)
		}
		if !strings.Contains(out, `x\n\x1b]0;pwned\a\x1b[2J`) {
			t.Errorf("%q: the name is not quoted in:\n%q", args, out)
		}
	}
	// A plain name is not quoted.
	good := filepath.Join(dir, "good game.pousse")
	os.WriteFile(good, []byte("1\nL1\nQUIT\n"), 0o644)
	if _, stdout, _ := runCLI("", "check", good); stdout != good+":2: game 1: X WINS at move 1\n" {
		t.Errorf("a plain name: %q", stdout)
	}
}

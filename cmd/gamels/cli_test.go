package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// runCLI runs gamels with args and standard input in.
func runCLI(in string, args ...string) (status int, stdout, stderr string) {
	var o, e bytes.Buffer
	status = run(args, strings.NewReader(in), &o, &e)
	return status, o.String(), e.String()
}

// TestHelp: help goes to standard output with status 0, for every way of
// asking; a wrong command line goes to standard error with status 2.
func TestHelp(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in stdout
	}{
		{[]string{"help"}, "usage: gamels <command>"},
		{[]string{"-h"}, "usage: gamels <command>"},
		{[]string{"--help"}, "usage: gamels <command>"},
		{[]string{"help", "check"}, "usage: gamels check "},
		{[]string{"check", "-h"}, "usage: gamels check "},
		{[]string{"check", "--help"}, "-rules contest|icfp\n"},
		{[]string{"help", "fmt"}, "usage: gamels fmt "},
		{[]string{"judge", "-h"}, "usage: gamels judge "},
		{[]string{"show", "-h"}, "-color auto|always|never\n"},
		{[]string{"help", "serve"}, "usage: gamels serve "},
		{[]string{"serve", "-h"}, "-log-level level\n"},
	} {
		status, stdout, stderr := runCLI("", tc.args...)
		if status != 0 || !strings.Contains(stdout, tc.want) || stderr != "" {
			t.Errorf("%v: status %d, stderr %q, stdout:\n%s", tc.args, status, stderr, stdout)
		}
		if strings.Contains(stdout, "Usage of") || strings.Contains(stdout, "-rules # rules:") {
			t.Errorf("%v: the flag package's own wording:\n%s", tc.args, stdout)
		}
	}
	for _, args := range [][]string{
		{}, {"nosuch"}, {"help", "nosuch"}, {"help", "check", "fmt"},
		{"check", "--bogus", "x.pousse"}, {"serve", "--bogus"},
	} {
		status, stdout, stderr := runCLI("", args...)
		if status != 2 || stdout != "" || !strings.Contains(stderr, "usage: gamels") {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
		}
	}
}

// TestExitStatus: the same fault gives the same status in every
// subcommand: 1 for a problem with an input, 2 for a wrong command line.
func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.txt")
	good := filepath.Join(dir, "good.pousse")
	missing := filepath.Join(dir, "missing.pousse")
	os.WriteFile(plain, []byte("hello\n"), 0o644)
	os.WriteFile(good, []byte("1\nL1\nQUIT\n"), 0o644)
	for _, tc := range []struct {
		args   []string
		status int
	}{
		{[]string{"check", good}, 0},
		{[]string{"show", good}, 0},
		{[]string{"fmt", good}, 0},
		{[]string{"judge", "pousse", good}, 0},

		{[]string{"check", plain}, 1},
		{[]string{"show", plain}, 1},
		{[]string{"fmt", plain}, 1},
		{[]string{"check", missing}, 1},
		{[]string{"show", missing}, 1},
		{[]string{"fmt", missing}, 1},
		{[]string{"judge", "pousse", missing}, 1},
		{[]string{"serve", "--log-file", filepath.Join(missing, "log")}, 1},

		{[]string{"check"}, 2},
		{[]string{"show"}, 2},
		{[]string{"judge"}, 2},
		{[]string{"check", "--rules", "go", good}, 2},
		{[]string{"judge", "pousse", "--rules", "go"}, 2},
		{[]string{"show", "--rules", "go", good}, 2},
		{[]string{"show", "--color", "blue", good}, 2},
		{[]string{"fmt", "--kind", "chess", good}, 2},
		{[]string{"check", "--kind", "chess", good}, 2},
		{[]string{"check", "-"}, 2},
		{[]string{"fmt", "-"}, 2},
		{[]string{"fmt", "-w", "--kind", "pousse", "-"}, 2},
		{[]string{"show", good, good}, 2},
		{[]string{"serve", "extra"}, 2},
		{[]string{"serve", "--log-level", "loud"}, 2},
	} {
		status, _, stderr := runCLI("", tc.args...)
		if status != tc.status {
			t.Errorf("%v: status %d, want %d; stderr %q", tc.args, status, tc.status, stderr)
		}
	}
}

// TestBadPathGoesOn: one path that cannot be used is reported, the
// others are still done, and the status is 1.
func TestBadPathGoesOn(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.spot")
	messy := filepath.Join(dir, "messy.pousse")
	os.WriteFile(good, []byte("2\n1 1 +\n\n0\n"), 0o644)
	os.WriteFile(messy, []byte("1\nL1  \nQUIT\n"), 0o644)
	status, stdout, stderr := runCLI("", "check", "missing.pousse", good, "plain.txt", messy)
	if status != 1 || !strings.Contains(stderr, "missing.pousse") || !strings.Contains(stderr, "plain.txt") ||
		!strings.Contains(stdout, good+":") || !strings.Contains(stdout, messy+":") {
		t.Errorf("check: status %d\nstdout %s\nstderr %s", status, stdout, stderr)
	}
	status, stdout, stderr = runCLI("", "fmt", "-l", "missing.pousse", good, messy)
	if status != 1 || stdout != messy+"\n" || !strings.Contains(stderr, "missing.pousse") {
		t.Errorf("fmt -l: status %d\nstdout %s\nstderr %s", status, stdout, stderr)
	}
}

// TestCheckStdin: check reads standard input as "-" (or with no path)
// when --kind says its format.
func TestCheckStdin(t *testing.T) {
	const in = "1\nL1\nQUIT\n"
	for _, args := range [][]string{
		{"check", "--kind", "pousse", "-"},
		{"check", "--kind", "pousse"},
		{"check", "-", "--kind=pousse"},
	} {
		status, stdout, stderr := runCLI(in, args...)
		if status != 0 || stdout != "<stdin>:2: game 1: X WINS at move 1\n" {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
		}
	}
	status, stdout, _ := runCLI("1\nL9\nQUIT\n", "check", "--kind", "pousse", "--json", "-")
	var reports []checkReport
	err := json.Unmarshal([]byte(stdout), &reports)
	if status != 1 || err != nil || len(reports) != 1 || reports[0].File != "<stdin>" || len(reports[0].Errors) != 1 {
		t.Errorf("errors on stdin: status %d, %v, %s", status, err, stdout)
	}
	if !strings.Contains(stdout, `"<stdin>"`) {
		t.Errorf("the file name is not written as is: %s", stdout)
	}
}

// TestShowLineArgument: a FILE:LINE whose LINE is not a line number is a
// wrong command line, said as such, not "not a transcript".
func TestShowLineArgument(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "g.pousse")
	os.WriteFile(f, []byte("1\nL1\nQUIT\n"), 0o644)
	for _, tc := range []struct{ arg, want string }{
		{f + ":0", "lines are numbered from 1"},
		{f + ":abc", `"abc" is not a line number`},
		{f + ":", "no line number after the colon"},
		{f + ":-3", `"-3" is not a line number`},
		{f + ":99999999999999999999999", "is too large"},
	} {
		status, _, stderr := runCLI("", "show", tc.arg)
		if status != 2 || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "not a transcript") {
			t.Errorf("%s: status %d, stderr %q", tc.arg, status, stderr)
		}
	}
	if status, stdout, stderr := runCLI("", "show", f+":2"); status != 0 || !strings.Contains(stdout, "after move 1") {
		t.Errorf(":2: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	colon := filepath.Join(dir, "game:1.pousse")
	os.WriteFile(colon, []byte("1\nL1\nQUIT\n"), 0o644)
	if status, _, stderr := runCLI("", "show", colon); status != 0 {
		t.Errorf("a file name with a colon: status %d, stderr %q", status, stderr)
	}
}

// TestFmtLineEnds: a CRLF file that is canonical but for its line ends
// is not listed, and -w keeps a file's CRLF line ends.
func TestFmtLineEnds(t *testing.T) {
	dir := t.TempDir()
	canonical := filepath.Join(dir, "canonical.pousse")
	messy := filepath.Join(dir, "messy.spot")
	os.WriteFile(canonical, []byte("1\r\nL1\r\nQUIT\r\n"), 0o644)
	os.WriteFile(messy, []byte("2\r\n1  1 +   # c  \r\n1 1 -\r\n2 2 +\r\n2 2 -\r\n0"), 0o644)
	status, stdout, stderr := runCLI("", "fmt", "-l", dir)
	if status != 0 || stdout != messy+"\n" {
		t.Errorf("-l: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if status, _, stderr := runCLI("", "fmt", "-w", dir); status != 0 {
		t.Fatalf("-w: status %d, stderr %q", status, stderr)
	}
	if got, _ := os.ReadFile(messy); string(got) != "2\r\n1 1 + # c\r\n1 1 -\r\n2 2 +\r\n2 2 -\r\n\r\n0\r\n" {
		t.Errorf("-w wrote %q", got)
	}
	if got, _ := os.ReadFile(canonical); string(got) != "1\r\nL1\r\nQUIT\r\n" {
		t.Errorf("-w changed a canonical file: %q", got)
	}
}

// TestBinaryInputMessages: what check and judge print about a binary
// file is valid UTF-8, its bad bytes quoted as \xNN.
func TestBinaryInputMessages(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin.pousse")
	os.WriteFile(bin, []byte("\xff\xfe\x00\x01\n4\n\x80L1\n"), 0o644)
	for _, args := range [][]string{
		{"check", bin},
		{"judge", "pousse", bin},
	} {
		_, stdout, stderr := runCLI("", args...)
		if !utf8.ValidString(stdout) || !utf8.ValidString(stderr) {
			t.Errorf("%v: not UTF-8:\n%q\n%q", args, stdout, stderr)
		}
		if !strings.Contains(stdout+stderr, `"\xff\xfe\x00\x01"`) {
			t.Errorf("%v: the bad bytes are not quoted:\n%s%s", args, stdout, stderr)
		}
	}
}

// TestBinaryFileName: a file name that is not UTF-8 is quoted as \xNN in
// messages.
func TestBinaryFileName(t *testing.T) {
	status, _, stderr := runCLI("", "check", filepath.Join(t.TempDir(), "\xff\xfe.pousse"))
	if status != 1 || !utf8.ValidString(stderr) || !strings.Contains(stderr, `\xff\xfe.pousse`) {
		t.Errorf("status %d, stderr %q", status, stderr)
	}
}

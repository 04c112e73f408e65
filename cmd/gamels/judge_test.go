package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

// TestJudgeContestData replays every contest input shipped in testdata and
// compares the output with the expected one, byte for byte.
func TestJudgeContestData(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "contest")
	for _, tc := range []struct{ kind, in, out string }{
		{"pousse", "samples/uva844_sample.in", "samples/uva844_sample.out"},
		{"pousse", "samples/zoj_boj_pousse_sample.in", "samples/zoj_boj_pousse_sample.out"},
		{"pousse", "edge/uva844_edge.in", "edge/uva844_edge.expected.out"},
		{"pousse", "random/uva844_random2000.in", "random/uva844_random2000.expected.out"},
		{"pousse", "icfp1998/as_uva844.in", "icfp1998/as_uva844.expected.out"},
		{"spot", "samples/uva141_sample.in", "samples/uva141_sample.out"},
		{"spot", "edge/uva141_edge.in", "edge/uva141_edge.expected.out"},
		{"spot", "edge/uva141_tokens.in", "edge/uva141_tokens.expected.out"},
		{"spot", "random/uva141_random3000.in", "random/uva141_random3000.expected.out"},
		{"path", "samples/uva601_sample.in", "samples/uva601_sample.out"},
		{"path", "samples/uva601_extra.in", "samples/uva601_extra.out"},
		{"path", "edge/uva601_edge.in", "edge/uva601_edge.expected.out"},
		{"path", "random/uva601_random400.in", "random/uva601_random400.expected.out"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(dir, tc.out))
			if err != nil {
				t.Fatal(err)
			}
			// Both ways in: a file argument and standard input.
			in := filepath.Join(dir, tc.in)
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"judge", tc.kind, in}, {"judge", tc.kind}} {
				var stdout, stderr bytes.Buffer
				status := run(args, bytes.NewReader(src), &stdout, &stderr)
				if status != 0 || stderr.Len() > 0 {
					t.Fatalf("%v: status %d, stderr %q", args, status, stderr.String())
				}
				if diff := cmp.Diff(string(want), stdout.String()); diff != "" {
					t.Fatalf("%v: output differs (-want +got):\n%s", args, diff)
				}
			}
		})
	}
}

// icfpGames reads the 1347 normally ended games of the ICFP 1998 log.
func icfpGames(t *testing.T) (games []struct {
	winner string
	plies  int
	n      string
	moves  []string
}) {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "contest", "icfp1998", "normal_games.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		plies, err := strconv.Atoi(cols[4])
		if err != nil || len(cols) != 8 {
			t.Fatalf("bad row %q", sc.Text())
		}
		games = append(games, struct {
			winner string
			plies  int
			n      string
			moves  []string
		}{cols[3], plies, cols[6], strings.Fields(cols[7])})
	}
	if len(games) != 1347 {
		t.Fatalf("read %d games, want 1347", len(games))
	}
	return games
}

// TestICFP1998 judges the real tournament's games under the icfp rules:
// the winner and the length of every game must be the recorded ones. The
// judge prints winners; check --json gives the ending move.
func TestICFP1998(t *testing.T) {
	games := icfpGames(t)
	var in, want bytes.Buffer
	fmt.Fprintf(&in, "%d\n", len(games))
	for i, g := range games {
		fmt.Fprintf(&in, "\n%s\n%s\nQUIT\n", g.n, strings.Join(g.moves, "\n"))
		if i > 0 {
			want.WriteString("\n")
		}
		fmt.Fprintf(&want, "%s WINS\n", g.winner)
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"judge", "pousse", "--rules", "icfp"}, bytes.NewReader(in.Bytes()), &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if diff := cmp.Diff(want.String(), stdout.String()); diff != "" {
		t.Fatalf("winners differ (-want +got):\n%s", diff)
	}
	r := checkReportOf("icfp.pousse", parse.Pousse, append([]byte("# rules: icfp\n"), in.Bytes()...), parse.RulesDefault)
	if len(r.Errors) > 0 || len(r.Games) != len(games) {
		t.Fatalf("%d errors, %d games", len(r.Errors), len(r.Games))
	}
	for i, g := range r.Games {
		if g.EndMove != games[i].plies {
			t.Errorf("game %d ends at move %d, the log says %d plies", i+1, g.EndMove, games[i].plies)
		}
	}
}

// TestJudgeMalformed: errors go to stderr with line and column, the exit
// status is 1, and only the games before the first error are printed.
func TestJudgeMalformed(t *testing.T) {
	for _, tc := range []struct {
		name, kind, in string
		wantOut        string
		wantErr        string
	}{
		{
			name: "bad move in second game", kind: "pousse",
			in:      "2\n\n1\nL1\nQUIT\n\n2\nL1\nX9\nQUIT\n",
			wantOut: "X WINS\n",
			wantErr: "<stdin>:9:1: unknown move \"X9\": a move is L, R, T or B followed by a row or column number, such as L2\n",
		},
		{
			name: "count line wrong: nothing printed", kind: "pousse",
			in:      "3\n\n1\nL1\nQUIT\n",
			wantErr: "<stdin>:1:1: the count line says 3 games but the file has 1\n",
		},
		{
			name: "illegal spot move", kind: "spot",
			in:      "2\n1 1 +\n1 1 -\n2 2 +\n1 2 +\n2\n1 1 +\n1 1 +\n2 2 +\n2 2 -\n0\n",
			wantOut: "Player 2 wins on move 3\n",
			wantErr: "<stdin>:8:1: ",
		},
		{
			name: "short path row", kind: "path",
			in:      "1\n\nW\n\n2\n\nWW\nB\n\n0\n",
			wantOut: "White has a winning path.\n",
			wantErr: "<stdin>:8:1: row 2 has 1 cell but the board is 2x2\n",
		},
		{
			name: "missing terminator", kind: "path",
			in:      "1\n\nW\n",
			wantOut: "White has a winning path.\n",
			wantErr: "<stdin>:3:2: missing the terminating 0: a PATH file ends with a line 0\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run([]string{"judge", tc.kind}, strings.NewReader(tc.in), &stdout, &stderr)
			if status != 1 {
				t.Errorf("status %d, want 1", status)
			}
			if stdout.String() != tc.wantOut {
				t.Errorf("stdout %q, want %q", stdout.String(), tc.wantOut)
			}
			if !strings.HasPrefix(stderr.String(), tc.wantErr) {
				t.Errorf("stderr %q, want it to start with %q", stderr.String(), tc.wantErr)
			}
		})
	}
}

// TestJudgeUnplayedIllegal checks that an illegal Spot move after the end
// of a game changes nothing of what the judge prints: the contest never
// reads it (gamels check and the server report it).
func TestJudgeUnplayedIllegal(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run([]string{"judge", "spot"}, strings.NewReader("2\n1 1 +\n2 2 +\n2 2 -\n2 2 -\n0\n"), &stdout, &stderr)
	if status != 0 || stdout.String() != "Player 2 wins on move 3\n" || stderr.Len() != 0 {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout.String(), stderr.String())
	}
}

func TestJudgeUsage(t *testing.T) {
	for _, args := range [][]string{{"judge"}, {"judge", "chess"}, {"judge", "pousse", "--rules", "go"}, {"nosuch"}} {
		var stdout, stderr bytes.Buffer
		if status := run(args, strings.NewReader(""), &stdout, &stderr); status != 2 || stderr.Len() == 0 || stdout.Len() > 0 {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, stdout.String(), stderr.String())
		}
	}
}

// TestJudgeMemory checks that the judge's collector settings are undone
// when the judges that overlap have all finished, in any order.
func TestJudgeMemory(t *testing.T) {
	percent := debug.SetGCPercent(77)
	limit := debug.SetMemoryLimit(1 << 40)
	defer func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}()
	judgeMemory(parse.Pousse, 10)() // only PATH turns it off
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("GC percent after a Pousse judge: %d, want 77", got)
	}
	a := judgeMemory(parse.Path, 10)
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("GC percent during a judge: %d, want -1 (off)", got)
	}
	b := judgeMemory(parse.Path, 100<<20) // a larger input raises the limit
	if got, want := debug.SetMemoryLimit(-1), int64(100<<20)*judgeBytesPerByte+64<<20; got != want {
		t.Errorf("memory limit with a 100 MiB input: %d, want %d", got, want)
	}
	a()
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("GC percent while a judge runs: %d, want -1", got)
	}
	b()
	if got := debug.SetGCPercent(-1); got != 77 {
		t.Errorf("GC percent after the judges: %d, want 77", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("memory limit after the judges: %d, want %d", got, int64(1)<<40)
	}
}

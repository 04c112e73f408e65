package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamels/internal/match"
	"gamels/internal/match/matchtest"
)

// TestMatchUsage: a wrong command line is a usage error (status 2) that
// says what is wrong, before any game.
func TestMatchUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"match"}, "want a game (pousse or spot) and two players"},
		{[]string{"match", "path", "engine", "engine:proof"}, "PATH has no moves to play"},
		{[]string{"match", "chess", "a", "b"}, `unknown game "chess"`},
		{[]string{"match", "pousse", "engine"}, "want two players or more"},
		{[]string{"match", "pousse", "a", "b", "--size", "0"}, "a pousse board is 1 to 100 squares a side, not 0"},
		{[]string{"match", "spot", "a", "b", "--size", "51"}, "a spot board is 2 to 50 squares a side, not 51"},
		{[]string{"match", "pousse", "a", "b", "--sizes", "4,x"}, "want board sizes such as 4,6,8"},
		{[]string{"match", "pousse", "a", "b", "--sizes", "4,4"}, "size 4 is given twice"},
		{[]string{"match", "pousse", "a", "b", "--sizes", "4,6", "--size", "5"}, "--size and --sizes do not go together"},
		{[]string{"match", "pousse", "a", "b", "--games", "0"}, "--games must be from 1"},
		{[]string{"match", "pousse", "a", "b", "--time", "0s"}, "--time must be over 0"},
		{[]string{"match", "pousse", "a", "b", "--time", "2h"}, "at most 1h0m0s"},
		{[]string{"match", "pousse", "a", "b", "--max-moves", "0"}, "--max-moves must be from 1"},
		{[]string{"match", "pousse", "a", "b", "-j", "0"}, "-j must be from 1"},
		{[]string{"match", "pousse", "a", "b", "--openings", "-1"}, "--openings must not be negative"},
		{[]string{"match", "pousse", "a", "b", "--openings", "200"}, "--openings 200 leaves no move to play"},
		{[]string{"match", "spot", "a", "b", "--size", "3", "--openings", "6"}, "at most 5"},
		{[]string{"match", "pousse", "a", "b", "--size", "1", "--openings", "1"}, "ends the game by move 1"},
		{[]string{"match", "spot", "a", "b", "--rules", "icfp"}, "--rules is for Pousse"},
		{[]string{"match", "spot", "a", "b", "--max-moves", "10"}, "--max-moves is for Pousse"},
		{[]string{"match", "pousse", "a", "b", "--rules", "chess"}, "unknown rule set"},
		{[]string{"match", "pousse", "a", "b", "--sprt", "50,0"}, "ELO0 must be under ELO1"},
		{[]string{"match", "pousse", "a", "b", "--sprt", "5"}, "want two Elo differences"},
		{[]string{"match", "pousse", "a", "b", "c", "--sprt", "0,5"}, "--sprt tests two players"},
		{[]string{"match", "pousse", "a", "b", "--gauntlet"}, "--gauntlet wants three players"},
		{[]string{"match", "pousse", "a", "b", "--output-limit", "8"}, "--output-limit must be at least 16"},
		{[]string{"match", "pousse", "engine:proof", "b", "--size", "9"}, "the engine plays boards up to 8x8"},
		{[]string{"match", "pousse", "engine:time=40s", "b"}, "it would lose on time"},
		{[]string{"match", "pousse", "engine:level=expert", "b"}, "not a level"},
		{[]string{"match", "pousse", "p=a", "p=b"}, "two players are labelled p"},
		{[]string{"match", "pousse", "'a", "b"}, "a single quote is not closed"},
		{[]string{"match", "--merge"}, "--merge wants the JSON files"},
		{[]string{"match", "--merge", "a.json", "--games", "3"}, "--games is for playing a match"},
	} {
		status, stdout, stderr := runCLI("", tc.args...)
		if status != exitUsage || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("gamels %s: status %d, stdout %q, stderr %q; want status 2 and %q", strings.Join(tc.args[1:], " "), status, stdout, stderr, tc.want)
		}
	}
}

// TestMatchTranscript: the transcript of a match (good players, bad
// ones, the engine) has no error for gamels check, every game that
// ended on the board is judged by gamels judge as the match recorded it,
// and the JSON's scores add up.
func TestMatchTranscript(t *testing.T) {
	bin := matchtest.Players(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		name    string
		kind    string
		flags   []string
		players []string
	}{
		{"pousse contest", "pousse", []string{"--max-moves", "40", "--openings", "2"},
			[]string{"greedy=" + bin + " -play greedy", "engine:proof,time=5ms", "crash=" + bin + " -play crash -after 2", "illegal=" + bin + " -play illegal -after 1"}},
		{"pousse icfp", "pousse", []string{"--rules", "icfp", "--max-moves", "60", "--sizes", "3,5"},
			[]string{"lookahead=" + bin + " -play lookahead -rules icfp", "random=" + bin + " -play random", "l1=sh -c 'echo L1'"}},
		{"spot", "spot", []string{"--sizes", "3,4"},
			[]string{"greedy=" + bin + " -game spot -play greedy", "engine:proof,time=5ms", "silent=" + bin + " -game spot -play silent -after 2", "random=" + bin + " -game spot -play random"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+"."+tc.kind)
			args := append([]string{"match", tc.kind}, tc.players...)
			args = append(args, "--games", "4", "--seed", "3", "--time", "5s", "-o", out, "--json")
			args = append(args, tc.flags...)
			status, stdout, stderr := runCLI("", args...)
			if status != exitOK {
				t.Fatalf("match: status %d\n%s", status, stderr)
			}
			b, err := match.ReadJSON(strings.NewReader(stdout))
			if err != nil {
				t.Fatalf("the JSON: %v\n%s", err, stdout)
			}
			if status, stdout, stderr := runCLI("", "check", out); status != exitOK || strings.Contains(stdout+stderr, "error") {
				src, _ := os.ReadFile(out)
				t.Fatalf("check: status %d\n%s%s\n%s", status, stdout, stderr, src)
			}
			status, stdout, stderr = runCLI("", "judge", tc.kind, out)
			verdicts := strings.Split(strings.TrimSpace(stdout), "\n")
			if status != exitOK || len(verdicts) != len(b.Games) {
				t.Fatalf("judge: status %d, %d verdicts for %d games\n%s", status, len(verdicts), len(b.Games), stderr)
			}
			reasons := map[string]int{}
			for i, g := range b.Games {
				reasons[g.Reason]++
				if g.Game != i+1 {
					t.Errorf("the JSON's game %d is numbered %d", i+1, g.Game)
				}
				if g.Forfeit == nil && verdicts[i] != g.Result {
					t.Errorf("game %d (%s, %s): recorded %q, judged %q", g.Game, g.X, g.O, g.Result, verdicts[i])
				}
			}
			if reasons["crash"]+reasons["illegal"]+reasons["no-move"] == 0 && tc.name != "pousse icfp" {
				t.Errorf("no forfeit to write: %v", reasons)
			}
			points := 0.0
			for _, p := range b.Players {
				points += p.Score
				if p.Wins+p.Losses+p.Draws != p.Games {
					t.Errorf("%s: %+v", p.Name, p)
				}
			}
			if points != float64(len(b.Games)) {
				t.Errorf("the players' points add up to %v in %d games", points, len(b.Games))
			}
			t.Logf("%d games: %v", len(b.Games), reasons)
		})
	}
}

// TestMatchMerge: two batches of a match (their own seeds) merge into
// the result of all their games; a batch of another game does not.
func TestMatchMerge(t *testing.T) {
	bin := matchtest.Players(t)
	dir := t.TempDir()
	batch := func(seed, games string) string {
		status, stdout, stderr := runCLI("", "match", "pousse", "greedy="+bin+" -play greedy", "random="+bin+" -play random",
			"--games", games, "--size", "4", "--openings", "2", "--seed", seed, "--json")
		if status != exitOK {
			t.Fatalf("batch %s: %d %s", seed, status, stderr)
		}
		name := filepath.Join(dir, seed+".json")
		if err := os.WriteFile(name, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	}
	a, b := batch("1", "6"), batch("2", "8")
	status, stdout, stderr := runCLI("", "match", "--merge", a, b, "--json")
	if status != exitOK {
		t.Fatalf("merge: %d %s", status, stderr)
	}
	var merged struct {
		Games   []match.Record     `json:"games"`
		Players []match.PlayerJSON `json:"players"`
		Pairs   []match.PairJSON   `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(stdout), &merged); err != nil {
		t.Fatalf("merge --json: %v\n%s", err, stdout)
	}
	want := map[string]match.PlayerJSON{}
	for _, f := range []string{a, b} {
		src, _ := os.ReadFile(f)
		bt, err := match.ReadJSON(strings.NewReader(string(src)))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range bt.Players {
			w := want[p.Name]
			w.Games, w.Wins, w.Losses, w.Draws, w.Score = w.Games+p.Games, w.Wins+p.Wins, w.Losses+p.Losses, w.Draws+p.Draws, w.Score+p.Score
			want[p.Name] = w
		}
	}
	if len(merged.Games) != 14 || len(merged.Players) != 2 || len(merged.Pairs) != 1 || merged.Pairs[0].Games != 14 {
		t.Fatalf("merged: %d games, %d players, pairs %+v", len(merged.Games), len(merged.Players), merged.Pairs)
	}
	for _, p := range merged.Players {
		w := want[p.Name]
		if p.Games != w.Games || p.Wins != w.Wins || p.Losses != w.Losses || p.Draws != w.Draws || p.Score != w.Score {
			t.Errorf("%s: merged %+v, the batches add up to %+v", p.Name, p, w)
		}
	}
	status, stdout, _ = runCLI("", "match", "--merge", a, b)
	if status != exitOK || !strings.Contains(stdout, "14 games of pousse from 2 files") || !strings.Contains(stdout, "greedy vs random") {
		t.Errorf("merge: %d\n%s", status, stdout)
	}
	// Another game's batch does not add up.
	status, stdout, stderr = runCLI("", "match", "spot", "a="+bin+" -game spot", "b="+bin+" -game spot", "--games", "2", "--size", "3", "--json")
	if status != exitOK {
		t.Fatal(stderr)
	}
	spot := filepath.Join(dir, "spot.json")
	os.WriteFile(spot, []byte(stdout), 0o644)
	if status, _, stderr := runCLI("", "match", "--merge", a, spot); status != exitProblem || !strings.Contains(stderr, "do not add up") {
		t.Errorf("merge of pousse and spot: %d %s", status, stderr)
	}
	if status, _, stderr := runCLI("", "match", "--merge", filepath.Join(dir, "none.json")); status != exitProblem || !strings.Contains(stderr, "no such file") {
		t.Errorf("merge of a missing file: %d %s", status, stderr)
	}
}

func TestFormatElo(t *testing.T) {
	for _, tc := range []struct {
		w, l, d int
		want    string
	}{
		{0, 0, 0, "-"},
		{5, 0, 0, "+inf [+46, +inf]"},
		{0, 5, 0, "-inf [-inf, -46]"},
		{2, 2, 0, "+0 ± 798"},
		{0, 0, 6, "+0 [-255, +255]"},
		{1, 3, 0, "-191 [-528, +147]"},
		{136, 96, 111, "+41 ± 30"},
		{96, 136, 111, "-41 ± 30"},
	} {
		if got := formatElo(match.EloOf(tc.w, tc.l, tc.d)); got != tc.want {
			t.Errorf("formatElo(%d, %d, %d) = %q, want %q", tc.w, tc.l, tc.d, got, tc.want)
		}
	}
	if got := fit("a line of thirty characters ..", 20); got != "a line of thirty c…" {
		t.Errorf("fit: %q", got)
	}
}

// TestMatchOutputErrors: a transcript that cannot be written stops the
// match before it starts, with status 1, said once.
func TestMatchOutputErrors(t *testing.T) {
	for _, out := range []string{filepath.Join(t.TempDir(), "no", "dir.pousse"), "/dev/full"} {
		if _, err := os.Stat(filepath.Dir(out)); out == "/dev/full" && err != nil {
			continue
		}
		status, stdout, stderr := runCLI("", "match", "pousse", "a=sh -c 'echo L1'", "b=sh -c 'echo L2'", "--games", "2", "-o", out)
		if status != exitProblem || stdout != "" || strings.Count(stderr, "gamels match: ") != 1 {
			t.Errorf("-o %s: status %d, stdout %q, stderr %q", out, status, stdout, stderr)
		}
	}
}

// TestMatchMergeTooLarge: a batch's file over the input bound is
// refused before it is read (a sparse file: no byte is written).
func TestMatchMergeTooLarge(t *testing.T) {
	name := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(name, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(name, defaultMaxSize+1); err != nil {
		t.Fatal(err)
	}
	status, stdout, stderr := runCLI("", "match", "--merge", name)
	if status != exitProblem || stdout != "" || !strings.Contains(stderr, "larger than 256MiB, the bound of a match's JSON: not read") {
		t.Errorf("status %d, stdout %q, stderr %q: want exit 1 and the bound said", status, stdout, stderr)
	}
}

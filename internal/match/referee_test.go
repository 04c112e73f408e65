package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gamels/analyze"
	"gamels/internal/match/matchtest"
	"gamels/internal/solution"
	"gamels/parse"
)

// testConfig is a small match between the players, written as on the
// command line.
func testConfig(t *testing.T, kind parse.Kind, players ...string) Config {
	t.Helper()
	c := Config{Kind: kind, Rules: parse.RulesContest, Games: 2, Sizes: []int{4}, MaxMoves: 200, Jobs: 2, Seed: 1,
		Limits: solution.Limits{Time: 10 * time.Second, Output: 64 << 10}}
	for _, p := range players {
		sp, err := ParseSpec(p)
		if err != nil {
			t.Fatal(err)
		}
		c.Players = append(c.Players, sp)
	}
	if err := Label(c.Players); err != nil {
		t.Fatal(err)
	}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	return c
}

// playAll plays the match and returns its records, in the order they
// ended, and the players reported as not starting.
func playAll(t *testing.T, c Config) ([]*Record, *Summary, []string) {
	t.Helper()
	var recs []*Record
	var cannot []string
	sum, err := Run(context.Background(), c, Events{
		Game:        func(r *Record, _ *Tally) error { recs = append(recs, r); return nil },
		CannotStart: func(name string, err error) { cannot = append(cannot, name+": "+err.Error()) },
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		checkOnBoard(t, c, r)
	}
	return recs, sum, cannot
}

// checkOnBoard replays a record's moves with package analyze and checks
// the result the referee wrote: a game that ended on the board ended at
// its last move with that verdict; a forfeited or drawn one did not end
// before.
func checkOnBoard(t *testing.T, c Config, r *Record) {
	t.Helper()
	g := &parse.Game{Size: r.Size}
	for _, tok := range r.Moves {
		mv, err := parseMove(c.Kind, r.Size, tok)
		if err != nil {
			t.Fatalf("game %d: move %q: %v", r.Game, tok, err)
		}
		g.Moves = append(g.Moves, mv)
	}
	var res analyze.Result
	if c.Kind == parse.Pousse {
		res = analyze.Pousse(g, c.Rules).Result
	} else {
		res = analyze.Spot(g).Result
		if len(res.Issues) > 0 {
			t.Errorf("game %d: an illegal move was played: %v", r.Game, res.Issues[0].Msg)
		}
	}
	switch r.Reason {
	case ReasonStraights, ReasonRepetition, ReasonPattern:
		if res.End != len(g.Moves)-1 || res.Verdict != r.Result {
			t.Errorf("game %d: recorded %q (%s) after %d moves, the rules say %q at move %d", r.Game, r.Result, r.Reason, len(g.Moves), res.Verdict, res.End+1)
		}
	case ReasonMoveLimit:
		if res.End >= 0 || len(g.Moves) != c.MaxMoves || r.Result != "TIE GAME" {
			t.Errorf("game %d: a move-limit draw after %d moves, the rules say %q at move %d", r.Game, len(g.Moves), res.Verdict, res.End+1)
		}
	case ReasonAllMoves:
		if res.End >= 0 || len(g.Moves) != 2*r.Size || r.Result != "Draw" {
			t.Errorf("game %d: a 2N draw after %d moves, the rules say %q", r.Game, len(g.Moves), res.Verdict)
		}
	default:
		if res.End >= 0 || r.Forfeit == nil || r.Forfeit.Move != len(g.Moves)+1 {
			t.Errorf("game %d: forfeit %+v after %d moves, the rules say %q at move %d", r.Game, r.Forfeit, len(g.Moves), res.Verdict, res.End+1)
		}
	}
	if r.Opening != c.Openings {
		t.Errorf("game %d: an opening of %d moves, want %d", r.Game, r.Opening, c.Openings)
	}
}

// TestBadPlayers: each way a program can fail loses its games, with the
// reason, what it printed and the end of its standard error kept; the
// games take no longer than the limits; nothing it started outlives
// the match.
func TestBadPlayers(t *testing.T) {
	bin := matchtest.Players(t)
	pids := filepath.Join(t.TempDir(), "pids")
	for _, tc := range []struct {
		name   string
		kind   parse.Kind
		bad    string
		lim    solution.Limits
		reason string
		detail string // a part of Forfeit.Detail
		stderr string // a part of Forfeit.Stderr
		output string // a part of Forfeit.Output
		late   int    // the move of the forfeit is at least this
	}{
		{name: "illegal", bad: "-play illegal", reason: ReasonIllegal, detail: `"Z9" is not a move`, output: "Z9\n"},
		{name: "crash", bad: "-play crash", reason: ReasonCrash, detail: "exited with status 3", stderr: "crashing on purpose"},
		{name: "crash mid-game", bad: "-play crash -after 3", reason: ReasonCrash, detail: "exited with status 3", late: 7},
		{name: "silent", bad: "-play silent", reason: ReasonNoMove, detail: "printed no move"},
		{name: "two lines", bad: "-play lines", reason: ReasonIllegal, detail: "more than one line"},
		{name: "flood", bad: "-play flood", lim: solution.Limits{Time: 10 * time.Second, Output: 1 << 10}, reason: ReasonIllegal, detail: "more than the output limit"},
		{name: "slow", bad: "-play slow -sleep 1m", lim: solution.Limits{Time: 300 * time.Millisecond, Output: 1 << 10}, reason: ReasonTime, detail: "time limit"},
		// It plays random moves, each time leaving a child behind.
		{name: "fork", bad: "-play fork -pidfile " + pids},
		{name: "fork out of its session", bad: "-play fork -setsid -pidfile " + pids},
		{name: "spot illegal", kind: parse.Spot, bad: "-game spot -play illegal", reason: ReasonIllegal, detail: `"0 0 +" is not a move`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.kind == 0 {
				tc.kind = parse.Pousse
			}
			bad := bin + " " + tc.bad
			good := bin + " -play random"
			if tc.kind == parse.Spot {
				good += " -game spot"
			}
			c := testConfig(t, tc.kind, "bad="+bad, "good="+good)
			if tc.lim != (solution.Limits{}) {
				c.Limits = tc.lim
			}
			start := time.Now()
			recs, _, cannot := playAll(t, c)
			if len(recs) != 2 || len(cannot) > 0 {
				t.Fatalf("%d games, cannot start %v", len(recs), cannot)
			}
			for _, r := range recs {
				if tc.reason == "" {
					if r.Forfeit != nil {
						t.Errorf("game %d: a forfeit %+v", r.Game, r.Forfeit)
					}
					continue
				}
				f := r.Forfeit
				if f == nil || r.Reason != tc.reason {
					t.Fatalf("game %d: %s (%s), forfeit %+v; want a forfeit by bad (%s)", r.Game, r.Result, r.Reason, f, tc.reason)
				}
				side := map[string]string{"x": r.X, "o": r.O}[f.Player]
				w, _ := r.Winner()
				if side != "bad" || (w == analyze.First) != (r.O == "bad") {
					t.Errorf("game %d: %s forfeits, the result is %q (X %s, O %s)", r.Game, side, r.Result, r.X, r.O)
				}
				if !strings.Contains(f.Detail, tc.detail) || !strings.Contains(f.Stderr, tc.stderr) || !strings.Contains(f.Output, tc.output) {
					t.Errorf("game %d: forfeit %+v, want the detail %q, stderr %q, output %q", r.Game, f, tc.detail, tc.stderr, tc.output)
				}
				if f.Move < tc.late {
					t.Errorf("game %d: forfeit at move %d, want %d or later", r.Game, f.Move, tc.late)
				}
			}
			if d := time.Since(start); tc.reason == ReasonTime && d > 3*time.Second {
				t.Errorf("the slow player's games took %v at a limit of %v a move", d, c.Limits.Time)
			}
		})
	}
	// The forks' children are gone (or zombies, for init to reap).
	b, _ := os.ReadFile(pids)
	if len(strings.Fields(string(b))) < 4 {
		t.Fatalf("pids %q: the fork players played less than twice each", b)
	}
	matchtest.Gone(t, pids)
}

// TestCannotStart: a program that cannot be started is reported once,
// and each of its games is forfeited without trying again.
func TestCannotStart(t *testing.T) {
	bin := matchtest.Players(t)
	c := testConfig(t, parse.Pousse, "./no-such-player", bin+" -play random")
	c.Games = 6
	recs, _, cannot := playAll(t, c)
	if len(cannot) != 1 || !strings.Contains(cannot[0], `cannot start "./no-such-player": no such file`) {
		t.Errorf("reported %q, want one report", cannot)
	}
	if len(recs) != 6 {
		t.Fatalf("%d games, want 6", len(recs))
	}
	for _, r := range recs {
		if r.Reason != ReasonCrash || r.Forfeit == nil || !strings.Contains(r.Forfeit.Detail, "cannot start") {
			t.Errorf("game %d: %s (%s) %+v", r.Game, r.Result, r.Reason, r.Forfeit)
		}
	}
}

// TestGoodPlayers: games between players that follow the rules end on
// the board, by each of the reasons, with the rules' verdict (checked
// by checkOnBoard), under both Pousse rule sets and in Spot.
func TestGoodPlayers(t *testing.T) {
	bin := matchtest.Players(t)
	for _, tc := range []struct {
		kind    parse.Kind
		rules   parse.Rules
		flags   string
		third   string   // the third player
		reasons []string // each seen at least once
	}{
		{parse.Pousse, parse.RulesContest, "", "-play lookahead", []string{ReasonStraights, ReasonMoveLimit}},
		// L1 again and again recreates a state of its own.
		{parse.Pousse, parse.RulesICFP, "-rules icfp", "", []string{ReasonStraights, ReasonRepetition}},
		{parse.Spot, parse.RulesDefault, "-game spot", "-play lookahead", []string{ReasonPattern, ReasonAllMoves}},
	} {
		t.Run(tc.kind.String()+" "+tc.rules.String(), func(t *testing.T) {
			third := "sh -c 'echo L1'"
			if tc.third != "" {
				third = bin + " " + tc.third + " " + tc.flags
			}
			c := testConfig(t, tc.kind, bin+" -play greedy "+tc.flags, bin+" -play random -seed 7 "+tc.flags, third)
			c.Rules, c.Games, c.Sizes, c.MaxMoves, c.Openings = tc.rules, 8, []int{3, 4}, 30, 1
			recs, sum, _ := playAll(t, c)
			if len(recs) != sum.Scheduled || sum.Scheduled != 3*2*8 {
				t.Fatalf("%d games of %d scheduled, want 48", len(recs), sum.Scheduled)
			}
			seen := map[string]int{}
			for _, r := range recs {
				seen[r.Reason]++
				if r.Forfeit != nil {
					t.Errorf("game %d: a forfeit: %+v", r.Game, r.Forfeit)
				}
			}
			for _, want := range tc.reasons {
				if seen[want] == 0 {
					t.Errorf("no game ended by %s: %v", want, seen)
				}
			}
		})
	}
}

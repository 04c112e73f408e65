package match

import (
	"slices"
	"strings"
	"testing"
	"time"

	"gamels/analyze"
	"gamels/parse"
)

// TestSchedule: each pair plays G games at each size, colours swapped
// two by two on the same opening; a gauntlet pairs the first player
// only; a match cut short has played the pairs and sizes evenly.
func TestSchedule(t *testing.T) {
	for _, tc := range []struct {
		players, games int
		sizes          []int
		gauntlet       bool
		pairs          int
	}{
		{2, 10, []int{6}, false, 1},
		{2, 7, []int{4, 6}, false, 1},
		{4, 4, []int{5}, false, 6},
		{4, 4, []int{5, 7}, true, 3},
	} {
		s := schedule(tc.players, tc.games, tc.sizes, tc.gauntlet)
		if want := tc.pairs * tc.games * len(tc.sizes); len(s) != want {
			t.Errorf("%+v: %d games, want %d", tc, len(s), want)
			continue
		}
		type key struct{ a, b, size int }
		perPair := map[key][]gameSpec{}
		for _, g := range s {
			a, b := min(g.x, g.o), max(g.x, g.o)
			if tc.gauntlet && a != 0 {
				t.Errorf("%+v: a gauntlet game between %d and %d", tc, a, b)
			}
			perPair[key{a, b, g.size}] = append(perPair[key{a, b, g.size}], g)
		}
		for k, games := range perPair {
			if len(games) != tc.games {
				t.Errorf("%+v: pair %v plays %d games", tc, k, len(games))
			}
			for i := 0; i+1 < len(games); i += 2 {
				g, h := games[i], games[i+1]
				if g.x != h.o || g.o != h.x || g.opening != h.opening || g.opening != i/2 {
					t.Errorf("%+v: games %+v and %+v are not one opening with the colours swapped", tc, g, h)
				}
			}
		}
		// The first games cover every pair and size before any opening
		// is played a second time.
		first := len(perPair) * 2
		if tc.games >= 2 {
			seen := map[key]bool{}
			for _, g := range s[:first] {
				seen[key{min(g.x, g.o), max(g.x, g.o), g.size}] = true
			}
			if len(seen) != len(perPair) {
				t.Errorf("%+v: the first %d games play %d of the %d pairs and sizes", tc, first, len(seen), len(perPair))
			}
		}
	}
}

// TestOpenings: an opening is legal, ends no game, and is the same for
// the same seed, size and index, whatever else; others differ.
func TestOpenings(t *testing.T) {
	for _, kind := range []parse.Kind{parse.Pousse, parse.Spot} {
		for _, rules := range []parse.Rules{parse.RulesContest, parse.RulesICFP} {
			seen := map[string]bool{}
			for i := range 20 {
				op, err := opening(kind, rules, 4, 5, 99, i)
				if err != nil {
					t.Fatal(err)
				}
				again, _ := opening(kind, rules, 4, 5, 99, i)
				if !slices.Equal(op, again) || len(op) != 5 {
					t.Fatalf("%v %v opening %d: %v, then %v", kind, rules, i, op, again)
				}
				g := &parse.Game{Size: 4, Moves: op}
				var res analyze.Result
				if kind == parse.Pousse {
					res = analyze.Pousse(g, rules).Result
				} else {
					res = analyze.Spot(g).Result
				}
				if res.End >= 0 || len(res.Issues) > 0 {
					t.Errorf("%v opening %v ends the game or is illegal: %+v", kind, op, res)
				}
				var b strings.Builder
				for _, mv := range op {
					b.WriteString(token(mv) + " ")
				}
				seen[b.String()] = true
			}
			if len(seen) < 18 {
				t.Errorf("%v %v: 20 openings, %d different", kind, rules, len(seen))
			}
			other, _ := opening(kind, rules, 4, 5, 100, 0)
			first, _ := opening(kind, rules, 4, 5, 99, 0)
			if slices.Equal(other, first) {
				t.Errorf("%v: seeds 99 and 100 open alike: %v", kind, first)
			}
		}
	}
	// On 2x2 under the icfp rules, most lines of 15 moves end the game
	// early (a move drawn at random each time dead-ends in 31 of 50
	// tries): the search takes moves back, and finds an opening for
	// every index.
	for i := range 50 {
		op, err := opening(parse.Pousse, parse.RulesICFP, 2, 15, 5, i)
		if err != nil {
			t.Fatalf("2x2 opening %d: %v", i, err)
		}
		if r := analyze.Pousse(&parse.Game{Size: 2, Moves: op}, parse.RulesICFP); r.End >= 0 || len(op) != 15 {
			t.Fatalf("2x2 opening %d, %v: %s at move %d", i, op, r.Verdict, r.End+1)
		}
	}
	// A 1x1 Pousse game ends at its first move: no opening.
	if _, err := opening(parse.Pousse, parse.RulesContest, 1, 1, 1, 0); err == nil || !strings.Contains(err.Error(), "ends the game by move 1") {
		t.Errorf("1x1 opening: %v", err)
	}
}

func TestParseSpec(t *testing.T) {
	for _, tc := range []struct {
		in   string
		name string
		argv []string
		eng  *EngineSpec
		err  string
	}{
		{in: "./me", name: "me", argv: []string{"./me"}},
		{in: "python3 players/mine.py --fast", name: "python3 mine.py --fast", argv: []string{"python3", "players/mine.py", "--fast"}},
		{in: "mine=python3 'my player.py'", name: "mine", argv: []string{"python3", "my player.py"}},
		{in: "X=1 ./p", name: "X", argv: []string{"1", "./p"}},
		{in: "sh -c 'a\nb'", name: "sh -c a b", argv: []string{"sh", "-c", "a\nb"}},
		{in: "sh -c 'echo L1'", name: "sh -c 'echo L1'", argv: []string{"sh", "-c", "echo L1"}},
		{in: `python3 "it's mine.py"`, name: `python3 'it'\''s mine.py'`, argv: []string{"python3", "it's mine.py"}},
		{in: "./a/path/to/a/player --with --many --flags -v", name: "player --with --many --fl...", argv: []string{"./a/path/to/a/player", "--with", "--many", "--flags", "-v"}},
		{in: "engine", name: "engine", eng: &EngineSpec{}},
		{in: "engine:proof", name: "engine:proof", eng: &EngineSpec{Proof: true}},
		{in: "engine:time=200ms", name: "engine:time=200ms", eng: &EngineSpec{Time: 200 * time.Millisecond}},
		{in: "easy=engine:level=easy", name: "easy", eng: &EngineSpec{Level: "easy"}},
		{in: "engine:proof,time=50ms", name: "engine:proof,time=50ms", eng: &EngineSpec{Proof: true, Time: 50 * time.Millisecond}},
		{in: "engine:level=expert", err: "not a level: the levels are easy, normal, strong"},
		{in: "engine:time=fast", err: "not a positive duration"},
		{in: "engine:time=-1s", err: "not a positive duration"},
		{in: "engine:depth=3", err: `unknown engine option "depth=3"`},
		{in: "engine:proof,level=easy", err: "the proof-only engine has no levels"},
		{in: "engine:time=1s,time=2s", err: "time is given twice"},
		{in: "'unclosed", err: "a single quote is not closed"},
		{in: "", err: "the command is empty"},
	} {
		sp, err := ParseSpec(tc.in)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseSpec(%q): %v, want an error with %q", tc.in, err, tc.err)
			}
		case err != nil:
			t.Errorf("ParseSpec(%q): %v", tc.in, err)
		case sp.Name != tc.name || !slices.Equal(sp.Argv, tc.argv) || (sp.Engine == nil) != (tc.eng == nil) || (tc.eng != nil && *sp.Engine != *tc.eng):
			t.Errorf("ParseSpec(%q) = %+v (engine %+v), want name %q argv %q engine %+v", tc.in, sp, sp.Engine, tc.name, tc.argv, tc.eng)
		}
	}
	specs := []Spec{{Name: "p"}, {Name: "p"}, {Name: "p #2", Labelled: true}, {Name: "q"}}
	if err := Label(specs); err != nil || specs[0].Name != "p" || specs[1].Name != "p #3" || specs[2].Name != "p #2" || specs[3].Name != "q" {
		t.Errorf("Label: %v, %+v", err, specs)
	}
	if err := Label([]Spec{{Name: "a", Labelled: true}, {Name: "a", Labelled: true}}); err == nil {
		t.Error("Label took two players labelled alike")
	}
}

// TestEngineCheck: the engine refuses boards it does not search and a
// time a move not under the limit.
func TestEngineCheck(t *testing.T) {
	e := &EngineSpec{Proof: true, Time: time.Second}
	if err := e.check(parse.Pousse, 8, 2*time.Second); err != nil {
		t.Error(err)
	}
	if err := e.check(parse.Pousse, 9, 2*time.Second); err == nil || !strings.Contains(err.Error(), "up to 8x8") {
		t.Errorf("9x9: %v", err)
	}
	if err := e.check(parse.Spot, 6, time.Second); err == nil || !strings.Contains(err.Error(), "would lose on time") {
		t.Errorf("1 s at a limit of 1 s: %v", err)
	}
}

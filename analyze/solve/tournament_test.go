package solve

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gamels/parse"
)

// tournamentGame is one normally ended game of the ICFP 1998 tournament.
type tournamentGame struct {
	line   int
	winner string // "X" or "O"
	plies  int
	game   *parse.Game
}

// readTournament reads testdata/contest/icfp1998/normal_games.tsv (the
// layout analyze's TestPousseICFP1998 reads).
func readTournament(tb testing.TB) []tournamentGame {
	tb.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "contest", "icfp1998", "normal_games.tsv"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var out []tournamentGame
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") || text == "" {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 8 {
			tb.Fatalf("line %d: %d fields", line, len(fields))
		}
		plies, err1 := strconv.Atoi(fields[4])
		n, err2 := strconv.Atoi(fields[6])
		if err1 != nil || err2 != nil {
			tb.Fatalf("line %d: bad numbers", line)
		}
		g := &parse.Game{Size: n}
		for _, tok := range strings.Fields(fields[7]) {
			i, err := strconv.Atoi(tok[1:])
			if err != nil || !strings.Contains("LRTB", tok[:1]) || i < 1 || i > n {
				tb.Fatalf("line %d: bad move %q", line, tok)
			}
			g.Moves = append(g.Moves, parse.PousseMove(tok[0], i))
		}
		out = append(out, tournamentGame{line: line, winner: fields[3], plies: plies, game: g})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// Command players is the test players of gamels match: one program that
// plays Pousse or Spot on the ICFP 1998 player interface (standard
// input: N on the first line, then the moves so far, one a line;
// standard output: its move, one line) in the manner -play names:
//
//	random     a random legal move
//	greedy     wins at once when it can, avoids a move after which the
//	           opponent wins at once (or that loses at once), else a
//	           random move; in Spot, a move that repeats a pattern loses
//	           at once, and one after which every reply repeats wins
//	lookahead  greedy, preferring (Pousse) the move that leaves it the
//	           most lines with N-1 of its markers
//	illegal    a move that is not one (Z9, 0 0 +)
//	crash      its standard error, then exit status 3
//	silent     prints nothing and exits 0
//	slow       sleeps -sleep (default 1h), then plays random
//	fork       starts a child that sleeps for an hour (writing its pid
//	           to -pidfile), then plays random and exits: the child
//	           outlives it; with -setsid the child starts a session of
//	           its own, out of the player's process group
//	flood      prints moves without end
//	lines      prints two moves, on two lines
//
// -after K plays random for its first K moves before misbehaving (a
// player crashes in the middle of a game). -rules icfp makes greedy and
// lookahead avoid repeating their own states, which loses under those
// rules. The moves are drawn from a generator seeded with -seed and the
// input, so a player is the same in the same position.
//
// The tests of internal/match build it (go build gamels/testdata/players)
// and play it against the engine players; the engine's strength table
// (BENCHMARKS.md) uses greedy and lookahead.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

func main() {
	play := flag.String("play", "random", "how to play: random, greedy, lookahead, illegal, crash, silent, slow, fork, flood, lines")
	game := flag.String("game", "pousse", "pousse or spot")
	rules := flag.String("rules", "contest", "contest or icfp")
	seed := flag.Uint64("seed", 1, "the random moves' seed")
	after := flag.Int("after", 0, "play random for the first `K` moves of its own before misbehaving")
	sleep := flag.Duration("sleep", time.Hour, "slow: how long to sleep")
	pidfile := flag.String("pidfile", "", "fork: the file the child writes its pid to")
	child := flag.Bool("child", false, "fork's child: sleep for an hour")
	setsid := flag.Bool("setsid", false, "fork: the child leaves the session (and the process group)")
	flag.Parse()
	if *child {
		time.Sleep(time.Hour)
		return
	}
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		fatal(err)
	}
	words := strings.Fields(string(in))
	if len(words) == 0 {
		fatal(fmt.Errorf("no input"))
	}
	n, err := strconv.Atoi(words[0])
	if err != nil || n < 1 {
		fatal(fmt.Errorf("bad size %q", words[0]))
	}
	h := fnv.New64a()
	h.Write(in)
	rng := rand.New(rand.NewPCG(*seed, h.Sum64()))

	var g position
	if *game == "spot" {
		g = newSpot(n, words[1:])
	} else {
		g = newPousse(n, words[1:], *rules == "icfp")
	}
	how := *play
	if g.ownMoves() < *after {
		how = "random"
	}
	switch how {
	case "random":
		fmt.Println(g.random(rng))
	case "greedy":
		fmt.Println(g.greedy(rng, false))
	case "lookahead":
		fmt.Println(g.greedy(rng, true))
	case "illegal":
		if *game == "spot" {
			fmt.Println("0 0 +")
		} else {
			fmt.Println("Z9")
		}
	case "crash":
		fmt.Fprintln(os.Stderr, "players: crashing on purpose")
		os.Exit(3)
	case "silent":
	case "slow":
		time.Sleep(*sleep)
		fmt.Println(g.random(rng))
	case "fork":
		cmd := exec.Command(os.Args[0], "-child")
		if *setsid {
			newSession(cmd)
		}
		if err := cmd.Start(); err != nil {
			fatal(err)
		}
		if *pidfile != "" {
			f, err := os.OpenFile(*pidfile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err != nil {
				fatal(err)
			}
			fmt.Fprintln(f, cmd.Process.Pid)
			f.Close()
		}
		fmt.Println(g.random(rng))
	case "flood":
		w := bufio.NewWriter(os.Stdout)
		for {
			if _, err := w.WriteString(g.random(rng) + "\n"); err != nil {
				os.Exit(1)
			}
		}
	case "lines":
		fmt.Println(g.random(rng))
		fmt.Println(g.random(rng))
	default:
		fatal(fmt.Errorf("unknown -play %q", how))
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "players:", err)
	os.Exit(2)
}

// position is a position of either game.
type position interface {
	ownMoves() int // the moves the player to move has made
	random(rng *rand.Rand) string
	greedy(rng *rand.Rand, lookahead bool) string
}

package main

import (
	"bytes"
	"strings"
	"testing"

	"gamels/internal/match"
	"gamels/parse"
)

// TestMoveBadInput: a position that is malformed, holds an illegal move,
// has a size out of range or a game over is an error on stderr, exit 1,
// and nothing on stdout (a referee must never read a move out of it);
// a bad command line is a usage error, exit 2.
func TestMoveBadInput(t *testing.T) {
	tests := []struct {
		name, game, in string
		args           []string
		status         int
		stderr         string
	}{
		{"empty", "pousse", "", nil, exitProblem, "the position is empty"},
		{"blank", "pousse", "\n\n", nil, exitProblem, "the position is empty"},
		{"size not a number", "pousse", "six\n", nil, exitProblem, `"six" is not a board size`},
		{"size 0", "pousse", "0\n", nil, exitProblem, "size 0 is out of range"},
		{"size 9", "pousse", "9\n", nil, exitProblem, "size 9 is out of range"},
		{"size negative", "spot", "-3\n", nil, exitProblem, "size -3 is out of range"},
		{"malformed move", "pousse", "4\nL1\nX9\n", nil, exitProblem, `line 3: "X9" is not a move`},
		{"line off the board", "pousse", "4\nL5\n", nil, exitProblem, `line 2: "L5" is not a move`},
		{"spot malformed", "spot", "3\n1 1\n", nil, exitProblem, "line 2: \"1 1\" is not a move"},
		{"spot illegal", "spot", "3\n1 1 +\n1 1 +\n", nil, exitProblem, "line 3: move 2, 1 1 +, is illegal"},
		{"pousse over", "pousse", "2\nL1\nR2\nL1\n", nil, exitProblem, "the game is over after move 3"},
		{"moves after the end", "pousse", "2\nL1\nR2\nL1\nR1\n", nil, exitProblem, "the game ended at move 3"},
		{"icfp moves after the end", "pousse", "2\nL1\nL2\nR1\nR2\n", []string{"--rules", "icfp"}, exitProblem, "the game ended at move 3"},
		{"spot over", "spot", "1\n1 1 +\n1 1 -\n", nil, exitProblem, "the game is over after move 2"},
		{"spot repeated", "spot", "3\n1 1 +\n1 1 -\n1 3 +\n", nil, exitProblem, "the game is over after move 3"},
		{"path", "path", "3\n", nil, exitUsage, "PATH has no moves"},
		{"no game", "", "3\n", nil, exitUsage, "want one game"},
		{"bad level", "pousse", "3\n", []string{"--level", "hard"}, exitUsage, "the levels are easy, normal, strong"},
		{"bad time", "pousse", "3\n", []string{"--time", "-1s"}, exitUsage, "--time -1s"},
		{"rules for spot", "spot", "3\n", []string{"--rules", "icfp"}, exitUsage, "--rules is for Pousse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"move"}
			if tt.game != "" {
				args = append(args, tt.game)
			}
			args = append(args, tt.args...)
			var stdout, stderr bytes.Buffer
			status := run(args, strings.NewReader(tt.in), &stdout, &stderr)
			if status != tt.status || stdout.Len() != 0 || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d, nothing, %q", status, stdout.String(), stderr.String(), tt.status, tt.stderr)
			}
		})
	}
}

// TestMove: a position gets one line, a legal move there, at each level
// and under each rule set; a move that wins at once is played.
func TestMove(t *testing.T) {
	tests := []struct {
		game, in string
		args     []string
		want     string // "" for any legal move
	}{
		{"pousse", "4\n", []string{"--time", "20ms"}, ""},
		{"pousse", "4\nL1\nR4\nL1\nR4\nL1\nR3\n", []string{"--time", "20ms"}, "L1"},
		{"pousse", "5\nT1\nB2\n", []string{"--level", "easy"}, ""},
		{"pousse", "6\r\nT1\r\nB2\r\n\r\n", []string{"--time", "20ms", "--rules", "icfp", "--level", "strong"}, ""},
		{"spot", "3\n1 1 +\n", []string{"--time", "20ms"}, ""},
		{"spot", "8\n", []string{"--level", "easy"}, ""},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		args := append([]string{"move", tt.game}, tt.args...)
		if status := run(args, strings.NewReader(tt.in), &stdout, &stderr); status != exitOK {
			t.Errorf("%v on %q: status %d, stderr %q", args, tt.in, status, stderr.String())
			continue
		}
		out := stdout.String()
		tok, ok := strings.CutSuffix(out, "\n")
		if !ok || strings.Contains(tok, "\n") || tt.want != "" && tok != tt.want {
			t.Errorf("%v on %q: %q, want one line (%q)", args, tt.in, out, tt.want)
			continue
		}
		kind, _ := parse.KindOf(tt.game)
		rules := parse.RulesDefault
		if strings.Contains(strings.Join(tt.args, " "), "icfp") {
			rules = parse.RulesICFP
		}
		if _, _, err := match.ReadPosition(kind, rules, strings.NewReader(strings.TrimRight(tt.in, "\r\n")+"\n"+tok+"\n")); err != nil && !strings.Contains(err.Error(), "is over") {
			t.Errorf("%v on %q: %q is not legal there: %v", args, tt.in, tok, err)
		}
	}
}

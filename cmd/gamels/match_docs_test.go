package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gamels/internal/match"
)

// TestMatchDocsPlayer: the player docs/match.md gives as an example,
// written as the docs say, plays whole games against the engine without
// a forfeit.
func TestMatchDocsPlayer(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "match.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, code, ok := strings.Cut(string(doc), "```python\n")
	code, _, ok2 := strings.Cut(code, "```")
	if !ok || !ok2 {
		t.Fatal("docs/match.md has no python example")
	}
	player := filepath.Join(t.TempDir(), "random_player.py")
	if err := os.WriteFile(player, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	status, stdout, stderr := runCLI("", "match", "pousse", "python3 "+player, "engine:proof,time=20ms", "--games", "4", "--size", "4", "--seed", "1", "--json")
	if status != exitOK {
		t.Fatalf("status %d: %s", status, stderr)
	}
	b, err := match.ReadJSON(strings.NewReader(stdout))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range b.Games {
		if g.Forfeit != nil || len(g.Moves) < 2 {
			t.Errorf("game %d: %s (%s) after %d moves, forfeit %+v", g.Game, g.Result, g.Reason, len(g.Moves), g.Forfeit)
		}
	}
}

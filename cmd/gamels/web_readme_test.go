package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// readmeInstall is the README's way of building gamels: its first
// go install of ./cmd/gamels, with the environment before it.
var readmeInstall = regexp.MustCompile(`(?:[A-Z][A-Z0-9_]*=\S*\s+)*go install \./cmd/gamels\b`)

// TestReadmeBuildSaysHowToGetThePage builds gamels the README's way in a
// checkout without the built page, as a fresh clone is (an overlay hides
// web/site's files from the build), and checks that its `gamels web`
// says how to get the page; and that the README says what `gamels web`
// needs where it first names it.
func TestReadmeBuildSaysHowToGetThePage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gamels; skipped with -short")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)

	// Where the README first names gamels web, it says what it needs.
	first := strings.Index(text, "gamels web")
	if first < 0 {
		t.Fatal("README.md does not name gamels web")
	}
	end := strings.Index(text[first:], "\n\n")
	if end < 0 {
		end = len(text) - first
	}
	if para := text[first : first+end]; !strings.Contains(para, "go generate ./web") {
		t.Errorf("README.md's first mention of gamels web does not say that it needs go generate ./web:\n%s", para)
	}

	m := readmeInstall.FindString(text)
	if m == "" {
		t.Fatal("README.md gives no go install ./cmd/gamels")
	}
	fields := strings.Fields(m)
	var env []string
	for len(fields) > 0 && strings.Contains(fields[0], "=") {
		env, fields = append(env, fields[0]), fields[1:]
	}

	// The built page's files, hidden: a fresh clone has only web/site/.gitignore.
	hide := map[string]string{}
	site := filepath.Join(root, "web", "site")
	entries, _ := os.ReadDir(site)
	for _, e := range entries {
		if e.Name() != ".gitignore" {
			hide[filepath.Join(site, e.Name())] = ""
		}
	}
	dir := t.TempDir()
	overlay, _ := json.Marshal(map[string]any{"Replace": hide})
	if err := os.WriteFile(filepath.Join(dir, "overlay.json"), overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, fields[0], fields[1:]...)
	build.Dir = root
	build.Env = append(os.Environ(), env...)
	build.Env = append(build.Env, "GOBIN="+dir, "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -overlay="+filepath.Join(dir, "overlay.json")))
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", m, err, out)
	}

	web := exec.CommandContext(ctx, filepath.Join(dir, "gamels"), "web", "--port", "0")
	out, err := web.CombinedOutput()
	if code := web.ProcessState.ExitCode(); code != exitProblem {
		t.Errorf("gamels web built the README's way (%s): status %d (%v), want %d", m, code, err, exitProblem)
	}
	if !strings.Contains(string(out), "go generate ./web") {
		t.Errorf("gamels web built the README's way does not say how to get the page: %q", out)
	}
}

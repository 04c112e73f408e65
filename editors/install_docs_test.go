// Package editors holds no Go code: the editor integrations live in its
// subdirectories. Its test checks that the docs, the Neovim plugin and
// the VS Code extension give one and the same command to install gamels.
package editors

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// installCommand is the one way the docs install gamels, run in a
// checkout. editors/nvim/lua/gamels/install.lua and
// editors/vscode/src/serverPath.ts hold the same text.
const installCommand = "CGO_ENABLED=0 go install ./cmd/gamels"

// installForm matches a command that builds or installs the gamels
// command, with the environment assignments before it on its line:
// "go build -o gamels ./cmd/gamels", "go install ./cmd/gamels",
// "GOOS=linux go build ./cmd/gamels/", "go install gamels/cmd/gamels@latest".
var installForm = regexp.MustCompile(`(?:[A-Z][A-Z0-9_]*=\S*\s+)*go\s+(?:build|install)\b[^\n` + "`" + `"']*?cmd/gamels[\w./@-]*`)

// installForms returns every install command in text, each with its
// 1-based line.
func installForms(text string) (forms []string, lines []int) {
	for _, m := range installForm.FindAllStringIndex(text, -1) {
		// A sentence's full stop is not part of the command.
		forms = append(forms, strings.TrimRight(text[m[0]:m[1]], "."))
		lines = append(lines, 1+strings.Count(text[:m[0]], "\n"))
	}
	return forms, lines
}

func TestInstallFormsMatcher(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"run `CGO_ENABLED=0 go install ./cmd/gamels` in it", []string{installCommand}},
		{"go build -o ~/.local/bin/gamels ./cmd/gamels   # any directory", []string{"go build -o ~/.local/bin/gamels ./cmd/gamels"}},
		{`"Build it with "go build -o gamels ./cmd/gamels" in"`, []string{"go build -o gamels ./cmd/gamels"}},
		{"go install ./cmd/gamels", []string{"go install ./cmd/gamels"}},
		{"GOOS=linux GOARCH=arm64 go build ./cmd/gamels/", []string{"GOOS=linux GOARCH=arm64 go build ./cmd/gamels/"}},
		{"go install gamels/cmd/gamels@latest", []string{"go install gamels/cmd/gamels@latest"}},
		{"with go install ./cmd/gamels.", []string{"go install ./cmd/gamels"}},
		{"go run ./cmd/gamels check testdata/examples", nil},
		{"`go install` writes $(go env GOBIN)", nil},
	} {
		got, _ := installForms(tc.text)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("installForms(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// The files that tell a user how to install gamels: the docs, the Neovim
// plugin (its messages, health check and help), the VS Code extension
// (its README, package.json and sources). The editor test harnesses and
// the extension's packaging scripts build gamels for themselves and are
// not instructions.
var (
	docRoots = []string{"../README.md", "../docs", "README.md", "nvim", "vscode/README.md", "vscode/package.json", "vscode/src", "emacs", "helix"}
	// Where the command must be given in full.
	mustHave = []string{"../README.md", "README.md", "vscode/README.md", "nvim/doc/gamels.txt", "nvim/lua/gamels/install.lua", "vscode/src/serverPath.ts"}
)

func TestOneInstallCommand(t *testing.T) {
	n := 0
	for _, root := range docRoots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if name := d.Name(); name == "node_modules" || name == "dist" || name == "testdata" || strings.HasPrefix(name, ".") && path != root {
					return filepath.SkipDir
				}
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			n++
			forms, lines := installForms(string(b))
			for i, f := range forms {
				if f != installCommand {
					t.Errorf("%s:%d: %q: a second install form; the docs give one: %q", path, lines[i], f, installCommand)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 10 {
		t.Fatalf("read %d files under %v: the paths are wrong", n, docRoots)
	}
	for _, path := range mustHave {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), installCommand) {
			t.Errorf("%s does not give the install command %q", path, installCommand)
		}
	}
}

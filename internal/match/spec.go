package match

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode"

	"gamels/internal/solution"
)

// A Spec is a player as written on the command line: a program's
// command line, or an engine player (engine.go), with an optional label
// before an '=' (NAME=CMD).
type Spec struct {
	Name   string      // the label in the tables, unique in a match (Label)
	Text   string      // as written, without the label
	Argv   []string    // a program's words (solution.Split); nil for an engine
	Engine *EngineSpec // an engine player; nil for a program
	// Labelled is true when the name was given with NAME=.
	Labelled bool
}

// ParseSpec reads a player as written. A leading NAME= (letters,
// digits, '.', '_' and '-', not starting with '-') is the label;
// "engine" and "engine:..." are engine players; anything else is a
// command line, split into words as a POSIX shell would without
// expanding anything. Without a label, a program's is its command
// shortened (the directories of its paths left out), an engine's its
// text.
func ParseSpec(s string) (Spec, error) {
	name, text := "", s
	if i := strings.IndexByte(s, '='); i > 0 && isLabel(s[:i]) {
		name, text = s[:i], s[i+1:]
	}
	sp := Spec{Name: name, Text: text, Labelled: name != ""}
	if text == "engine" || strings.HasPrefix(text, "engine:") {
		e, err := parseEngine(text)
		if err != nil {
			return sp, err
		}
		sp.Engine = &e
		if sp.Name == "" {
			sp.Name = text
		}
		return sp, nil
	}
	argv, err := solution.Split(text)
	if err != nil {
		return sp, fmt.Errorf("player %q: %v", s, err)
	}
	sp.Argv = argv
	if sp.Name == "" {
		sp.Name = shorten(argv)
	}
	return sp, nil
}

func isLabel(s string) bool {
	if s == "" || s[0] == '-' {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// maxLabel is the longest label shorten makes, in bytes.
const maxLabel = 28

// shorten returns a label for a command: its words, a path written as
// its last element, a word with blanks or quotes in single quotes, cut
// at maxLabel bytes.
func shorten(argv []string) string {
	words := make([]string, len(argv))
	for i, w := range argv {
		if strings.ContainsRune(w, '/') && !strings.HasSuffix(w, "/") && !strings.ContainsAny(w, " \t") {
			w = filepath.Base(w)
		}
		if w == "" || strings.ContainsAny(w, " \t'\"\\") {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'" // as a shell would read it back
		}
		words[i] = w
	}
	s := strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return ' ' // a name is written on one line, in tables and comments
		}
		return r
	}, strings.Join(words, " "))
	if len(s) > maxLabel {
		cut := maxLabel - 3
		for cut > 0 && s[cut]&0xC0 == 0x80 { // not inside a UTF-8 character
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// Label makes the players' names unique: a name that an earlier
// player has gets " #2" (" #3", ...). Two players given the same label
// with NAME= are an error: the user chose the names.
func Label(specs []Spec) error {
	used := map[string]bool{}
	for _, sp := range specs {
		if sp.Labelled {
			if used[sp.Name] {
				return fmt.Errorf("two players are labelled %s", sp.Name)
			}
			used[sp.Name] = true
		}
	}
	for i := range specs {
		if specs[i].Labelled {
			continue
		}
		name := specs[i].Name
		for k := 2; used[name]; k++ {
			name = fmt.Sprintf("%s #%d", specs[i].Name, k)
		}
		used[name] = true
		specs[i].Name = name
	}
	return nil
}

package solution

import (
	"errors"
	"strings"
)

// Split splits a command line into words the way a POSIX shell does
// before it expands anything: words are separated by blanks; 'single
// quotes' keep everything, "double quotes" keep everything but \" \\ \$
// and \` (escaped), and a backslash outside quotes keeps the next
// character. Nothing is expanded ($VAR, *, ~ stay as written): a user
// who wants a shell writes one, as in sh -c '...'.
func Split(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	in := false // inside a word
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
			continue
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("a single quote is not closed")
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				w.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, errors.New("a double quote is not closed")
			}
		case c == '\\':
			if i+1 == len(s) {
				return nil, errors.New("a backslash ends the command")
			}
			i++
			if s[i] != '\n' { // backslash-newline joins lines
				w.WriteByte(s[i])
			}
		default:
			w.WriteByte(c)
		}
		in = true
	}
	if in {
		words = append(words, w.String())
	}
	if len(words) == 0 {
		return nil, errors.New("the command is empty")
	}
	return words, nil
}

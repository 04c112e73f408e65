package parse

import "strconv"

// Plural returns a count with its noun, "1 move", "2 moves", as every
// message of gamels writes it: the parser's errors, the engines' and the
// tools' wording. word takes an "s" in the plural. O(len(word)).
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

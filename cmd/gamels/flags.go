package main

import (
	"flag"
	"fmt"

	"gamels/parse"
)

// parseInterspersed parses flags anywhere among the arguments, as people
// type them ("judge pousse --rules icfp FILE"), and returns the others.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		if args[0] == "--" {
			return append(rest, args[1:]...), nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// rulesUsage is the help of every --rules flag. (The flag package takes a
// back-quoted word in a flag's help as the name of its value.)
const rulesUsage = "the Pousse rule set, `contest|icfp`, when a file has no \"# rules:\" line of its own (default contest)"

// rulesFlag is a --rules flag value.
type rulesFlag struct{ r parse.Rules }

func (f *rulesFlag) String() string { return f.r.String() }

func (f *rulesFlag) Set(s string) error {
	r, ok := parse.ParseRules(s)
	if !ok {
		return fmt.Errorf("unknown rule set %q: the rules are contest or icfp", s)
	}
	f.r = r
	return nil
}

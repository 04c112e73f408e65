package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// Exit statuses, the same for every subcommand, as gofmt's and go vet's
// users expect (serve keeps the protocol's 0 and 1, and 2 for usage).
const (
	// exitOK: everything was read and nothing was wrong with it. fmt
	// exits 0 whether or not it changed or listed files, as gofmt does.
	exitOK = 0
	// exitProblem: something was wrong with an input: check or judge
	// found an error in a transcript, a path does not exist, cannot be
	// read or written, is not a transcript, or changed while fmt -w was
	// formatting it. The other inputs are still processed.
	exitProblem = 1
	// exitUsage: the command line itself is wrong: an unknown command or
	// flag, a bad flag value, missing or extra arguments, standard input
	// without --kind, a FILE:LINE whose LINE is not a line number.
	exitUsage = 2
)

// newFlagSet returns a subcommand's flag set. It does not exit; its
// errors go to stderr, and parseArgs prints the help.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {} // parseArgs prints the help where it belongs
	return fs
}

// parseArgs parses a subcommand's flags, anywhere among its arguments,
// and returns the other arguments. When it returns ok false the command
// returns status at once: -h or --help printed the help on stdout
// (status 0), or a bad flag was reported on stderr (status 2).
func parseArgs(fs *flag.FlagSet, args []string, stdout io.Writer) (rest []string, status int, ok bool) {
	rest, err := parseInterspersed(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		printHelp(stdout, fs)
		return nil, exitOK, false
	case err != nil: // the flag package has said what is wrong
		printShortUsage(fs.Output(), fs.Name())
		return nil, exitUsage, false
	}
	return rest, exitOK, true
}

// usageError reports a wrong command line on stderr and returns
// exitUsage.
func usageError(fs *flag.FlagSet, format string, args ...any) int {
	w := fs.Output()
	fmt.Fprintf(w, "gamels %s: %s\n", fs.Name(), fmt.Sprintf(format, args...))
	printShortUsage(w, fs.Name())
	return exitUsage
}

func printShortUsage(w io.Writer, name string) {
	if c, ok := commands[name]; ok {
		fmt.Fprintf(w, "usage: gamels %s %s\n", c.name, c.usage)
	}
	fmt.Fprintf(w, "run 'gamels help %s' for details\n", name)
}

// printHelp writes a subcommand's help: its usage line, what it does and
// its flags.
func printHelp(w io.Writer, fs *flag.FlagSet) {
	if c, ok := commands[fs.Name()]; ok {
		fmt.Fprintf(w, "usage: gamels %s %s\n\n%s\n", c.name, c.usage, c.short)
		if c.long != "" {
			fmt.Fprintf(w, "\n%s\n", c.long)
		}
	}
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintf(w, "\nflags:\n")
		out := fs.Output()
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(out)
	}
	if fs.Name() == "serve" {
		fmt.Fprintf(w, "\nexit status: 0 when the client sent shutdown before exit, 1 otherwise, 2 for a wrong command line\n")
		return
	}
	fmt.Fprintf(w, "\nexit status: 0 when all is well, 1 when an input has a problem, 2 for a wrong command line\n")
}

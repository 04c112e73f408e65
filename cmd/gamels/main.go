// Command gamels is editor tooling for Pousse, Spot and PATH game
// transcripts: a language server (gamels serve) and command-line tools on
// the same engine (judge, check, fmt, show, analyze).
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// A command is one subcommand. Each lives in its own file and registers
// itself in an init function, so that main stays a thin dispatcher.
type command struct {
	name  string
	usage string // one line: arguments after the name
	short string // one line: what it does
	long  string // more of what it does, for its help only; optional
	// run executes the command with the arguments after its name and
	// returns the process exit status.
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		return help(args[1:], stdin, stdout, stderr)
	}
	if args[0] == "--version" || args[0] == "-version" {
		args = append([]string{"version"}, args[1:]...)
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "gamels: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

// help prints the usage (gamels help), or a command's help (gamels help
// CMD, the same as gamels CMD -h), on stdout.
func help(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		usage(stdout)
		return exitOK
	case len(args) > 1:
		fmt.Fprintln(stderr, "usage: gamels help [command]")
		return exitUsage
	}
	if _, ok := commands[args[0]]; !ok {
		fmt.Fprintf(stderr, "gamels help: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return commands[args[0]].run([]string{"-h"}, stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: gamels <command> [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		fmt.Fprintf(w, "  %-6s %s\n         %s\n", c.name, c.usage, c.short)
	}
	fmt.Fprintln(w, "\nrun 'gamels help <command>' for a command's flags.")
	fmt.Fprintln(w, "exit status: 0 when all is well, 1 when an input has a problem, 2 for a wrong command line.")
}

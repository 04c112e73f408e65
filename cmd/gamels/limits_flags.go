package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"gamels/internal/solution"
)

// limitFlags are the limits of a solution's run, as flags: --time,
// --output-limit and --memory, defaulting to solution.DefaultLimits.
type limitFlags struct{ lim solution.Limits }

func (l *limitFlags) register(fs *flag.FlagSet) {
	l.lim = solution.DefaultLimits
	fs.Var((*timeLimitFlag)(&l.lim.Time), "time", "the solution's time limit, wall clock (`DURATION`: 2s, 500ms; more than 0)")
	fs.Var((*sizeFlag)(&l.lim.Output), "output-limit", "the most the solution may print (`SIZE`: 64MiB, 100k); 0 for no limit")
	fs.Var((*sizeFlag)(&l.lim.Memory), "memory", "the solution's memory limit, its address space and its children's (`SIZE`; Linux only); 0 for none")
}

// timeLimitFlag is a --time value: a duration above zero. A limit of
// zero or less is refused: solution.Limits would take it for none.
type timeLimitFlag time.Duration

func (f *timeLimitFlag) String() string { return time.Duration(*f).String() }

func (f *timeLimitFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return fmt.Errorf("want a time above zero such as 2s or 500ms")
	}
	*f = timeLimitFlag(d)
	return nil
}

// sizeFlag is a number of bytes with an optional unit: k, M, G (powers
// of 1024, also written KiB, MiB, GiB, or with a B).
type sizeFlag int64

func (s *sizeFlag) String() string { return formatSize(int64(*s)) }

func (s *sizeFlag) Set(v string) error {
	num := strings.TrimRight(v, "kKMGiB")
	shift := 0
	switch strings.ToUpper(strings.TrimSuffix(strings.TrimSuffix(v[len(num):], "B"), "i")) {
	case "":
	case "K":
		shift = 10
	case "M":
		shift = 20
	case "G":
		shift = 30
	default:
		return fmt.Errorf("want a size such as 512k, 64M or 2GiB")
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > (1<<62)>>shift {
		return fmt.Errorf("want a size such as 512k, 64M or 2GiB")
	}
	*s = sizeFlag(n << shift)
	return nil
}

func formatSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + "GiB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + "KiB"
	}
	return strconv.FormatInt(n, 10)
}

// onInterrupt returns a context done at the first Ctrl-C (SIGINT) or
// SIGTERM, and what stops listening. A second signal then has its usual
// effect.
func onInterrupt() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// describeRun says how a run of cmd (quoted) that did not succeed ended, with the tail of
// its standard error, indented; empty for a run that exited with 0. A
// crash under a memory limit names the limit: a failed allocation is
// the likeliest cause, or a runtime that reserves more address space
// than it uses.
func describeRun(cmd string, r *solution.Result, lim solution.Limits) string {
	if r.OK() {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", quoteName(cmd), r)
	if r.MaxRSS >= 1<<20 {
		fmt.Fprintf(&b, " (peak memory %s)", formatSize(r.MaxRSS>>20<<20))
	}
	if (r.Ending == solution.Exited || r.Ending == solution.Signaled) && lim.Memory > 0 && runtime.GOOS == "linux" {
		fmt.Fprintf(&b, " [its address space is limited to %s: --memory 0 lifts the limit]", formatSize(lim.Memory))
	}
	if len(r.StderrTail) > 0 {
		b.WriteString("; the end of its standard error:\n")
		for _, ln := range strings.Split(strings.TrimRight(string(r.StderrTail), "\n"), "\n") {
			fmt.Fprintf(&b, "\t%s\n", printable(ln))
		}
		return strings.TrimSuffix(b.String(), "\n")
	}
	return b.String()
}

// printable returns a line of a program's standard error safe to print
// on a terminal: a byte that is not UTF-8 is written \xNN, a character
// that is not printable (but tab) as strconv.Quote writes it, and the
// rest as it is, quotes included.
func printable(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case r != '\t' && !unicode.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}

// unquotedRun says how --run was given a command without its quotes:
// "--run python3 x.py" leaves x.py among the arguments, where judge
// would read it as the input. It returns the usage message, or "" when
// run is a whole command (its own arguments inside) or none is left
// over: the first argument in rest when run names an interpreter alone
// or rest[0] is a program's source.
func unquotedRun(run string, rest []string) string {
	if run == "" || strings.ContainsAny(run, " \t") || len(rest) == 0 {
		return ""
	}
	base := filepath.Base(run)
	interp := false
	for _, p := range []string{"python", "pypy", "node", "java", "ruby", "perl", "php", "sh", "bash", "dash", "go", "lua", "runghc", "Rscript", "dotnet", "kotlin", "scala", "deno", "bun", "julia"} {
		if base == p || strings.HasPrefix(base, p) && strings.Trim(base[len(p):], "0123456789.") == "" {
			interp = true
		}
	}
	arg := rest[0]
	switch filepath.Ext(arg) {
	case ".py", ".js", ".mjs", ".ts", ".rb", ".pl", ".php", ".sh", ".jar", ".class", ".go", ".lua", ".hs", ".r", ".R", ".jl", ".kt", ".scala", ".dll":
		interp = true
	}
	if !interp {
		return ""
	}
	return fmt.Sprintf("--run takes the whole command as one argument: quote it, --run '%s %s'", run, arg)
}

// formatMiB writes a memory size to the MiB, as the peak memory of a
// run is said: "12 MiB"; "unknown" for 0.
func formatMiB(n int64) string {
	if n <= 0 {
		return "unknown"
	}
	return strconv.FormatInt((n+1<<19)>>20, 10) + " MiB"
}

package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is the release version, set at link time:
//
//	go build -ldflags "-X main.version=v1.2.0" ./cmd/gamels
//
// Without it, the module version from the build info is used ("(devel)"
// for a build from a checkout).
var version string

func init() {
	register(&command{
		name:  "version",
		usage: "",
		short: "print the version and the VCS revision it was built from (also --version)",
		run:   runVersion,
	})
}

func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", stderr)
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) > 0 {
		return usageError(fs, "unexpected arguments %q", rest)
	}
	bi, _ := debug.ReadBuildInfo()
	fmt.Fprintln(stdout, versionLine(version, bi))
	return exitOK
}

// moduleVersion is the version the binary reports: the link-time version,
// else the main module's version from the build info, else "(devel)".
func moduleVersion(linked string, bi *debug.BuildInfo) string {
	if linked != "" {
		return linked
	}
	if bi != nil && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// versionLine is what `gamels version` prints, e.g.
//
//	gamels (devel) rev abc1234 2026-11-23T10:00:00Z (modified)
//
// The revision, its time and "(modified)" (uncommitted changes in the
// checkout) come from the VCS stamp Go records at build time; each part is
// left out when the build has none (go build -buildvcs=false, go test).
func versionLine(linked string, bi *debug.BuildInfo) string {
	line := "gamels " + moduleVersion(linked, bi)
	if bi == nil {
		return line
	}
	var rev, when string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev != "" {
		if len(rev) > 7 {
			rev = rev[:7]
		}
		line += " rev " + rev
	}
	if when != "" {
		line += " " + when
	}
	if modified {
		line += " (modified)"
	}
	return line
}

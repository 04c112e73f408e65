package main

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionLine(t *testing.T) {
	stamped := &debug.BuildInfo{
		Main: debug.Module{Path: "gamels", Version: "(devel)"},
		Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "abc1234def5678"},
			{Key: "vcs.time", Value: "2026-11-23T10:00:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	clean := &debug.BuildInfo{
		Main: debug.Module{Path: "gamels", Version: "v1.3.0"},
		Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789"},
			{Key: "vcs.time", Value: "2026-01-02T03:04:05Z"},
			{Key: "vcs.modified", Value: "false"},
		},
	}
	for _, tc := range []struct {
		linked string
		bi     *debug.BuildInfo
		want   string
	}{
		{"", stamped, "gamels (devel) rev abc1234 2026-11-23T10:00:00Z (modified)"},
		{"", clean, "gamels v1.3.0 rev 0123456 2026-01-02T03:04:05Z"},
		{"v2.0.0", stamped, "gamels v2.0.0 rev abc1234 2026-11-23T10:00:00Z (modified)"},
		{"v2.0.0", nil, "gamels v2.0.0"},
		{"", nil, "gamels (devel)"},
		{"", &debug.BuildInfo{}, "gamels (devel)"},
	} {
		if got := versionLine(tc.linked, tc.bi); got != tc.want {
			t.Errorf("versionLine(%q, ...) = %q, want %q", tc.linked, got, tc.want)
		}
	}
}

// TestVersionCommand: `gamels version` and `gamels --version` print the
// same one line on stdout; extra arguments are refused.
func TestVersionCommand(t *testing.T) {
	var outs []string
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		var stdout, stderr bytes.Buffer
		if status := run(args, nil, &stdout, &stderr); status != 0 {
			t.Fatalf("%v: status %d, stderr %s", args, status, stderr.String())
		}
		out := stdout.String()
		if !strings.HasPrefix(out, "gamels ") || strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
			t.Errorf("%v: %q, want one line starting with \"gamels \"", args, out)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] || outs[1] != outs[2] {
		t.Errorf("version and --version differ: %q", outs)
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"version", "x"}, nil, &stdout, &stderr); status != exitUsage || stdout.Len() != 0 {
		t.Errorf("version x: status %d, stdout %q", status, stdout.String())
	}
	stdout.Reset()
	if status := run([]string{"help", "version"}, nil, &stdout, &stderr); status != exitOK || !strings.Contains(stdout.String(), "usage: gamels version") {
		t.Errorf("help version: status %d, stdout %q", status, stdout.String())
	}
}

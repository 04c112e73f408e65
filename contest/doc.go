// Package contest is what a contest judge makes of an input: the verdict
// line of each game, exactly as the contest prints it, in the output's
// layout (verdicts.go), and another output compared with those lines,
// game by game (compare.go).
//
// It knows nothing of editors or processes: the command line compares a
// file or a solution's output with it, and the language server can
// compare an expected output that sits beside a transcript.
package contest

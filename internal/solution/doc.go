// Package solution runs a contestant's program on an input, as a contest
// judge does: no shell, the input on its standard input, its output kept,
// and limits on its time, its output and its memory. At a limit the
// program is killed with every process it started (its process group),
// and so it is when the caller's context is done (Ctrl-C).
package solution

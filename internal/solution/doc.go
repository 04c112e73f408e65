// Package solution runs a contestant's program on an input, as a contest
// judge does: no shell, the input on its standard input, its output kept,
// and limits on its time, its output and its memory. At a limit, when
// the caller's context is done (Ctrl-C) and when the program exits, the
// program is killed with every process it started, also those that
// left its process group or its session (on Linux: a cgroup of its own,
// else gamels as their subreaper; see Containment), and Run returns once
// they are gone. The match runner's players run through Run as well.
package solution

// Package shrink cuts a contest input down to a small one on which a
// test still fails: delta debugging (Zeller's ddmin) over the games,
// then over the moves of each Pousse game left (a Spot game has exactly
// 2N moves), then over the lines of each board (a row and the column of
// the same number together), again until nothing more goes. Every
// candidate is a well-formed input of the original's layout (the UVa
// count line kept true, the ZOJ layout, the terminating 0 of Spot and
// PATH) on which the contest's promises hold (no illegal Spot move):
// candidates that are not are never tested. The result is 1-minimal:
// removing any one game, any one move of a Pousse game, or any one line
// of a board makes the test pass. It depends only on the input and the
// test's answers, not on timing: candidates tested side by side are
// taken in the order a single worker would take them.
package shrink

//go:build race

package lsp

// raceEnabled reports whether the tests run under the race detector,
// which makes every allocation bigger and everything slower.
const raceEnabled = true

//go:build !race

package solve

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false

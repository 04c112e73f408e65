package gen

import (
	"testing"

	"gamels/analyze"
	"gamels/parse"
)

// FuzzNoise: for any seed and shape, the noisy input parses without an
// error into the games of the plain one, with the same verdicts.
func FuzzNoise(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint8(6), false)
	f.Add(uint64(99), uint8(2), uint8(3), true)
	f.Fuzz(func(t *testing.T, seed uint64, k, maxN uint8, edge bool) {
		kind := []parse.Kind{parse.Pousse, parse.Spot, parse.Path}[k%3]
		o := Options{Games: 5, MaxN: 2 + int(maxN%7), Edge: edge, Counted: k%2 == 0}
		plain := parse.Parse(kind, Contest(kind.String(), seed, o))
		o.Noise = true
		noisy := parse.Parse(kind, Contest(kind.String(), seed, o))
		if len(noisy.Errors) > 0 || len(noisy.Games) != len(plain.Games) {
			t.Fatalf("%s seed %d: %d games of %d, errors %v", kind, seed, len(noisy.Games), len(plain.Games), noisy.Errors)
		}
		for i, g := range plain.Games {
			if a, b := analyze.Analyze(kind, g, 0).Verdict, analyze.Analyze(kind, noisy.Games[i], 0).Verdict; a != b {
				t.Fatalf("%s seed %d game %d: %q, noisy %q", kind, seed, i+1, a, b)
			}
		}
	})
}

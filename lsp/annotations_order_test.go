package lsp

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

// TestAnnotationOrder: the games shown first in document order, then
// the others by their distance from the span shown, the done ones left
// out.
func TestAnnotationOrder(t *testing.T) {
	// Six games of 100 bytes with 10 between them: game i is at
	// [110i, 110i+100).
	var games []*gameAnalysis
	for i := range 6 {
		games = append(games, &gameAnalysis{game: &parse.Game{Span: parse.Span{Start: 110 * i, End: 110*i + 100}}})
	}
	span := func(a, b int) *parse.Span { return &parse.Span{Start: a, End: b} }
	for _, tc := range []struct {
		name string
		v    *parse.Span
		done []int
		want []int
	}{
		{"nothing shown", nil, nil, []int{0, 1, 2, 3, 4, 5}},
		{"the first game", span(0, 50), nil, []int{0, 1, 2, 3, 4, 5}},
		{"games 2 and 3", span(250, 350), nil, []int{2, 3, 1, 4, 0, 5}},
		{"between games", span(102, 108), nil, []int{1, 0, 2, 3, 4, 5}},
		{"the last game", span(600, 700), nil, []int{5, 4, 3, 2, 1, 0}},
		{"past the end", span(900, 1000), nil, []int{5, 4, 3, 2, 1, 0}},
		{"some done", span(250, 350), []int{3, 1}, []int{2, 4, 0, 5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make([]bool, len(games))
			for _, i := range tc.done {
				done[i] = true
			}
			if diff := cmp.Diff(tc.want, annotationOrder(games, tc.v, done)); diff != "" {
				t.Errorf("order (-want +got):\n%s", diff)
			}
		})
	}
}

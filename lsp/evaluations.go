package lsp

import (
	"context"
	"math"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/analyze/solve"
	"gamels/parse"
)

// EvaluationsMethod is the gamels extension request that answers the
// engine's values along the game under the cursor and its annotations,
// for a view's strip of values and its keys to the next annotated move
// (docs/protocol.md).
const EvaluationsMethod = "gamels/evaluations"

// AnnotatedMethod is the notification the server sends when the engine's
// annotations of a document version are done, to a client that asked for
// it (experimental.gamelsAnnotated), so that a view asks again rather
// than polling.
const AnnotatedMethod = "gamels/annotated"

// evaluationsParams are the params of gamels/evaluations.
type evaluationsParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Position     *protocol.Position              `json:"position"`
	Nearest      bool                            `json:"nearest"` // as gamels/board's
}

// gameEvaluations is the answer of gamels/evaluations. Values is one
// byte a position, not an object, so that the answer for a game of
// 100,000 moves is 100 KB.
type gameEvaluations struct {
	Game        int                `json:"game"` // 1-based
	MoveCount   int                `json:"moveCount"`
	Depth       int                `json:"depth"`
	Complete    bool               `json:"complete"`
	Pending     bool               `json:"pending"`
	Off         string             `json:"off,omitempty"`
	Values      string             `json:"values"`
	Annotations []annotationAnswer `json:"annotations"`
	Outside     bool               `json:"outside,omitzero"`
	// Estimates is X's (Spot: player 1's) expected score in each
	// position, 0 to 1 in hundredths, by the judgment at a node budget a
	// position (docs/engine.md), one entry a position as Values; null
	// for a position not judged (past the end of the game, pending, off).
	Estimates []*float64 `json:"estimates"`
}

// estimatesOf returns es rounded to hundredths, as n entries (nil past
// es). O(n).
func estimatesOf(es []float64, n int) []*float64 {
	out := make([]*float64, n)
	for i := range min(n, len(es)) {
		v := math.Round(es[i]*100) / 100
		out[i] = &v
	}
	return out
}

// annotationAnswer is one solve.Annotation, its move 1-based.
type annotationAnswer struct {
	Move   int    `json:"move"`
	Kind   string `json:"kind"`
	Mark   string `json:"mark"`
	Text   string `json:"text"`
	Played string `json:"played"`
	Best   string `json:"best"`
	Plies  int    `json:"plies"`
}

// The characters of gameEvaluations.Values.
const (
	valueX       = 'X' // X (Spot: player 1) wins by force
	valueO       = 'O' // O (Spot: player 2) wins by force
	valueOpen    = '.' // no forced result within the depth
	valueUnknown = ' ' // not analysed
)

// evaluations answers gamels/evaluations for the game under the cursor:
// the values of the snapshot's annotations, pending while its job runs,
// off (with the reason) when there is none to wait for (the snapshot's
// gamels.analysis settings among them); null outside every game and for
// PATH. O(moves + annotations).
func evaluations(ctx context.Context, snap *snapshot, p *evaluationsParams) (any, error) {
	set := snap.engine
	if p.Position == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "gamels: gamels/evaluations needs a position")
	}
	fa, _, off, err := snap.at(*p.Position)
	if err != nil {
		return nil, err
	}
	ga, _, outside := gameOrNearest(fa, off, p.Nearest)
	if ga == nil || snap.kind == parse.Path {
		return nil, nil
	}
	g := ga.game
	res := &gameEvaluations{Game: g.Index + 1, MoveCount: len(g.Moves), Depth: set.depth(), Annotations: []annotationAnswer{}, Outside: outside}
	values := []byte(strings.Repeat(string(valueUnknown), len(g.Moves)+1))
	res.Estimates = make([]*float64, len(g.Moves)+1)
	switch {
	case set.Off:
		res.Off = "the engine's annotations are off (gamels.analysis.enabled)"
	case snap.text.Len() > MaxAnnotatedSize:
		res.Off = "the file is over 1 MiB, more than the server annotates: gamels analyze annotates it"
	case snap.outOfSync:
		res.Off = "the document is out of sync: close and reopen it"
	case g.Size > solve.MaxN:
		res.Off = "the engine plays boards up to 8 x 8"
	}
	if res.Off != "" {
		res.Values = string(values)
		return res, nil
	}
	as := snap.annotations()
	an := as.game(g.Index)
	if as == nil || as.partial && an == nil { // a partial set: the games on screen done first

		res.Pending = true
		res.Values = string(values)
		return res, nil
	}
	res.Depth = as.depth
	res.Complete = an != nil && an.Complete || an == nil && len(g.Moves) == 0
	if an != nil {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		fillValues(values, an, ga.result())
		if jd := as.judgedGame(g.Index); jd != nil {
			res.Estimates = estimatesOf(jd.Estimates, len(g.Moves)+1)
		}
		for _, x := range as.notes(g.Index) {
			res.Annotations = append(res.Annotations, annotationAnswer{
				Move: x.Move + 1, Kind: string(x.Kind), Mark: x.Mark, Text: x.Text,
				Played: x.Played, Best: x.Best, Plies: x.Plies,
			})
		}
	}
	res.Values = string(values)
	return res, nil
}

// fillValues writes into values (one byte a position, 0..moves) what the
// evaluations of an say of each position, and, for the position where
// the game ended (r), its winner. O(positions).
func fillValues(values []byte, an *solve.Analysis, r *analyze.Result) {
	for k, e := range an.Evals {
		if k >= len(values) {
			break
		}
		mover := analyze.Player(1 + k&1)
		switch e.Proof {
		case solve.Win:
			values[k] = valueOf(mover)
		case solve.Loss:
			values[k] = valueOf(3 - mover)
		default:
			values[k] = valueOpen
		}
	}
	if r != nil && r.End >= 0 && r.End+1 < len(values) && r.End+1 >= len(an.Evals) {
		if r.Winner != analyze.None {
			values[r.End+1] = valueOf(r.Winner)
		} else {
			values[r.End+1] = valueOpen // a draw: nothing forced
		}
	}
}

func valueOf(p analyze.Player) byte {
	if p == analyze.Second {
		return valueO
	}
	return valueX
}

package lsp

import (
	"context"
	"errors"
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

// evaluationsRequest is the handler of gamels/evaluations: the analysis
// settings are read on the read goroutine, as they are written.
func evaluationsRequest(s *Server, ctx context.Context, raw []byte) (func(context.Context) (any, error), error) {
	s.mu.Lock()
	set := s.settings.Analysis
	s.mu.Unlock()
	return docRequest(EvaluationsMethod, func(ctx context.Context, snap *snapshot, p *evaluationsParams) (any, error) {
		return evaluations(ctx, snap, p, set)
	})(s, ctx, raw)
}

// evaluations answers gamels/evaluations for the game under the cursor:
// the values of the snapshot's annotations, pending while its job runs,
// off (with the reason) when there is none to wait for; null outside
// every game and for PATH. O(moves + annotations).
func evaluations(ctx context.Context, snap *snapshot, p *evaluationsParams, set AnalysisSettings) (any, error) {
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
		for _, x := range an.Annotations {
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

// notifyAnnotated tells a client that asked for it that the annotations
// of snap are done. Its error is logged by the caller.
func (s *Server) notifyAnnotated(ctx context.Context, snap *snapshot) error {
	s.mu.Lock()
	on := s.annotatedNotify
	s.mu.Unlock()
	if !on {
		return nil
	}
	type id struct {
		URI     string `json:"uri"`
		Version int32  `json:"version"`
	}
	err := s.conn.Notify(ctx, AnnotatedMethod, struct {
		TextDocument id `json:"textDocument"`
	}{id{string(snap.uri), snap.version}})
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

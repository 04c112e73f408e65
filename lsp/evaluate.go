package lsp

import (
	"context"
	"fmt"
	"sort"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/analyze/solve"
	"gamels/parse"
)

// EvaluateMethod is the gamels extension request that answers the
// engine's value and best move in the position under the cursor, for a
// board view to show (docs/protocol.md).
const EvaluateMethod = "gamels/evaluate"

// evaluateParams are the params of gamels/evaluate. Depth, when given,
// replaces the gamels.analysis.depth setting for this request.
type evaluateParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Position     *protocol.Position              `json:"position"`
	Depth        *int                            `json:"depth"`
	Nearest      bool                            `json:"nearest"` // as gamels/board's
	Moves        []string                        `json:"moves"`   // a scratch line, as gamels/board's
}

// evaluation is the answer of gamels/evaluate; docs/protocol.md gives
// it as a TypeScript interface.
type evaluation struct {
	Game     int       `json:"game"` // 1-based
	Move     int       `json:"move"` // moves before the position, as gamels/board's move
	ToMove   string    `json:"toMove"`
	Result   string    `json:"result"` // "win", "loss", "unknown", for ToMove
	Winner   string    `json:"winner,omitempty"`
	Plies    int       `json:"plies,omitzero"`
	Value    string    `json:"value"` // solve.Result.Value
	Best     *bestMove `json:"best,omitempty"`
	Depth    int       `json:"depth"` // the horizon searched in full
	Complete bool      `json:"complete"`
	Source   string    `json:"source"` // "annotations" or "search"
	Nodes    int64     `json:"nodes"`
	Asked    int       `json:"askedDepth"` // the horizon asked for
	Outside  bool      `json:"outside,omitzero"`
	// Estimate is X's (Spot: player 1's) expected score, 0 to 1: 1 or
	// 0 when a result is proven (by the proof search or the judgment),
	// else the judgment's logistic (docs/engine.md). EstimateText is it
	// as the views show it, "X 64%".
	Estimate     float64 `json:"estimate"`
	EstimateText string  `json:"estimateText"`
	// Proven says the estimate is a proof, not a judgment.
	Proven bool `json:"proven"`
	// Judged is the judgment's search: its move, depth and line.
	Judged *judgedAnswer `json:"judged,omitempty"`
}

// judgedAnswer is what the judgment's search says: the move it plays,
// the depth it completed within its budget, its nodes and main line.
type judgedAnswer struct {
	Best  *bestMove `json:"best,omitempty"`
	Depth int       `json:"depth"`
	Nodes int64     `json:"nodes"`
	Line  []string  `json:"line"`
}

// bestMove is the search's move: its token and, for a board to mark it,
// the Pousse edge slot or the Spot cell.
type bestMove struct {
	Text string     `json:"text"`
	Slot string     `json:"slot,omitempty"`
	Cell *boardCell `json:"cell,omitempty"`
}

// evaluate answers gamels/evaluate: the value of the position after the
// moves that start at or before the cursor, for the side to move, and
// the search's move, at the depth p asks or else the snapshot's
// gamels.analysis.depth. It is null outside every game, for PATH and for
// a game over there. The answer comes from the document's annotations
// when they are of this snapshot at this depth (O(1)); else from a search
// of at most annotationNodes nodes, which ctx cancels.
func evaluate(ctx context.Context, snap *snapshot, p *evaluateParams) (any, error) {
	start := time.Now()
	depth := snap.engine.depth()
	if p.Position == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "gamels: gamels/evaluate needs a position")
	}
	if p.Depth != nil {
		if *p.Depth < 1 {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: depth is %d: it must be 1 or more (at most %d is searched)", *p.Depth, solve.MaxDepth)
		}
		depth = min(*p.Depth, solve.MaxDepth)
	}
	fa, _, off, err := snap.at(*p.Position)
	if err != nil {
		return nil, err
	}
	ga, off, outside := gameOrNearest(fa, off, p.Nearest)
	if ga == nil || snap.kind == parse.Path {
		return nil, nil
	}
	g := ga.game
	k := sort.Search(len(g.Moves), func(i int) bool { return g.MoveSpan(i).Start > off })
	if p.Moves != nil { // the explored position: a search, never the annotations
		if ga, err = explored(snap.kind, fa.rules, ga, k, p.Moves); err != nil {
			return nil, err
		}
		k += len(p.Moves)
	}
	if gameOverAt(snap.kind, ga, k) {
		return nil, nil
	}
	ev := &evaluation{Game: g.Index + 1, Move: k, Asked: depth, Source: "annotations", Outside: outside}
	var r solve.Result
	as := snap.annotations()
	if an := as.game(g.Index); an != nil && p.Moves == nil && as.depth == depth && k < len(an.Evals) {
		r = an.Evals[k]
	} else {
		ev.Source = "search"
		if r, err = searchAt(ctx, fa.rules, ga, k, depth); err != nil {
			return nil, err
		}
	}
	if r.Best == "" { // a search cut short before its first ply: nothing to say
		return nil, refusal(codeRequestFailed, "no-result", nil, "the engine found no move within its budget")
	}
	fillEvaluation(ev, snap.kind, r, k)
	j, err := judgeAt(ctx, fa.rules, ga, k, solve.JudgeOptions{Level: solve.LevelNormal, Deadline: start.Add(evaluateBudget), TableBits: 16})
	if err != nil {
		return nil, err
	}
	fillJudgment(ev, snap.kind, r, j, k)
	return ev, nil
}

// fillJudgment sets ev's estimate from the proof r, else from the
// judgment j, and ev's judged move and line from j.
func fillJudgment(ev *evaluation, kind parse.Kind, r solve.Result, j solve.Judgment, k int) {
	e, proven := proofEstimate(r, k)
	if !proven {
		e, proven = j.Estimate, j.Proof != solve.Unknown
	}
	ev.Estimate, ev.Proven = e, proven
	if proven {
		ev.EstimateText = ev.Value
		if r.Proof == solve.Unknown { // the judgment's proof, deeper than the proof search's
			who, other := playerNames(kind, k)
			ev.EstimateText = solve.Result{Proof: j.Proof, Plies: j.Plies, Best: j.Best}.Value(who, other)
		}
	} else {
		ev.EstimateText = estimateText(kind, e)
	}
	if j.Best == "" {
		return
	}
	ev.Judged = &judgedAnswer{Best: &bestMove{Text: j.Best}, Depth: j.Depth, Nodes: j.Nodes, Line: j.PV}
	if kind == parse.Pousse {
		ev.Judged.Best.Slot = j.Best
	} else if row, col, ok := spotCell(j.Best); ok {
		ev.Judged.Best.Cell = &boardCell{row, col}
	}
	if ev.Judged.Line == nil {
		ev.Judged.Line = []string{}
	}
	// Without a proof the proof search's move is only the first legal
	// one: the move to show is the judgment's.
	if r.Proof == solve.Unknown {
		ev.Best = ev.Judged.Best
	}
}

// gameOverAt reports whether the game of ga is over after its first k
// moves: it ended at or before move k, or (Spot) holds its 2N moves.
// O(1).
func gameOverAt(kind parse.Kind, ga *gameAnalysis, k int) bool {
	r := ga.result()
	return r == nil || (r.End >= 0 && k > r.End) || (kind == parse.Spot && k >= 2*ga.game.Size)
}

// fillEvaluation sets what ev says of r, the search's result in the
// position after k moves.
func fillEvaluation(ev *evaluation, kind parse.Kind, r solve.Result, k int) {
	mover := analyze.Player(1 + k&1)
	who, other := playerNames(kind, k)
	ev.ToMove = marker(mover)
	ev.Result = r.Proof.String()
	switch r.Proof {
	case solve.Win:
		ev.Winner, ev.Plies = marker(mover), r.Plies
	case solve.Loss:
		ev.Winner, ev.Plies = marker(3-mover), r.Plies
	}
	ev.Value = r.Value(who, other)
	ev.Depth, ev.Complete, ev.Nodes = r.Depth, r.Complete, r.Nodes
	ev.Best = &bestMove{Text: r.Best}
	if kind == parse.Pousse {
		ev.Best.Slot = r.Best
	} else if row, col, ok := spotCell(r.Best); ok {
		ev.Best.Cell = &boardCell{row, col}
	}
}

// spotCell reads the cell of a Spot move token, "2 3 +".
func spotCell(tok string) (row, col int, ok bool) {
	var sign string
	_, err := fmt.Sscanf(tok, "%d %d %s", &row, &col, &sign)
	return row, col, err == nil
}

// searchAt searches the position after the first k moves of the Pousse
// (under rules) or Spot game of ga at depth plies, with the node budget
// and table of the annotations, so that its answer is what an annotation
// of the position would say. It returns the context's error when ctx
// stops it, and refusals for a position the engine does not play from.
// Cost: O(k) to replay, then at most annotationNodes nodes.
func searchAt(ctx context.Context, rules parse.Rules, ga *gameAnalysis, k, depth int) (solve.Result, error) {
	g := ga.game
	opts := solve.Options{Depth: depth, Nodes: annotationNodes, TableBits: annotationTableBits}
	var r solve.Result
	var err error
	switch {
	case ga.pousse != nil:
		if _, perr := ga.pousse.PlayAt(k, "L1"); isRefusal(perr) {
			return r, asRefusal(perr)
		}
		p, nerr := pousseAt(g, rules, k)
		if nerr != nil {
			return r, nerr
		}
		r, err = p.Solve(ctx, opts)
	case ga.spot != nil:
		if _, perr := ga.spot.PlayAt(k, 1, 1); isRefusal(perr) {
			return r, asRefusal(perr)
		}
		sp, nerr := spotAt(g, k)
		if nerr != nil {
			return r, nerr
		}
		r, err = sp.Solve(ctx, opts)
	default:
		return r, refusal(jsonrpc2.InvalidParams, analyze.CodeBadTarget, nil, "the engine plays only Pousse and Spot")
	}
	if err != nil {
		return r, engineRefusal(err)
	}
	return r, ctx.Err()
}

// pousseAt returns the search's game of g (under rules) after its first
// k moves. O(k).
func pousseAt(g *parse.Game, rules parse.Rules, k int) (*solve.Pousse, error) {
	p, err := solve.NewPousse(g.Size, rules)
	if err != nil {
		return nil, engineRefusal(err)
	}
	for _, mv := range g.Moves[:k] {
		p.Play(mv.Dir(), mv.Line())
	}
	return p, nil
}

// spotAt returns the search's game of g after its first k moves. O(k).
func spotAt(g *parse.Game, k int) (*solve.Spot, error) {
	sp, err := solve.NewSpot(g.Size)
	if err != nil {
		return nil, engineRefusal(err)
	}
	for _, mv := range g.Moves[:k] {
		sp.Play(mv.Row(), mv.Col(), mv.Add())
	}
	return sp, nil
}

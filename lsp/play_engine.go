package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/analyze/solve"
	"gamels/parse"
)

// EngineMoveCommand is the command of the code action "Play the
// engine's move here": the server searches the position, then asks the
// client to apply the edit (workspace/applyEdit), so that any client
// gets the engine's moves without a board view. Its arguments are the
// document's URI, its version, the game (1-based) and the move after
// which to play (docs/protocol.md).
const EngineMoveCommand = "gamels.playEngineMove"

// engineActionKind is the kind of the engine's code action: a rewrite,
// not a fix.
const engineActionKind = protocol.CodeActionKind("refactor.rewrite")

// codeActionsWithEngine answers textDocument/codeAction: the quick fixes
// (code_action.go), then, at a position of a Pousse or Spot game that
// is not over, "Play the engine's move here" and "Play the engine's
// moves to the end of the game". Finding the moves is left
// to the command (session_command.go, engineMove): a code action is
// asked for at every move of the cursor, a search only when chosen.
func codeActionsWithEngine(ctx context.Context, snap *snapshot, p *protocol.CodeActionParams) (any, error) {
	res, err := codeActions(ctx, snap, p)
	if err != nil {
		return nil, err
	}
	out, _ := res.([]protocol.CommandOrCodeAction)
	for _, a := range engineActions(snap, p) {
		out = append(out, a)
	}
	return out, nil
}

// engineActions returns the engine's code actions at p's range, the
// cursor or a part of one line: its move, and its moves for both sides
// to the end of the game (at most MaxEngineRest); none for a range over
// several lines (the fixes of a selection), outside a game, for PATH, a
// game over or full there, or when p.Context.Only leaves out rewrites. O(log games + log
// moves).
func engineActions(snap *snapshot, p *protocol.CodeActionParams) []*protocol.CodeAction {
	if p.Range.Start.Line != p.Range.End.Line { // a selection of lines is for the fixes
		return nil
	}
	if len(p.Context.Only) > 0 && !slices.ContainsFunc(p.Context.Only, func(k protocol.CodeActionKind) bool {
		return k == engineActionKind || strings.HasPrefix(string(engineActionKind), string(k)+".")
	}) {
		return nil
	}
	fa, err := snap.Analysis()
	if err != nil || fa.tooLarge || snap.kind == parse.Path {
		return nil
	}
	m := snap.Mapper()
	off := m.Offset(p.Range.Start)
	ga := fa.gameAt(off)
	if ga == nil || ga.game.Size == 0 {
		return nil
	}
	g := ga.game
	k := sort.Search(len(g.Moves), func(i int) bool { return g.MoveSpan(i).Start > off })
	if gameOverAt(snap.kind, ga, k) {
		return nil
	}
	replaces := ""
	if rest := len(g.Moves) - k; rest > 0 {
		replaces = fmt.Sprintf(" (replaces the %s after it)", parse.Plural(rest, "move"))
	}
	action := func(title string, extra ...any) *protocol.CodeAction {
		args := append([]any{string(snap.uri), snap.version, g.Index + 1, k}, extra...)
		raw := make([]protocol.LSPAny, len(args))
		for i, a := range args {
			raw[i], _ = json.Marshal(a)
		}
		kind := engineActionKind
		return &protocol.CodeAction{
			Title:   title,
			Kind:    &kind,
			Command: protocol.Command{Title: title, Command: EngineMoveCommand, Arguments: raw},
		}
	}
	return []*protocol.CodeAction{
		action("Play the engine's move here" + replaces),
		action("Play the engine's moves to the end of the game"+replaces, map[string]bool{"rest": true}),
	}
}

// engineArgs are the arguments of EngineMoveCommand: uri, version, game,
// move, and an optional fifth, {"rest": true}, for the engine's moves to
// the end of the game.
type engineArgs struct {
	uri     uri.URI
	version int32
	game    int
	move    int
	rest    bool
}

func (a *engineArgs) decode(args []json.RawMessage) error {
	if len(args) != 4 && len(args) != 5 {
		return fmt.Errorf("want 4 or 5 arguments (uri, version, game, move, {rest}), got %d", len(args))
	}
	var u string
	if err := json.Unmarshal(args[0], &u); err != nil {
		return fmt.Errorf("uri: %v", err)
	}
	a.uri = uri.URI(u)
	for i, dst := range []any{&a.version, &a.game, &a.move} {
		if err := json.Unmarshal(args[i+1], dst); err != nil {
			return fmt.Errorf("argument %d: %v", i+2, err)
		}
	}
	if len(args) == 5 && string(args[4]) != "null" {
		var o struct {
			Rest *bool `json:"rest"`
		}
		if err := json.Unmarshal(args[4], &o); err != nil {
			return fmt.Errorf("argument 5: want {\"rest\": boolean}: %v", err)
		}
		a.rest = o.Rest != nil && *o.Rest
	}
	return nil
}

// MaxEngineRest caps the engine's moves to the end of a game: a Pousse
// game under the contest rules may go on for ever.
const MaxEngineRest = 100

// restMoveTime bounds the judgment's time for each move to the end of a
// game (gamels.engine.time, when shorter, wins): MaxEngineRest moves are
// then at most 5 s.
const restMoveTime = 50 * time.Millisecond

// engineMove returns the answer that writes the move the judgment
// (solve.Pousse.Judge) plays in the position after the first a.move
// moves of game a.game, at set's level and time a move, replacing the
// moves after it; with a.rest, its moves for both sides from there to
// the end of the game: a win, a pattern repeated or the 2N moves
// (Spot), a cycle (a Pousse state made again, under the contest rules)
// or MaxEngineRest moves, which playResult.Stop names. step, when not
// nil, is called after each move found (done so far, and the most there
// can be). It stops with ctx's error when ctx is done (the search looks
// at it as it goes), having written nothing.
func engineMove(ctx context.Context, snap *snapshot, a engineArgs, set AnalysisSettings, step func(done, most int, text string)) (*playResult, error) {
	ga, err := playGame(snap, a.version, a.game)
	if err != nil {
		return nil, err
	}
	g := ga.game
	k := a.move
	if k < 0 || k > len(g.Moves) || snap.kind == parse.Path {
		return nil, refusal(jsonrpc2.InvalidParams, analyze.CodeBadTarget, nil, "move %d of game %d is not a position the engine plays from", k, a.game)
	}
	fa, _ := snap.Analysis()
	if !a.rest {
		j, err := judgeAt(ctx, fa.rules, ga, k, solve.JudgeOptions{Level: set.Level, Deadline: time.Now().Add(set.moveTime())})
		if err != nil {
			return nil, err
		}
		if j.Best == "" {
			return nil, refusal(codeRequestFailed, analyze.CodeGameOver, nil, "the engine has no move here: the game is over")
		}
		mv, err := engineParsedMove(ga, k, j.Best)
		if err != nil {
			return nil, err
		}
		if step != nil {
			step(1, 1, j.Best)
		}
		return writeMove(snap, ga, k, mv, true)
	}
	mvs, stop, err := engineRest(ctx, fa.rules, ga, k, set, step)
	if err != nil {
		return nil, err
	}
	res, err := writeMoves(snap, ga, k, mvs, true)
	if res != nil {
		res.Stop = stop
	}
	return res, err
}

// engineParsedMove reads best, the search's token in the position after
// k moves of ga, as the move a click there makes, or the refusal.
func engineParsedMove(ga *gameAnalysis, k int, best string) (parse.Move, error) {
	var mv parse.Move
	var err error
	if ga.pousse != nil {
		mv, err = ga.pousse.PlayAt(k, best)
	} else {
		row, col, ok := spotCell(best)
		if !ok {
			return mv, fmt.Errorf("gamels: the engine's move %q is not a Spot move", best)
		}
		mv, err = ga.spot.PlayAt(k, row, col)
	}
	if err != nil {
		return mv, asRefusal(err)
	}
	return mv, nil
}

// Why the engine's moves to the end of a game stopped (playResult.Stop).
const (
	stopEnd   = "end"   // the game ended on the board
	stopCycle = "cycle" // a Pousse state made again (contest rules)
	stopCap   = "cap"   // MaxEngineRest moves
)

// engineRest plays the judgment's moves for both sides from the
// position after k moves of ga to the end of the game, a cycle or
// MaxEngineRest moves, and says which stopped it. Cost: one judgment of
// at most restMoveTime a move.
func engineRest(ctx context.Context, rules parse.Rules, ga *gameAnalysis, k int, set AnalysisSettings, step func(done, most int, text string)) ([]parse.Move, string, error) {
	if _, err := judgeAt(ctx, rules, ga, k, solve.JudgeOptions{Depth: 1}); err != nil { // the refusals: a game over, a malformed move
		return nil, "", err
	}
	g := ga.game
	think := min(set.moveTime(), restMoveTime)
	opts := func() solve.JudgeOptions {
		return solve.JudgeOptions{Level: set.Level, Deadline: time.Now().Add(think), TableBits: 16}
	}
	var mvs []parse.Move
	var (
		over   func() bool
		cycled func() bool
		judge  func() (solve.Judgment, error)
		play   func(tok string) (parse.Move, error)
	)
	most := MaxEngineRest
	if ga.pousse != nil {
		p, err := pousseAt(g, rules, k)
		if err != nil {
			return nil, "", err
		}
		over = func() bool { w, _ := p.Winner(); return w != analyze.None }
		cycled = p.Cycled
		judge = func() (solve.Judgment, error) { return p.Judge(ctx, opts()) }
		play = func(tok string) (parse.Move, error) {
			mv, err := analyze.ParsePousseSlot(tok, g.Size)
			if err == nil {
				p.Play(mv.Dir(), mv.Line())
			}
			return mv, err
		}
	} else {
		sp, err := spotAt(g, k)
		if err != nil {
			return nil, "", err
		}
		most = min(most, 2*g.Size-k)
		over = sp.Over
		cycled = func() bool { return false }
		judge = func() (solve.Judgment, error) { return sp.Judge(ctx, opts()) }
		play = func(tok string) (parse.Move, error) {
			row, col, ok := spotCell(tok)
			if !ok {
				return parse.Move{}, fmt.Errorf("gamels: the engine's move %q is not a Spot move", tok)
			}
			add := !sp.Has(row, col)
			sp.Play(row, col, add)
			return parse.SpotMove(row, col, add), nil
		}
	}
	stop := stopCap
	for len(mvs) < MaxEngineRest {
		if over() {
			stop = stopEnd
			break
		}
		j, err := judge()
		if err != nil {
			return nil, "", engineRefusal(err)
		}
		if err := ctx.Err(); err != nil {
			return nil, "", err
		}
		if j.Best == "" {
			stop = stopEnd
			break
		}
		mv, err := play(j.Best)
		if err != nil {
			return nil, "", err
		}
		mvs = append(mvs, mv)
		if step != nil {
			step(len(mvs), most, j.Best)
		}
		if cycled() {
			stop = stopCycle
			break
		}
	}
	if over() {
		stop = stopEnd
	}
	if len(mvs) == 0 {
		return nil, "", refusal(codeRequestFailed, analyze.CodeGameOver, nil, "the engine has no move here: the game is over")
	}
	return mvs, stop, nil
}

// stopWords says why the engine's moves to the end of a game stopped,
// for the edit's label.
func stopWords(stop string) string {
	switch stop {
	case stopCycle:
		return "stopped at a cycle: a position made again"
	case stopCap:
		return "stopped at " + strconv.Itoa(MaxEngineRest) + " moves"
	}
	return "to the end of the game"
}

// errSearchCancelled answers the engine's move stopped from its
// progress's cancel button: as a cancelled request, nothing written.
var errSearchCancelled = jsonrpc2.NewError(jsonrpc2.Code(protocol.LSPErrorCodesRequestCancelled),
	"gamels: the engine's search was cancelled: nothing was written")

func isRefusal(err error) bool {
	var r *analyze.Refusal
	return errors.As(err, &r) && r.Code != analyze.CodeBadTarget
}

// asRefusal turns analyze's refusal into the protocol's.
func asRefusal(err error) error {
	var r *analyze.Refusal
	if errors.As(err, &r) {
		return refusal(codeRequestFailed, r.Code, nil, "%s", r.Msg)
	}
	return err
}

// engineRefusal says why the search could not run: a board too large
// for it, or its context done.
func engineRefusal(err error) error {
	if errors.Is(err, solve.ErrTooLarge) {
		return refusal(codeRequestFailed, "too-large", nil, "the engine does not play this board: %v", err)
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return jsonrpc2.Errorf(jsonrpc2.InternalError, "gamels: the engine: %v", err)
}

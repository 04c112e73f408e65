package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

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
// is not over, "Play the engine's move here". Finding the move is left
// to the command: a code action is asked for at every move of the
// cursor, a search only when chosen.
func codeActionsWithEngine(s *Server, ctx context.Context, raw []byte) (func(context.Context) (any, error), error) {
	return docRequest(protocol.MethodTextDocumentCodeAction, func(ctx context.Context, snap *snapshot, p *protocol.CodeActionParams) (any, error) {
		res, err := codeActions(ctx, snap, p)
		if err != nil {
			return nil, err
		}
		out, _ := res.([]protocol.CommandOrCodeAction)
		if a := engineAction(snap, p); a != nil {
			out = append(out, a)
		}
		return out, nil
	})(s, ctx, raw)
}

// engineAction returns the engine's code action at p's range, the
// cursor or a part of one line, or nil: a range over several lines (the
// fixes of a selection), outside a game, for PATH, a game over or full
// there, or when p.Context.Only leaves out rewrites. O(log games + log
// moves).
func engineAction(snap *snapshot, p *protocol.CodeActionParams) *protocol.CodeAction {
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
	r := ga.result()
	if r == nil || (r.End >= 0 && k > r.End) || (snap.kind == parse.Spot && k >= 2*g.Size) {
		return nil
	}
	title := "Play the engine's move here"
	if rest := len(g.Moves) - k; rest > 0 {
		title += fmt.Sprintf(" (replaces the %s after it)", parse.Plural(rest, "move"))
	}
	args := []any{string(snap.uri), snap.version, g.Index + 1, k}
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

// executeCommandWithPlay answers workspace/executeCommand: the engine's
// move here, and every other command as session_command.go does.
func executeCommandWithPlay(s *Server, ctx context.Context, raw []byte) (func(context.Context) (any, error), error) {
	var p struct {
		Command   string            `json:"command"`
		Arguments []json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(raw, &p); err != nil || p.Command != EngineMoveCommand {
		return s.executeCommand(ctx, raw)
	}
	var a engineArgs
	if err := a.decode(p.Arguments); err != nil {
		return nil, errInvalidParams(EngineMoveCommand, err)
	}
	snap, err := s.snapshot(a.uri)
	if err != nil {
		return nil, err
	}
	depth := s.settings.Analysis.depth() // read on the read goroutine, as the settings are written
	return func(ctx context.Context) (any, error) {
		if err := snap.awaitAnalysis(ctx); err != nil {
			return nil, err
		}
		res, err := engineMove(ctx, snap, a, depth)
		if err != nil {
			return nil, err
		}
		label := "gamels: the engine's move " + res.Text
		var applied protocol.ApplyWorkspaceEditResult
		if _, err := s.conn.Call(ctx, protocol.MethodWorkspaceApplyEdit,
			struct {
				Label string        `json:"label"`
				Edit  versionedEdit `json:"edit"`
			}{label, res.Edit}, &applied); err != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "gamels: workspace/applyEdit: %v", err)
		}
		if !applied.Applied {
			reason := "the client did not apply it"
			if applied.FailureReason != nil {
				reason = *applied.FailureReason
			}
			return nil, refusal(codeRequestFailed, codeNotWritten, nil, "the engine's move %s was not written: %s", res.Text, reason)
		}
		return res, nil
	}, nil
}

// engineArgs are the arguments of EngineMoveCommand.
type engineArgs struct {
	uri     uri.URI
	version int32
	game    int
	move    int
}

func (a *engineArgs) decode(args []json.RawMessage) error {
	if len(args) != 4 {
		return fmt.Errorf("want 4 arguments (uri, version, game, move), got %d", len(args))
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
	return nil
}

// engineMove searches the position after the first a.move moves of
// game a.game at depth plies (the node budget of the annotations) and
// returns the answer that writes the move the search prefers there,
// replacing the moves after it. It stops with ctx's error when ctx is
// done (the search looks at it as it goes).
func engineMove(ctx context.Context, snap *snapshot, a engineArgs, depth int) (*playResult, error) {
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
	r, err := searchAt(ctx, fa.rules, ga, k, depth)
	if err != nil {
		return nil, err
	}
	best := r.Best
	if best == "" {
		return nil, refusal(codeRequestFailed, analyze.CodeGameOver, nil, "the engine has no move here: the game is over")
	}
	var mv parse.Move
	if ga.pousse != nil {
		mv, err = ga.pousse.PlayAt(k, best)
	} else {
		row, col, ok := spotCell(best)
		if !ok {
			return nil, fmt.Errorf("gamels: the engine's move %q is not a Spot move", best)
		}
		mv, err = ga.spot.PlayAt(k, row, col)
	}
	if err != nil {
		return nil, asRefusal(err)
	}
	return writeMove(snap, ga, k, mv, true)
}

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

package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/internal/zlog"
	"gamels/lsp/wire"
	"gamels/parse"
)

// workspace/executeCommand: the commands the server runs, in one table,
// and the requests they make of the client (window/showDocument,
// workspace/applyEdit), which only the session sends.

// A commandFunc runs one command, in the two phases of a handlerFunc:
// it decodes the arguments and takes the snapshot it needs on the read
// goroutine, then returns the work that runs concurrently.
type commandFunc func(s *Server, args []json.RawMessage) (work func(context.Context) (any, error), err error)

// commandTable returns every command the server runs; initialize
// announces them (ExecuteCommandOptions).
func commandTable() map[string]commandFunc {
	return map[string]commandFunc{
		// The code lens's: show a move (code_lens.go).
		RevealCommand: (*Server).revealMove,
		// The engine's code action: search, then write (play_engine.go).
		EngineMoveCommand: (*Server).playEngineMove,
	}
}

// commandNames returns the commands of commandTable, sorted.
func commandNames() []string {
	var names []string
	for name := range commandTable() {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// executeCommand answers workspace/executeCommand with the command's
// entry in commandTable; an unknown command is InvalidParams.
func (s *Server) executeCommand(_ context.Context, raw []byte) (func(context.Context) (any, error), error) {
	var p struct {
		Command   string            `json:"command"`
		Arguments []json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, errInvalidParams(protocol.MethodWorkspaceExecuteCommand, err)
	}
	run := s.commands[p.Command]
	if run == nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: unknown command %s", parse.Quote(p.Command))
	}
	return run(s, p.Arguments)
}

// revealMove runs RevealCommand by asking the client to show the range
// (window/showDocument), in a document the server has open (the URI as
// the client spelt it): the server forwards no other URI. When the
// request is cancelled (by the client, or by exit) while the client has
// not answered, the showDocument request is cancelled too
// ($/cancelRequest to the client).
func (s *Server) revealMove(args []json.RawMessage) (func(context.Context) (any, error), error) {
	var r protocol.Range
	if len(args) != 2 {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: %s wants 2 arguments (uri, range), got %d", RevealCommand, len(args))
	}
	var spelt string
	if err := json.Unmarshal(args[0], &spelt); err != nil {
		return nil, errInvalidParams(RevealCommand, fmt.Errorf("uri: %v", err))
	}
	u, err := wire.DocumentURI(spelt)
	if err != nil {
		return nil, errInvalidParams(RevealCommand, fmt.Errorf("uri: %v", err))
	}
	if _, err := s.snapshot(u); err != nil {
		return nil, err
	}
	if err := protocol.Unmarshal(args[1], &r); err != nil {
		return nil, errInvalidParams(RevealCommand, fmt.Errorf("range: %v", err))
	}
	return func(ctx context.Context) (any, error) {
		yes := true
		var res protocol.ShowDocumentResult
		id, err := s.conn.Call(ctx, protocol.MethodWindowShowDocument,
			&protocol.ShowDocumentParams{URI: u, TakeFocus: &yes, Selection: &r}, &res)
		if err != nil && ctx.Err() != nil {
			// Tell the client that the server no longer waits.
			if n, ok := id.Number(); ok {
				params := jsonrpc2.RawMessage(`{"id":` + strconv.FormatInt(n, 10) + `}`)
				if err := s.conn.Notify(context.Background(), protocol.MethodCancelRequest, params); err != nil {
					s.log.Debug("$/cancelRequest to the client", zlog.Error(err))
				}
			}
			return nil, ctx.Err()
		}
		if err != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "gamels: window/showDocument: %v", err)
		}
		return nil, nil
	}, nil
}

// playEngineMove runs EngineMoveCommand: the judgment of engineMove
// (play_engine.go) on the snapshot of the document the arguments name, at
// its gamels.engine level and time, with its progress shown
// (window/workDoneProgress, whose cancel button stops it), then the edit
// sent to the client to apply (workspace/applyEdit). A search stopped
// writes nothing.
func (s *Server) playEngineMove(args []json.RawMessage) (func(context.Context) (any, error), error) {
	var a engineArgs
	if err := a.decode(args); err != nil {
		return nil, errInvalidParams(EngineMoveCommand, err)
	}
	snap, err := s.snapshot(a.uri)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context) (any, error) {
		if err := snap.awaitAnalysis(ctx); err != nil {
			return nil, err
		}
		// The search stops at $/cancelRequest (ctx) and at the cancel
		// button of its progress (search); then nothing is written.
		// So does an edit or a close of the document, for which nothing
		// would be written.
		current, done := snap.whileCurrent(ctx)
		defer done()
		search, cancel := context.WithCancel(current)
		defer cancel()
		title := "gamels: the engine's move"
		if a.rest {
			title = "gamels: the engine's moves to the end of the game"
		}
		wp := s.startProgress(title, cancel)
		res, err := engineMove(search, snap, a, snap.engine, func(done, most int, tok string) {
			msg := "move " + strconv.Itoa(a.move+done) + ": " + tok
			if a.rest {
				msg = parse.Plural(done, "move") + " played, the last " + tok
			}
			wp.report(msg, done, most)
		})
		msg := ""
		if search.Err() != nil {
			msg = "cancelled: nothing written"
		}
		wp.end(msg)
		switch {
		case ctx.Err() != nil: // $/cancelRequest, or the session's end
			return nil, ctx.Err()
		case current.Err() != nil: // an edit or a close
			return nil, errContentModified
		case search.Err() != nil: // the progress's cancel, before the end above
			return nil, errSearchCancelled
		case err != nil:
			return nil, err
		}
		// Never an edit for a document closed or edited since: the
		// client would be asked to write moves computed on a text it
		// no longer holds. (One made in the instant between this look
		// and the client's answer is refused by the client: the edit
		// names its version.)
		if snap.superseded.Load() {
			return nil, errContentModified
		}
		label := "gamels: the engine's move " + res.Text
		if res.Moves > 1 {
			label = "gamels: the engine's " + parse.Plural(res.Moves, "move") + " " + stopWords(res.Stop)
		}
		if notApplied, err := s.applyEdit(ctx, label, res.Edit); err != nil {
			return nil, err
		} else if notApplied != "" {
			return nil, refusal(codeRequestFailed, codeNotWritten, nil, "the engine's move %s was not written: %s", res.Text, notApplied)
		}
		return res, nil
	}, nil
}

// applyEdit asks the client to apply edit (workspace/applyEdit). It
// returns why the client did not apply it ("" when it did), or an
// InternalError when the request failed.
func (s *Server) applyEdit(ctx context.Context, label string, edit versionedEdit) (notApplied string, err error) {
	var applied protocol.ApplyWorkspaceEditResult
	if _, err := s.conn.Call(ctx, protocol.MethodWorkspaceApplyEdit,
		struct {
			Label string        `json:"label"`
			Edit  versionedEdit `json:"edit"`
		}{label, edit}, &applied); err != nil {
		return "", jsonrpc2.Errorf(jsonrpc2.InternalError, "gamels: workspace/applyEdit: %v", err)
	}
	switch {
	case applied.Applied:
		return "", nil
	case applied.FailureReason != nil:
		return *applied.FailureReason, nil
	}
	return "the client did not apply it", nil
}

package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"gamels/lsp/wire"
)

// executeCommand answers workspace/executeCommand for RevealCommand by
// asking the client to show the range (window/showDocument), in a
// document the server has open (the URI as the client spelt it): the
// server forwards no other URI. When the request is cancelled (by the
// client, or by exit) while the client has not answered, the
// showDocument request is cancelled too ($/cancelRequest to the client).
func (s *Server) executeCommand(ctx context.Context, raw []byte) (func(context.Context) (any, error), error) {
	var p protocol.ExecuteCommandParams
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return nil, errInvalidParams(protocol.MethodWorkspaceExecuteCommand, err)
	}
	if p.Command != RevealCommand {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: unknown command %q", p.Command)
	}
	var r protocol.Range
	if len(p.Arguments) != 2 {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: %s wants 2 arguments (uri, range), got %d", RevealCommand, len(p.Arguments))
	}
	var spelt string
	if err := json.Unmarshal(p.Arguments[0], &spelt); err != nil {
		return nil, errInvalidParams(RevealCommand, fmt.Errorf("uri: %v", err))
	}
	u, err := wire.DocumentURI(spelt)
	if err != nil {
		return nil, errInvalidParams(RevealCommand, fmt.Errorf("uri: %v", err))
	}
	if _, err := s.snapshot(u); err != nil {
		return nil, err
	}
	if err := protocol.Unmarshal(p.Arguments[1], &r); err != nil {
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
					s.log.Debug("$/cancelRequest to the client", zap.Error(err))
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

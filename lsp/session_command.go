package lsp

import (
	"context"
	"fmt"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// executeCommand answers workspace/executeCommand for RevealCommand by
// asking the client to show the range (window/showDocument).
func (s *Server) executeCommand(ctx context.Context, raw []byte) (func(context.Context) (any, error), error) {
	var p protocol.ExecuteCommandParams
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return nil, errInvalidParams(protocol.MethodWorkspaceExecuteCommand, err)
	}
	if p.Command != RevealCommand {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: unknown command %q", p.Command)
	}
	var u uri.URI
	var r protocol.Range
	if len(p.Arguments) != 2 {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: %s wants 2 arguments (uri, range), got %d", RevealCommand, len(p.Arguments))
	}
	if err := protocol.Unmarshal(p.Arguments[0], &u); err != nil {
		return nil, errInvalidParams(RevealCommand, fmt.Errorf("uri: %v", err))
	}
	if err := protocol.Unmarshal(p.Arguments[1], &r); err != nil {
		return nil, errInvalidParams(RevealCommand, fmt.Errorf("range: %v", err))
	}
	return func(ctx context.Context) (any, error) {
		yes := true
		var res protocol.ShowDocumentResult
		_, err := s.conn.Call(ctx, protocol.MethodWindowShowDocument,
			&protocol.ShowDocumentParams{URI: u, TakeFocus: &yes, Selection: &r}, &res)
		if err != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "gamels: window/showDocument: %v", err)
		}
		return nil, nil
	}, nil
}

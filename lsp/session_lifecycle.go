package lsp

import (
	"encoding/json"
	"slices"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/internal/zlog"
)

// initialize answers the initialize request: it chooses the position
// encoding, reads the settings from initializationOptions and lists the
// capabilities (each method's, from the table in session_methods.go). A
// second initialize is an error.
func (s *Server) initialize(raw []byte) (any, error) {
	var p protocol.InitializeParams
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return nil, errInvalidParams(protocol.MethodInitialize, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state != stateNew {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "gamels: initialize sent twice")
	}
	s.enc = UTF16
	if g := p.Capabilities.General; g != nil && slices.Contains(g.PositionEncodings, protocol.PositionEncodingKindUTF8) {
		s.enc = UTF8
	}
	if w := p.Capabilities.Workspace; w != nil && w.InlayHint != nil && w.InlayHint.RefreshSupport != nil {
		s.inlayRefresh = *w.InlayHint.RefreshSupport
	}
	if w := p.Capabilities.Window; w != nil && w.WorkDoneProgress != nil {
		s.workDoneProgress = *w.WorkDoneProgress
	}
	if w := p.Capabilities.Workspace; w != nil && w.DidChangeWatchedFiles != nil && w.DidChangeWatchedFiles.DynamicRegistration != nil {
		s.expectedWatch.dynamic = *w.DidChangeWatchedFiles.DynamicRegistration
	}
	if w := p.Capabilities.Workspace; w != nil && w.CodeLens != nil && w.CodeLens.RefreshSupport != nil {
		s.expectedWatch.lensRefresh = *w.CodeLens.RefreshSupport
	}
	if exp := p.Capabilities.Experimental; len(exp) > 0 {
		var x struct {
			Annotated bool `json:"gamelsAnnotated"`
		}
		if json.Unmarshal(exp, &x) == nil {
			s.annotatedNotify = x.Annotated
		}
	}
	settings, err := parseSettings(p.InitializationOptions, s.settings)
	if err != nil {
		s.log.Warn("initializationOptions", zlog.Error(err))
		s.initRefusal = err // shown once the client has the answer
	}
	s.settings = settings
	s.state = stateInitialized
	s.log.Info("initialize",
		zlog.String("client", p.ClientInfo.Name),
		zlog.String("positionEncoding", string(s.enc.Kind())),
		zlog.Stringer("pousseRules", s.settings.PousseRules))

	caps := protocol.ServerCapabilities{PositionEncoding: s.enc.Kind()}
	for _, m := range s.methods {
		if m.capability != nil {
			m.capability(&caps)
		}
	}
	res := &protocol.InitializeResult{
		Capabilities: caps,
		ServerInfo:   protocol.ServerInfo{Name: "gamels"},
	}
	if s.opts.Version != "" {
		res.ServerInfo.Version = protocol.NewOptional(s.opts.Version)
	}
	return res, nil
}

// shutdown answers the shutdown request. Later requests are refused;
// only exit is still obeyed.
func (s *Server) shutdown() (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch s.state {
	case stateNew:
		return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "gamels: the server is not initialized")
	case stateShutdown:
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "gamels: the server is shut down")
	}
	s.state = stateShutdown
	s.log.Info("shutdown")
	return nil, nil
}

// exit records the exit status (0 after shutdown, else 1) and ends Serve.
func (s *Server) exit() {
	s.exitOnce.Do(func() {
		s.mu.Lock()
		if s.state == stateShutdown {
			s.exitCode = 0
		} else {
			s.exitCode = 1
		}
		s.log.Info("exit", zlog.Int("status", s.exitCode))
		s.mu.Unlock()
		close(s.exitCh)
	})
}

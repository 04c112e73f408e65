package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"gamels/lsp/wire"
)

// A methodEntry is how the server answers one protocol method: a
// request or a notification, and the capability it adds to the answer to
// initialize. Exactly one of the four handlers is set.
type methodEntry struct {
	// lifecycle answers a request on the read goroutine whatever the
	// session's state: initialize and shutdown, which check the state
	// themselves.
	lifecycle func(s *Server, params []byte) (any, error)
	// request answers a request between initialize and shutdown, in
	// two phases (see handlerFunc): decode and snapshot on the read
	// goroutine, then the work concurrently.
	request handlerFunc
	// notify handles a notification between initialize and shutdown, on
	// the read goroutine, in wire order; its error is logged.
	notify func(s *Server, ctx context.Context, params []byte) error
	// always handles a notification in any state: exit, $/cancelRequest.
	always func(s *Server, params []byte)

	// capability, when not nil, is what the method adds to the
	// ServerCapabilities of the answer to initialize.
	capability func(*protocol.ServerCapabilities)
}

// methodTable returns every method the server answers. A request not in
// it gets MethodNotFound; a notification not in it is logged and
// ignored. Each feature is a function of a snapshot and its params, in
// a file named for it (hover.go, completion.go ...), wrapped by
// docRequest; the text synchronisation is in session_text_sync.go, the
// lifecycle in session_lifecycle.go.
func methodTable() map[string]methodEntry {
	return map[string]methodEntry{
		// The lifecycle.
		protocol.MethodInitialize: {lifecycle: (*Server).initialize},
		protocol.MethodShutdown:   {lifecycle: func(s *Server, _ []byte) (any, error) { return s.shutdown() }},
		protocol.MethodExit:       {always: func(s *Server, _ []byte) { s.exit() }},
		protocol.MethodInitialized: {notify: func(s *Server, _ context.Context, _ []byte) error {
			s.log.Info("client initialized")
			s.mu.Lock()
			err := s.initRefusal
			s.initRefusal = nil
			s.mu.Unlock()
			s.refuseSettings(err)
			s.watchExpected()
			return nil
		}},
		protocol.MethodCancelRequest: {always: (*Server).cancelRequest},
		// The cancel button of the progress the server shows
		// (session_progress.go).
		protocol.MethodWindowWorkDoneProgressCancel: {notify: (*Server).cancelProgress},

		// Text synchronisation: open and close, changes incremental (full
		// changes accepted too), and the settings.
		protocol.MethodTextDocumentDidOpen: {
			notify: (*Server).didOpen,
			capability: func(c *protocol.ServerCapabilities) {
				open, change := true, protocol.TextDocumentSyncKindIncremental
				c.TextDocumentSync = &protocol.TextDocumentSyncOptions{OpenClose: &open, Change: &change}
			},
		},
		protocol.MethodTextDocumentDidChange:           {notify: (*Server).didChange},
		protocol.MethodTextDocumentDidClose:            {notify: (*Server).didClose},
		protocol.MethodWorkspaceDidChangeConfiguration: {notify: (*Server).didChangeConfiguration},
		// The expected outputs on disk (session_expected.go).
		protocol.MethodWorkspaceDidChangeWatchedFiles: {notify: (*Server).didChangeWatchedFiles},

		// The features: requests about one document.
		protocol.MethodTextDocumentHover: {
			request:    docRequest(protocol.MethodTextDocumentHover, hover),
			capability: func(c *protocol.ServerCapabilities) { c.HoverProvider = protocol.Boolean(true) },
		},
		protocol.MethodTextDocumentInlayHint: {
			request:    docRequest(protocol.MethodTextDocumentInlayHint, inlayHints),
			capability: func(c *protocol.ServerCapabilities) { c.InlayHintProvider = protocol.Boolean(true) },
		},
		protocol.MethodTextDocumentCodeLens: {
			request:    docRequest(protocol.MethodTextDocumentCodeLens, codeLens),
			capability: func(c *protocol.ServerCapabilities) { c.CodeLensProvider = &protocol.CodeLensOptions{} },
		},
		protocol.MethodTextDocumentDocumentSymbol: {
			request:    docRequest(protocol.MethodTextDocumentDocumentSymbol, documentSymbols),
			capability: func(c *protocol.ServerCapabilities) { c.DocumentSymbolProvider = protocol.Boolean(true) },
		},
		protocol.MethodTextDocumentFoldingRange: {
			request:    docRequest(protocol.MethodTextDocumentFoldingRange, foldingRanges),
			capability: func(c *protocol.ServerCapabilities) { c.FoldingRangeProvider = protocol.Boolean(true) },
		},
		protocol.MethodTextDocumentCompletion: {
			request: docRequest(protocol.MethodTextDocumentCompletion, completion),
			capability: func(c *protocol.ServerCapabilities) {
				c.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: []string{" "}}
			},
		},
		protocol.MethodTextDocumentCodeAction: {
			request: docRequest(protocol.MethodTextDocumentCodeAction, codeActionsWithEngine), // quick fixes, and the engine's move (play_engine.go)
			capability: func(c *protocol.ServerCapabilities) {
				c.CodeActionProvider = &protocol.CodeActionOptions{
					CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, engineActionKind},
				}
			},
		},
		protocol.MethodTextDocumentFormatting: {
			request:    docRequest(protocol.MethodTextDocumentFormatting, formatting),
			capability: func(c *protocol.ServerCapabilities) { c.DocumentFormattingProvider = protocol.Boolean(true) },
		},
		protocol.MethodTextDocumentRangeFormatting: {
			request:    docRequest(protocol.MethodTextDocumentRangeFormatting, rangeFormatting),
			capability: func(c *protocol.ServerCapabilities) { c.DocumentRangeFormattingProvider = protocol.Boolean(true) },
		},
		protocol.MethodTextDocumentDefinition: {
			request:    docRequest(protocol.MethodTextDocumentDefinition, definition),
			capability: func(c *protocol.ServerCapabilities) { c.DefinitionProvider = protocol.Boolean(true) },
		},
		protocol.MethodTextDocumentDocumentHighlight: {
			request:    docRequest(protocol.MethodTextDocumentDocumentHighlight, documentHighlight),
			capability: func(c *protocol.ServerCapabilities) { c.DocumentHighlightProvider = protocol.Boolean(true) },
		},
		protocol.MethodTextDocumentSemanticTokensFull: {
			request: docRequest(protocol.MethodTextDocumentSemanticTokensFull, semanticTokens),
			capability: func(c *protocol.ServerCapabilities) {
				c.SemanticTokensProvider = &protocol.SemanticTokensOptions{
					Legend: protocol.SemanticTokensLegend{TokenTypes: tokenTypes, TokenModifiers: tokenModifiers},
					Full:   protocol.Boolean(true),
					Range:  protocol.Boolean(true),
				}
			},
		},
		protocol.MethodTextDocumentSemanticTokensRange: {
			request: docRequest(protocol.MethodTextDocumentSemanticTokensRange, semanticTokensRange),
		},

		// The gamels extension: the board under the cursor
		// (docs/protocol.md).
		BoardMethod: {
			request: docRequest(BoardMethod, board),
			capability: func(c *protocol.ServerCapabilities) {
				c.Experimental = protocol.LSPAny(`{"gamelsBoard":true,"gamelsBoardVersion":2,"gamelsPlay":true,"gamelsEvaluate":true,"gamelsEvaluations":true,"gamelsPicture":true,` + newGameSizes() + `}`)
			},
		},

		// The gamels extension: a move made on the board, written into
		// the transcript (docs/protocol.md; play.go).
		PlayMethod:    {request: docRequest(PlayMethod, play)},
		NewGameMethod: {request: docRequest(NewGameMethod, newGame)},

		// The gamels extension: the engine's value and move in the
		// position shown (docs/protocol.md; evaluate.go).
		EvaluateMethod: {request: docRequest(EvaluateMethod, evaluate)},
		// The engine's values along a game and its annotations
		// (evaluations.go); gamels/annotated says when they are done.
		EvaluationsMethod: {request: docRequest(EvaluationsMethod, evaluations)},
		// The gamels extension: the board as a picture to save or share
		// (picture.go).
		PictureMethod: {request: docRequestWithProgress(PictureMethod, pictureRequest)},

		// The commands (session_command.go, commandTable): the code
		// lens's and the engine's move.
		protocol.MethodWorkspaceExecuteCommand: {
			request: (*Server).executeCommand,
			capability: func(c *protocol.ServerCapabilities) {
				c.ExecuteCommandProvider = protocol.ExecuteCommandOptions{Commands: commandNames()}
			},
		},
	}
}

// docRequest builds the handlerFunc of a request about one document: it
// decodes params of type P, takes the snapshot of the document named by
// params.textDocument.uri (as the client spelt it), and runs fn on it
// concurrently.
func docRequest[P any](method string, fn func(ctx context.Context, snap *snapshot, p *P) (any, error)) handlerFunc {
	return func(s *Server, ctx context.Context, raw []byte) (func(context.Context) (any, error), error) {
		p := new(P)
		if err := protocol.Unmarshal(raw, p); err != nil {
			return nil, errInvalidParams(method, err)
		}
		// The document is found by its URI as the client spelt it, not
		// by the library's canonical form of it, which is all p holds:
		// protocol.Unmarshal rewrites every uri.URI and takes no decode
		// option (its union decoders are its own), so the spelling is
		// read apart, one member of the params.
		u, err := wire.TextDocumentURI(raw)
		if err != nil {
			return nil, errInvalidParams(method, err)
		}
		snap, err := s.snapshot(u)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context) (any, error) {
			runTestHook(ctx, "document:"+method, snap.uri)
			if err := snap.awaitAnalysis(ctx); err != nil {
				return nil, err
			}
			return fn(ctx, snap, p)
		}, nil
	}
}

// docRequestWithProgress is docRequest for a feature whose work may take
// long: fn is handed the session's progress (Server.startProgress,
// window/workDoneProgress).
func docRequestWithProgress[P any](method string, fn func(ctx context.Context, snap *snapshot, p *P, progress progressFunc) (any, error)) handlerFunc {
	return func(s *Server, ctx context.Context, raw []byte) (func(context.Context) (any, error), error) {
		return docRequest(method, func(ctx context.Context, snap *snapshot, p *P) (any, error) {
			return fn(ctx, snap, p, s.featureProgress)
		})(s, ctx, raw)
	}
}

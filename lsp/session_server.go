// Package lsp is the gamels language server: the Language Server Protocol
// over a jsonrpc2 stream, serving Pousse, Spot and PATH transcripts.
//
// The server is built directly on go.lsp.dev/jsonrpc2 with its own
// handler chain rather than protocol.NewServer, whose chain runs every
// message concurrently and so can apply two didChange notifications out of
// order. Here the text synchronisation notifications (didOpen, didChange,
// didClose, didChangeConfiguration) run on the connection's read goroutine
// in wire order; a request takes the snapshot of its document there too,
// so that it answers for the version the client had when it asked, and
// then releases the read loop (jsonrpc2.Async) and runs concurrently.
//
// Serve is meant to run over the server's own stream (wire.NewStream,
// package gamels/lsp/wire, which holds the transport: framing, the
// codec, and the hand-written didOpen decoder and hover encoder), which
// answers or skips broken frames and keeps the session going, where the
// library's stream ends it; SECURITY.md lists what the server promises
// and its limits.
//
// Every method the server answers is in one table, in session_methods.go;
// docs/architecture.md maps the package: the cache (cache_*.go), the
// session (session_*.go), the features (a file each) and the wire.
//
// Inside the server everything is in byte offsets; a snapshot's Mapper
// converts to and from protocol positions at the edge, in UTF-16 or, when
// the client offers it, UTF-8.
package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/uri"
	"go.uber.org/zap/zapcore"

	"gamels/internal/zlog"
	"gamels/lsp/wire"
)

// Options configure a Server.
type Options struct {
	// Logger receives the server's log (a zap core: lsp logs through
	// zapcore alone, see internal/zlog); nil discards it.
	Logger zapcore.Core
	// Debounce is how long the server waits after a change for more
	// changes before it publishes diagnostics (default 60ms).
	Debounce time.Duration
	// Leading is how long the opening of a document, or a change after
	// a quiet spell, waits before its diagnostics are computed (default
	// 0: at once). A server that runs on one thread (WebAssembly in the
	// web page) sets it so that the requests that come with a change,
	// such as the board a click on it redraws, are answered before the
	// publication of a large document takes the thread.
	Leading time.Duration
	// MaxDelay bounds the wait during a long burst of changes: a
	// document's diagnostics are refreshed at least this often while it
	// keeps changing (default 400ms).
	MaxDelay time.Duration
	// Version is reported in serverInfo.
	Version string
	// Files is what the server may read of the file system: only the
	// expected outputs of the transcripts (session_expected.go),
	// regular files of at most MaxDocumentSize bytes, never through a
	// link beside a transcript, opened without blocking (gamels serve:
	// package internal/readfile). nil: it reads no file, and compares a
	// transcript only with an expected output open in the editor.
	Files Files
	// IdleRelease is how long after the last diagnostics run on a large
	// document (largeDocument bytes or more) the server returns the
	// memory freed since to the operating system (see idleRelease):
	// default 2s; negative: never.
	IdleRelease time.Duration
}

// A Server is one language server session. Make it with NewServer and run
// it with Serve, once.
type Server struct {
	log      *zlog.Logger
	opts     Options
	conn     jsonrpc2.Conn
	methods  map[string]methodEntry // methodTable()
	commands map[string]commandFunc // commandTable()

	mu       sync.Mutex
	state    state
	enc      Encoding
	settings Settings
	docs     map[uri.URI]*openDoc
	// inlayRefresh: the client takes workspace/inlayHint/refresh.
	inlayRefresh bool
	// annotatedNotify: the client asked for gamels/annotated
	// (experimental.gamelsAnnotated); workDoneProgress: it takes
	// window/workDoneProgress/create (window.workDoneProgress).
	annotatedNotify, workDoneProgress bool
	// progress maps the tokens of the progress shown to the client to
	// the cancellation of their work (session_progress.go).
	progress map[string]context.CancelFunc
	// annProgressAfter is how long an annotation job runs before its
	// progress is shown (annotationProgressAfter; tests shorten it).
	annProgressAfter time.Duration
	// settingsRefused is the last refusal of a settings value shown to
	// the user (refuseSettings), "" once settings are accepted;
	// initRefusal, one found in initializationOptions, shown at
	// initialized.
	settingsRefused string
	initRefusal     error

	exitOnce sync.Once
	exitCh   chan struct{}
	exitCode int

	inflight map[jsonrpc2.ID]*inflight // requests running, for $/cancelRequest

	staleDropped atomic.Int64 // results not published because a newer one was

	idle *idleRelease // returns freed memory after work on a large document
	// bg counts the goroutines started beside the requests; Serve waits
	// for them (session_background.go).
	bg background

	expectedWatch expectedWatch // session_expected.go
	files         fileWork      // the readings of expected outputs (session_expected.go)
	outputs       outputTexts   // their texts, shared (cache_expected.go)

}

// state is the lifecycle state of the session.
type state uint8

const (
	stateNew         state = iota // before initialize
	stateInitialized              // initialize answered
	stateShutdown                 // shutdown answered
)

// String returns the state's name, for logs.
func (st state) String() string {
	switch st {
	case stateNew:
		return "new"
	case stateInitialized:
		return "initialized"
	}
	return "shutdown"
}

// NewServer returns a server with the given options.
func NewServer(opts Options) *Server {
	if opts.Debounce <= 0 {
		opts.Debounce = 60 * time.Millisecond
	}
	if opts.MaxDelay < opts.Debounce {
		opts.MaxDelay = max(400*time.Millisecond, opts.Debounce)
	}
	if opts.IdleRelease == 0 {
		opts.IdleRelease = 2 * time.Second
	}
	s := &Server{
		idle:     &idleRelease{delay: opts.IdleRelease, release: debug.FreeOSMemory},
		log:      zlog.New(opts.Logger),
		opts:     opts,
		methods:  methodTable(),
		commands: commandTable(),
		docs:     map[uri.URI]*openDoc{},
		inflight: map[jsonrpc2.ID]*inflight{},
		exitCh:   make(chan struct{}),
		files:    fileWork{log: zlog.New(opts.Logger)},

		annProgressAfter: annotationProgressAfter,
	}
	s.files.bg = &s.bg
	return s
}

// Serve speaks the protocol over stream until the client sends exit or
// the stream ends, and returns the process exit status the protocol asks
// for: 0 when shutdown was received before exit (or before the stream
// ended), 1 otherwise.
func (s *Server) Serve(ctx context.Context, stream jsonrpc2.Stream) int {
	s.conn = wire.NewConn(stream)
	s.conn.Go(ctx, s.handle)

	select {
	case <-s.conn.Done():
		if err := s.conn.Err(); err != nil {
			s.log.Error("connection ended", zlog.Error(err))
		} else {
			s.log.Info("connection closed by the client")
		}
	case <-s.exitCh:
		// The requests in flight are cancelled (one waiting for the
		// client, such as gamels.revealMove's window/showDocument,
		// stops waiting and cancels its own request to the client) and
		// answer RequestCancelled before Close, which refuses every
		// write, drains what is left and closes the stream. A reader
		// blocked on a stdin that cannot be interrupted must not keep
		// the process alive: the caller exits anyway.
		if s.cancelInflight() > 0 {
			s.awaitInflight(500 * time.Millisecond)
		}
		go s.conn.Close()
		select {
		case <-s.conn.Done():
		case <-time.After(2 * time.Second):
			s.log.Warn("connection did not close in time")
		}
	}
	s.stopDiagnostics()
	s.idle.stop()
	if !s.bg.close(2 * time.Second) {
		s.log.Warn("background work did not end in time")
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.exitCh:
		return s.exitCode
	default:
	}
	if s.state == stateShutdown {
		return 0
	}
	return 1
}

// handle is the root of the handler chain.
func (s *Server) handle(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	if !req.IsCall() {
		s.notification(ctx, req)
		// A notification's error would end the connection: problems are
		// logged instead.
		return nil, nil
	}
	return s.request(ctx, req)
}

// A handlerFunc serves one request method in two phases. The first runs
// on the read goroutine, in wire order: it decodes the params and takes
// what it needs of the server's state (the document's snapshot). The
// work it returns then runs concurrently with later messages.
type handlerFunc func(s *Server, ctx context.Context, params []byte) (work func(context.Context) (any, error), err error)

// request serves a call: the lifecycle rules, then the method's handler
// from the table (session_methods.go), with any panic recovered into an
// InternalError answer.
func (s *Server) request(ctx context.Context, req *jsonrpc2.Request) (result any, err error) {
	method := strings.Clone(req.Method())
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in request", zlog.String("method", method), zlog.Any("panic", r),
				zlog.ByteString("stack", debug.Stack()))
			result, err = nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "gamels: internal error in %s: %v", method, r)
		}
		if err != nil {
			s.log.Debug("request failed", zlog.String("method", method), zlog.Error(err))
		} else {
			s.log.Debug("request", zlog.String("method", method), zlog.Duration("took", time.Since(start)))
		}
	}()

	m := s.methods[method]
	if m.lifecycle != nil {
		return m.lifecycle(s, req.Params())
	}
	s.mu.Lock()
	st := s.state
	s.mu.Unlock()
	switch st {
	case stateNew:
		return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "gamels: the server is not initialized")
	case stateShutdown:
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "gamels: the server is shut down")
	}
	if m.request == nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "gamels: method not supported: %s", method)
	}
	work, err := m.request(s, ctx, req.Params())
	if err != nil {
		return nil, err
	}
	// Register for $/cancelRequest before releasing the read loop (which
	// may read the cancellation next), then release it: from here on the
	// request runs concurrently. The cancellable context is made only
	// after the release, because jsonrpc2 recycles the context of a
	// request that stays on the read loop, which a derived context would
	// outlive.
	id := req.ID()
	fl := &inflight{}
	s.mu.Lock()
	s.inflight[id] = fl
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.inflight, id)
		s.mu.Unlock()
	}()
	jsonrpc2.Async(ctx)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	fl.setCancel(cancel)
	runTestHook(ctx, method, "")
	result, err = work(ctx)
	if fl.isCancelled() {
		// The spec asks for RequestCancelled once the client gave up.
		return nil, errCancelled
	}
	return result, err
}

// notification serves a notification on the read goroutine, with its
// handler from the table (methods.go). Text synchronisation happens
// here, so changes apply in wire order.
func (s *Server) notification(ctx context.Context, req *jsonrpc2.Request) {
	method := req.Method()
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in notification", zlog.String("method", method), zlog.Any("panic", r),
				zlog.ByteString("stack", debug.Stack()))
		}
	}()
	m := s.methods[method]
	if m.always != nil {
		m.always(s, req.Params())
		return
	}
	s.mu.Lock()
	st := s.state
	s.mu.Unlock()
	if st != stateInitialized {
		s.log.Debug("notification dropped", zlog.String("method", method), zlog.Stringer("state", st))
		return
	}
	runTestHook(ctx, method, "")
	if m.notify == nil {
		s.log.Debug("notification ignored", zlog.String("method", method))
		return
	}
	if err := m.notify(s, ctx, req.Params()); err != nil {
		s.log.Warn("notification failed", zlog.String("method", method), zlog.Error(err))
	}
}

// cancelRequest cancels the context of the request the params name. The
// id is read as sent, a string or an integer of up to 64 bits (the
// protocol library's type holds only 32), so that any request the
// connection accepted can be cancelled. Bad params and unknown ids are
// ignored, as the spec says.
func (s *Server) cancelRequest(raw []byte) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		s.log.Warn("bad $/cancelRequest", zlog.Error(err))
		return
	}
	var id jsonrpc2.ID
	var str string
	if err := json.Unmarshal(p.ID, &str); err == nil {
		id = jsonrpc2.NewStringID(str)
	} else if n, err := strconv.ParseInt(string(bytes.TrimSpace(p.ID)), 10, 64); err == nil {
		id = jsonrpc2.NewNumberID(n)
	} else {
		s.log.Warn("bad $/cancelRequest id", zlog.ByteString("id", p.ID))
		return
	}
	s.mu.Lock()
	fl := s.inflight[id]
	s.mu.Unlock()
	if fl != nil {
		s.log.Debug("request cancelled", zlog.String("id", fmt.Sprint(id)))
		fl.cancelNow()
	}
}

// testHook, set only by the package's tests (hook_test.go), runs at the
// points where the session recovers from a panic: the start of every
// request's work (with the method's name, and again as
// "document:"+method with the document's URI), of every notification,
// of every diagnostics run ("diagnostics"), before each publication
// ("publish", with no URI) and at the start of an annotation job
// ("annotations"). A test makes it panic to prove the recovery, or
// watches the order of events. Unset in the program; atomic, because a
// test sets and clears it while the goroutines of an earlier server may
// still look.
var testHook atomic.Pointer[func(ctx context.Context, method string, u uri.URI)]

// runTestHook runs testHook, if set.
func runTestHook(ctx context.Context, method string, u uri.URI) {
	if h := testHook.Load(); h != nil {
		(*h)(ctx, method, u)
	}
}

// errInvalidParams wraps a params decoding error.
func errInvalidParams(method string, err error) error {
	return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: bad params for %s: %v", method, err)
}

// snapshot returns the current snapshot of the open document u, or an
// error when it is not open.
func (s *Server) snapshot(u uri.URI) (*snapshot, error) {
	s.mu.Lock()
	d := s.docs[u]
	s.mu.Unlock()
	if d == nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: document not open: %s", u)
	}
	return d.snap.Load(), nil
}

// cancelInflight cancels every request in flight, as $/cancelRequest
// would, and returns how many there were.
func (s *Server) cancelInflight() int {
	s.mu.Lock()
	fls := make([]*inflight, 0, len(s.inflight))
	for _, fl := range s.inflight {
		fls = append(fls, fl)
	}
	s.mu.Unlock()
	for _, fl := range fls {
		fl.cancelNow()
	}
	return len(fls)
}

// awaitInflight waits, at most limit, until no request is in flight,
// then a little more: the connection writes a request's answer just
// after its handler returns, and a write that comes after Close is
// dropped.
func (s *Server) awaitInflight(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		n := len(s.inflight)
		s.mu.Unlock()
		if n == 0 {
			time.Sleep(5 * time.Millisecond)
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// inflight is the cancellation of a request in flight. A cancellation
// may arrive before the request's context exists; it is then applied as
// soon as the context is made.
type inflight struct {
	mu        sync.Mutex
	cancel    context.CancelFunc
	cancelled bool
}

func (fl *inflight) setCancel(cancel context.CancelFunc) {
	fl.mu.Lock()
	defer fl.mu.Unlock()
	fl.cancel = cancel
	if fl.cancelled {
		cancel()
	}
}

func (fl *inflight) isCancelled() bool {
	fl.mu.Lock()
	defer fl.mu.Unlock()
	return fl.cancelled
}

func (fl *inflight) cancelNow() {
	fl.mu.Lock()
	defer fl.mu.Unlock()
	fl.cancelled = true
	if fl.cancel != nil {
		fl.cancel()
	}
}

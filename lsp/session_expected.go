package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/internal/zlog"
	"gamels/parse"
)

// Which expected output each open transcript is compared with, and when
// it is read again. The file is found when the transcript opens
// (expectedPaths: gamels.expectedOutput, else NAME.expected.out or
// NAME.out beside it, never through a link there); the editor's text
// wins over the disk's while the file is open there. The transcript gets
// a new snapshot, same text, whenever its expected output changes: the
// file is opened, edited or closed in the editor, the client reports it
// changed on disk (workspace/didChangeWatchedFiles, watched by a dynamic
// registration when the client offers one), or the setting changes.
//
// The files are read off the read goroutine, one reading at a time, in
// the order asked (fileWork): a slow or hostile file holds up the
// comparison of its transcripts, never the session. A transcript opens
// at once with its reading pending (expectedRef), which the features
// that compare wait for. A file unchanged since a reading that a
// snapshot still holds is not read again (outputTexts), and transcripts
// that share a file share its text.

// expectedWatch is the session's state of the watch on expected outputs.
type expectedWatch struct {
	// dynamic: the client registers workspace/didChangeWatchedFiles
	// watchers dynamically.
	dynamic bool
	// lensRefresh: the client takes workspace/codeLens/refresh, sent
	// when a transcript's expected output changes (its text did not, so
	// the client would not ask for the lenses again).
	lensRefresh bool
	// regMu serialises the registrations, which run off the read
	// goroutine (the client's answer comes through it).
	regMu      sync.Mutex
	registered []string // the globs registered, under regMu
}

// watcherID is the id of the server's registration of its watchers.
const watcherID = "gamels.expectedOutput"

// resolveExpected returns the expected output of the transcript u of
// the given kind, nil when it has none. It reads files: it runs on the
// files' goroutine (fileWork).
func (s *Server) resolveExpected(u uri.URI, kind parse.Kind) *expectedOutput {
	if kind == 0 {
		return nil
	}
	tp, ok := filePath(u)
	if !ok {
		return nil
	}
	s.mu.Lock()
	setting := s.settings.ExpectedOutput
	paths := expectedPaths(tp, setting)
	open := make([]*openDoc, len(paths))
	for du, d := range s.docs {
		if d.snap.Load().kind != 0 {
			continue
		}
		if p, ok := filePath(du); ok {
			if i := slices.Index(paths, p); i >= 0 {
				open[i] = d
			}
		}
	}
	s.mu.Unlock()
	for i, p := range paths {
		if open[i] != nil {
			return openExpected(p, open[i].snap.Load().text)
		}
		// Only the file the user's setting names is read through a link.
		if e := readExpected(s.opts.Files, &s.outputs, candidate{p, setting != ""}); e != nil {
			return e
		}
	}
	return nil
}

// expectedLater returns the expected output of the transcript u of the
// given kind as it will be read, on the files' goroutine; nil when it
// can have none (not a transcript, not a file).
func (s *Server) expectedLater(u uri.URI, kind parse.Kind) *expectedRef {
	if _, ok := filePath(u); kind == 0 || !ok {
		return nil
	}
	r := pendingExpected()
	s.files.do(func() {
		var e *expectedOutput
		defer func() { r.set(e) }()
		e = s.resolveExpected(u, kind)
	})
	return r
}

// refreshExpected reads again, on the files' goroutine, the expected
// output of every open transcript for which changed reports true of one
// of its candidate files, and gives it a new snapshot when the reading
// differs.
func (s *Server) refreshExpected(changed func(path string) bool) {
	type doc struct {
		u uri.URI
		d *openDoc
	}
	var todo []doc
	s.mu.Lock()
	setting := s.settings.ExpectedOutput
	for u, d := range s.docs {
		if d.snap.Load().kind == 0 {
			continue
		}
		if tp, ok := filePath(u); ok && slices.ContainsFunc(expectedPaths(tp, setting), changed) {
			todo = append(todo, doc{u, d})
		}
	}
	refresh := s.expectedWatch.lensRefresh
	s.mu.Unlock()
	if len(todo) == 0 {
		return
	}
	s.files.do(func() {
		updated := false
		for _, x := range todo {
			e := s.resolveExpected(x.u, x.d.snap.Load().kind)
			x.d.change(func(cur *snapshot) (snapshotSpec, bool) {
				if e.same(cur.output()) {
					return snapshotSpec{}, false
				}
				s.log.Debug("expected output", zlog.String("uri", string(x.u)), zlog.Bool("found", e != nil))
				sp := cur.spec()
				sp.expected = readyExpected(e)
				updated = true
				return sp, true
			})
		}
		if updated && refresh {
			s.bg.do(func() {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				if _, err := s.conn.Call(ctx, protocol.MethodWorkspaceCodeLensRefresh, nil, nil); err != nil {
					s.log.Debug("codeLens/refresh", zlog.Error(err))
				}
			})
		}
	})
}

// fileWork runs the session's readings of files one at a time, in the
// order asked, on a goroutine of its own while there are some.
type fileWork struct {
	log     *zlog.Logger
	bg      *background // the session's
	mu      sync.Mutex
	queue   []func()
	running bool
}

// do queues f.
func (w *fileWork) do(f func()) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.queue = append(w.queue, f)
	if !w.running {
		if !w.bg.do(w.run) {
			return // the session has ended
		}
		w.running = true
	}
}

func (w *fileWork) run() {
	for {
		w.mu.Lock()
		if len(w.queue) == 0 {
			w.running = false
			w.mu.Unlock()
			return
		}
		f := w.queue[0]
		w.queue = w.queue[1:]
		w.mu.Unlock()
		w.one(f)
	}
}

// one runs f, a panic logged with its stack.
func (w *fileWork) one(f func()) {
	defer func() {
		if r := recover(); r != nil {
			w.log.Error("panic while reading an expected output", zlog.Any("panic", r), zlog.ByteString("stack", debug.Stack()))
		}
	}()
	f()
}

// outputTouched follows a document that is not a transcript (kind 0)
// opened, edited or closed in the editor: when it is a transcript's
// expected output, the transcript is compared with its text (with the
// disk's once it is closed).
func (s *Server) outputTouched(u uri.URI, kind parse.Kind) {
	if kind != 0 {
		return
	}
	if p, ok := filePath(u); ok {
		s.refreshExpected(func(c string) bool { return c == p })
	}
}

// didChangeWatchedFiles reads again the expected outputs the client
// reports changed, created or deleted on disk.
func (s *Server) didChangeWatchedFiles(ctx context.Context, raw []byte) error {
	var p struct {
		Changes []struct {
			URI uri.URI `json:"uri"`
		} `json:"changes"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	paths := map[string]bool{}
	for _, c := range p.Changes {
		if fp, ok := filePath(c.URI); ok {
			paths[fp] = true
		}
	}
	if len(paths) > 0 {
		s.refreshExpected(func(c string) bool { return paths[c] })
	}
	return nil
}

// expectedSettingChanged follows a new gamels.expectedOutput: every
// transcript looks for its expected output again, and the watchers
// follow the new name.
func (s *Server) expectedSettingChanged() {
	s.refreshExpected(func(string) bool { return true })
	s.watchExpected()
}

// watcherGlobs are the files the client is asked to watch: every *.out
// (NAME.out, NAME.expected.out), and the files gamels.expectedOutput
// names, by their base name.
func watcherGlobs(setting string) []string {
	globs := []string{"**/*.out"}
	if setting != "" {
		base := filepath.Base(filepath.FromSlash(strings.ReplaceAll(setting, "${name}", "*")))
		if !strings.HasSuffix(base, ".out") { // else **/*.out covers it
			globs = append(globs, "**/"+base)
		}
	}
	return globs
}

// watchExpected registers (again, when the globs changed) the watchers
// of the expected outputs with a client that registers them
// dynamically. The requests run on a goroutine of their own: the
// client's answers come through the read goroutine.
func (s *Server) watchExpected() {
	s.mu.Lock()
	dynamic, setting := s.expectedWatch.dynamic, s.settings.ExpectedOutput
	s.mu.Unlock()
	if !dynamic {
		return
	}
	s.bg.do(func() {
		w := &s.expectedWatch
		w.regMu.Lock()
		defer w.regMu.Unlock()
		globs := watcherGlobs(setting)
		if slices.Equal(globs, w.registered) {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		type reg struct {
			ID              string `json:"id"`
			Method          string `json:"method"`
			RegisterOptions any    `json:"registerOptions,omitempty"`
		}
		if w.registered != nil {
			unreg := map[string][]reg{"unregisterations": {{ID: watcherID, Method: protocol.MethodWorkspaceDidChangeWatchedFiles}}}
			if _, err := s.conn.Call(ctx, protocol.MethodClientUnregisterCapability, unreg, nil); err != nil {
				s.log.Warn("unregistering the watchers of expected outputs", zlog.Error(err))
			}
			w.registered = nil
		}
		type watcher struct {
			GlobPattern string `json:"globPattern"`
		}
		var watchers []watcher
		for _, g := range globs {
			watchers = append(watchers, watcher{g})
		}
		params := map[string][]reg{"registrations": {{ID: watcherID, Method: protocol.MethodWorkspaceDidChangeWatchedFiles,
			RegisterOptions: map[string][]watcher{"watchers": watchers}}}}
		if _, err := s.conn.Call(ctx, protocol.MethodClientRegisterCapability, params, nil); err != nil {
			s.log.Warn("registering the watchers of expected outputs", zlog.Error(err))
			return
		}
		w.registered = globs
		s.log.Debug("watching expected outputs", zlog.Strings("globs", globs))
	})
}

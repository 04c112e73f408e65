package lsp

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"go.lsp.dev/protocol"

	"gamels/internal/zlog"
)

// Server-initiated progress (window/workDoneProgress) for work a user
// waits on, such as the engine's moves: shown only when the work takes
// longer than progressDelay and the client said it takes
// window/workDoneProgress/create; cancellable from the client's
// progress UI (window/workDoneProgress/cancel).

// progressDelay is how long work runs before its progress is shown:
// shorter work would only flash a notification.
const progressDelay = 200 * time.Millisecond

// workProgress is the progress of one piece of work. Its methods are
// safe for concurrent use and do nothing on a nil *workProgress.
type workProgress struct {
	s      *Server
	title  string
	cancel context.CancelFunc // the work's

	mu      sync.Mutex
	timer   *time.Timer
	token   string // set once created
	begun   bool   // begin sent
	ended   bool
	message string
	percent *uint32
}

// progressSeq numbers the server's progress tokens.
var progressSeq struct {
	sync.Mutex
	n int
}

// startProgress returns the progress of work titled title, which cancel
// stops: after progressDelay, if the work has not ended and the client
// takes server-initiated progress, a token is created and begin sent,
// cancellable. The caller reports with report and ends with end.
func (s *Server) startProgress(title string, cancel context.CancelFunc) *workProgress {
	return s.startProgressAfter(progressDelay, &workProgress{title: title, cancel: cancel})
}

// featureProgress is startProgress as a feature is handed it (progressFunc).
func (s *Server) featureProgress(title string, cancel context.CancelFunc) progress {
	return s.startProgress(title, cancel)
}

// startProgressAfter is startProgress shown after the given delay, for
// wp's title, cancel and first message and percentage; a nil cancel
// makes the progress one the user cannot cancel.
func (s *Server) startProgressAfter(after time.Duration, wp *workProgress) *workProgress {
	s.mu.Lock()
	on := s.workDoneProgress
	s.mu.Unlock()
	if !on {
		return nil
	}
	wp.s = s
	wp.timer = time.AfterFunc(after, func() { s.bg.run(wp.begin) })
	return wp
}

// begin creates the token and sends begin, unless the work ended.
func (wp *workProgress) begin() {
	progressSeq.Lock()
	progressSeq.n++
	token := "gamels/progress/" + strconv.Itoa(progressSeq.n)
	progressSeq.Unlock()
	wp.mu.Lock()
	if wp.ended {
		wp.mu.Unlock()
		return
	}
	wp.mu.Unlock()

	// The work's cancellation reaches it through the token from here
	// on, before the client can know the token.
	s := wp.s
	if wp.cancel != nil {
		s.mu.Lock()
		if s.progress == nil {
			s.progress = map[string]context.CancelFunc{}
		}
		s.progress[token] = wp.cancel
		s.mu.Unlock()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := s.conn.Call(ctx, protocol.MethodWindowWorkDoneProgressCreate, map[string]string{"token": token}, nil); err != nil {
		s.log.Debug("window/workDoneProgress/create", zlog.Error(err))
		wp.forget(token)
		return
	}
	wp.mu.Lock()
	defer wp.mu.Unlock()
	if wp.ended {
		// The work ended while the client created the token: the token
		// is closed with begin and end, so that no progress stays open.
		wp.send(token, progressValue{Kind: "begin", Title: wp.title})
		wp.send(token, progressValue{Kind: "end"})
		wp.forget(token)
		return
	}
	wp.token, wp.begun = token, true
	cancellable := wp.cancel != nil
	wp.send(token, progressValue{Kind: "begin", Title: wp.title, Cancellable: &cancellable, Message: wp.message, Percentage: wp.percent})
}

// report sets the message (and the percentage, when most > 0) and
// sends them once begun.
func (wp *workProgress) report(message string, done, most int) {
	if wp == nil {
		return
	}
	wp.mu.Lock()
	defer wp.mu.Unlock()
	wp.message = message
	if most > 0 {
		p := uint32(min(100, 100*done/most))
		wp.percent = &p
	}
	if wp.begun && !wp.ended {
		wp.send(wp.token, progressValue{Kind: "report", Message: wp.message, Percentage: wp.percent})
	}
}

// end ends the progress with message, and stops it from beginning.
func (wp *workProgress) end(message string) {
	if wp == nil {
		return
	}
	wp.timer.Stop()
	wp.mu.Lock()
	defer wp.mu.Unlock()
	if wp.ended {
		return
	}
	wp.ended = true
	if wp.begun {
		wp.send(wp.token, progressValue{Kind: "end", Message: message})
		wp.forget(wp.token)
	}
}

// forget drops token from the server's cancellable progress.
func (wp *workProgress) forget(token string) {
	wp.s.mu.Lock()
	delete(wp.s.progress, token)
	wp.s.mu.Unlock()
}

// progressValue is a WorkDoneProgressBegin, Report or End.
type progressValue struct {
	Kind        string  `json:"kind"`
	Title       string  `json:"title,omitempty"`
	Cancellable *bool   `json:"cancellable,omitempty"`
	Message     string  `json:"message,omitempty"`
	Percentage  *uint32 `json:"percentage,omitempty"`
}

// send sends $/progress for token.
func (wp *workProgress) send(token string, v progressValue) {
	err := wp.s.conn.Notify(context.Background(), protocol.MethodProgress, struct {
		Token string        `json:"token"`
		Value progressValue `json:"value"`
	}{token, v})
	if err != nil {
		wp.s.log.Debug("$/progress", zlog.Error(err))
	}
}

// cancelProgress handles window/workDoneProgress/cancel: the work of the
// token stops. An unknown token (work already done) is ignored.
func (s *Server) cancelProgress(_ context.Context, raw []byte) error {
	var p struct {
		Token json.RawMessage `json:"token"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	var token string
	if err := json.Unmarshal(p.Token, &token); err != nil {
		return nil // not one of ours: the server's tokens are strings
	}
	s.mu.Lock()
	cancel := s.progress[token]
	s.mu.Unlock()
	if cancel != nil {
		s.log.Debug("progress cancelled", zlog.String("token", token))
		cancel()
	}
	return nil
}

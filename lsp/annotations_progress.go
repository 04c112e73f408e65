package lsp

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// annotationProgressAfter is how long an annotation job runs before the
// server shows its progress: a job shorter than that shows nothing.
const annotationProgressAfter = time.Second

// annotationProgressEvery is how often a job's progress is reported,
// at most (a report is sent only when its percentage moved).
const annotationProgressEvery = 200 * time.Millisecond

// progressTokens numbers the server's work done progress tokens.
var progressTokens atomic.Int64

// An annProgress reports the progress of one annotation job to the
// client as window/workDoneProgress, once the job has run for the
// server's annProgressAfter and only when the client takes
// window/workDoneProgress/create: begin with the count of games, a
// percentage of the positions evaluated, end (also when the job is
// cancelled). Its methods are no-ops on nil.
//
// One goroutine sends everything, in order; the job only counts (step)
// and says when it is over (end), so that a slow client never slows the
// engine.
type annProgress struct {
	s         *Server
	uri       string
	games     int
	positions int64 // positions the job evaluates
	done      atomic.Int64
	gamesDone atomic.Int64
	over      chan bool // the job's end; true when it was cancelled
}

// startProgress starts the progress of a job over games games holding
// positions positions in all, or returns nil when the client cannot
// show it.
func (s *Server) startProgress(uri string, games int, positions int64) *annProgress {
	s.mu.Lock()
	ok, after := s.workDoneProgress, s.annProgressAfter
	s.mu.Unlock()
	if !ok || games == 0 {
		return nil
	}
	p := &annProgress{s: s, uri: uri, games: games, positions: max(positions, 1), over: make(chan bool, 1)}
	go p.run(after)
	return p
}

// step counts one position evaluated.
func (p *annProgress) step() {
	if p != nil {
		p.done.Add(1)
	}
}

// gameDone counts one game annotated.
func (p *annProgress) gameDone() {
	if p != nil {
		p.gamesDone.Add(1)
	}
}

// end says that the job is over: finished, or cancelled.
func (p *annProgress) end(cancelled bool) {
	if p != nil {
		p.over <- cancelled
	}
}

// workDoneProgress is the value of a $/progress notification
// (WorkDoneProgressBegin, Report and End in one).
type workDoneProgress struct {
	Kind        string `json:"kind"` // "begin", "report", "end"
	Title       string `json:"title,omitempty"`
	Cancellable *bool  `json:"cancellable,omitempty"`
	Message     string `json:"message,omitempty"`
	Percentage  *int   `json:"percentage,omitempty"`
}

type progressParams struct {
	Token string           `json:"token"`
	Value workDoneProgress `json:"value"`
}

// run waits for the job to run for after, then creates the token and
// sends begin, the reports, and end.
func (p *annProgress) run(after time.Duration) {
	timer := time.NewTimer(after)
	defer timer.Stop()
	select {
	case <-p.over:
		return // done before anything was shown
	case <-timer.C:
	}
	ctx := context.Background()
	token := "gamels-annotations-" + strconv.FormatInt(progressTokens.Add(1), 10)
	if _, err := p.s.conn.Call(ctx, protocol.MethodWindowWorkDoneProgressCreate, map[string]string{"token": token}, nil); err != nil {
		p.s.log.Debug("workDoneProgress/create", zap.Error(err))
		return // the job's end goes into the buffered channel, unread
	}
	send := func(v workDoneProgress) {
		if err := p.s.conn.Notify(ctx, protocol.MethodProgress, &progressParams{Token: token, Value: v}); err != nil {
			p.s.log.Debug("$/progress", zap.Error(err))
		}
	}
	no := false
	pct := p.percentage()
	send(workDoneProgress{Kind: "begin", Title: "gamels: annotating", Cancellable: &no,
		Message: p.message(), Percentage: &pct})
	tick := time.NewTicker(annotationProgressEvery)
	defer tick.Stop()
	for {
		select {
		case cancelled := <-p.over:
			msg := fmt.Sprintf("%d games annotated", p.games)
			if cancelled {
				msg = "cancelled: the document changed or was closed"
			}
			send(workDoneProgress{Kind: "end", Message: msg})
			return
		case <-tick.C:
			if now := p.percentage(); now != pct {
				pct = now
				send(workDoneProgress{Kind: "report", Message: p.message(), Percentage: &pct})
			}
		}
	}
}

// percentage is the share of the positions evaluated, 0 to 100.
func (p *annProgress) percentage() int {
	return int(min(100, p.done.Load()*100/p.positions))
}

// message says how many games are done, and of which document.
func (p *annProgress) message() string {
	return fmt.Sprintf("%d of %d games (%s)", p.gamesDone.Load(), p.games, baseName(p.uri))
}

// baseName is the last element of a URI's path.
func baseName(u string) string {
	for i := len(u) - 1; i >= 0; i-- {
		if u[i] == '/' {
			return u[i+1:]
		}
	}
	return u
}

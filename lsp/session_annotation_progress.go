package lsp

import (
	"fmt"
	"sync/atomic"
	"time"
)

// annotationProgressAfter is how long an annotation job runs before the
// server shows its progress: a job shorter than that shows nothing.
const annotationProgressAfter = time.Second

// annotationProgressEvery is how often a job's progress is reported,
// at most (a report is sent only when its percentage moved).
const annotationProgressEvery = 200 * time.Millisecond

// An annProgress reports the progress of one annotation job to the
// client (session_progress.go's workProgress, not cancellable: an edit
// cancels the job), once the job has run for the server's
// annProgressAfter: begin with the count of games, a percentage of the
// positions evaluated, end (also when the job is cancelled). Its
// methods are no-ops on nil.
//
// The job only counts (step, gameDone) and says when it is over (end);
// one goroutine reports, so that a slow client never slows the engine.
type annProgress struct {
	wp        *workProgress
	name      string // the document's base name
	games     int
	positions int64 // positions the job evaluates
	done      atomic.Int64
	gamesDone atomic.Int64
	over      chan bool // the job's end; true when it was cancelled
}

// startAnnotationProgress starts the progress of a job over games games
// holding positions positions in all, or returns nil when the client
// cannot show it.
func (s *Server) startAnnotationProgress(uri string, games int, positions int64) *annProgress {
	s.mu.Lock()
	after := s.annProgressAfter
	s.mu.Unlock()
	if games == 0 {
		return nil
	}
	p := &annProgress{name: baseName(uri), games: games, positions: max(positions, 1), over: make(chan bool, 1)}
	var zero uint32
	p.wp = s.startProgressAfter(after, &workProgress{title: "gamels: annotating", message: p.message(), percent: &zero})
	if p.wp == nil {
		return nil
	}
	go p.run()
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

// run reports the percentage when it moves, until the job's end.
func (p *annProgress) run() {
	tick := time.NewTicker(annotationProgressEvery)
	defer tick.Stop()
	pct := p.percentage()
	for {
		select {
		case cancelled := <-p.over:
			msg := fmt.Sprintf("%d games annotated", p.games)
			if cancelled {
				msg = "cancelled: the document changed or was closed"
			}
			p.wp.end(msg)
			return
		case <-tick.C:
			if now := p.percentage(); now != pct {
				pct = now
				p.wp.report(p.message(), int(now), 100)
			}
		}
	}
}

// percentage is the share of the positions evaluated, 0 to 100.
func (p *annProgress) percentage() int64 {
	return min(100, p.done.Load()*100/p.positions)
}

// message says how many games are done, and of which document.
func (p *annProgress) message() string {
	return fmt.Sprintf("%d of %d games (%s)", p.gamesDone.Load(), p.games, p.name)
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

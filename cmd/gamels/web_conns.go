package main

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// How many connections gamels web holds at once (a browser opens six at
// most to one host; the open-files limit is 256 on some systems).
const webMaxConns = 64

// webIdleTimeout is how long gamels web keeps a keep-alive connection
// that sends no request (tests shorten it).
var webIdleTimeout = 30 * time.Second

// A connLimit bounds the connections an http.Server holds (its ConnState
// hook): past max, the connection that has waited longest for a request
// (an idle keep-alive one, or a new one that sent nothing yet) is
// closed; when none is waiting, the newest one is. So idle connections
// never make the server run out of file descriptors and stop answering.
type connLimit struct {
	max int

	mu   sync.Mutex
	open map[net.Conn]time.Time // each open connection: since when it waits for a request; zero while it is served
}

func newConnLimit(max int) *connLimit {
	return &connLimit{max: max, open: map[net.Conn]time.Time{}}
}

// state is the server's ConnState hook.
func (l *connLimit) state(c net.Conn, st http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch st {
	case http.StateNew:
		l.open[c] = time.Now()
		if len(l.open) > l.max {
			l.closeOne(c)
		}
	case http.StateActive:
		if _, ok := l.open[c]; ok {
			l.open[c] = time.Time{}
		}
	case http.StateIdle:
		if _, ok := l.open[c]; ok {
			l.open[c] = time.Now()
		}
	case http.StateHijacked, http.StateClosed:
		delete(l.open, c)
	}
}

// closeOne closes the connection that has waited longest, or newest when
// none waits, and forgets it.
func (l *connLimit) closeOne(newest net.Conn) {
	victim := newest
	var since time.Time
	for c, t := range l.open {
		if !t.IsZero() && (since.IsZero() || t.Before(since)) {
			victim, since = c, t
		}
	}
	delete(l.open, victim)
	victim.Close()
}

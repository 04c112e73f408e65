package lsp

import (
	"context"
	"errors"
	"fmt"
	"math"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// What the features' requests start from: the analysis and the position
// in a snapshot, and the protocol errors they answer when the snapshot
// cannot serve them.

// at is how a request on a position starts: the snapshot's analysis, its
// mapper and the byte offset of pos. The error is the protocol error to
// answer when the engines failed on this text, or InvalidParams for a
// position beyond the protocol's uinteger (2^31-1), which the decoder's
// uint32 lets through.
func (s *snapshot) at(pos protocol.Position) (*fileAnalysis, *Mapper, int, error) {
	if err := checkPosition(pos); err != nil {
		return nil, nil, 0, err
	}
	fa, err := s.Analysis()
	if err != nil {
		return nil, nil, 0, errAnalysis(err)
	}
	m := s.Mapper()
	return fa, m, m.Offset(pos), nil
}

// errOutOfSync answers a request for edits on a document whose text the
// server no longer knows (see snapshot.outOfSync).
var errOutOfSync = jsonrpc2.NewError(jsonrpc2.InternalError,
	"gamels: the document is out of sync after a change that could not be applied; close and reopen it")

// editable returns errOutOfSync when snapshot s must not be edited: edits
// computed on a text the client no longer has would corrupt its own.
func (s *snapshot) editable() error {
	if s.outOfSync {
		return errOutOfSync
	}
	return nil
}

// errAnalysis turns a failed analysis into a request error:
// ContentModified for a snapshot superseded before its analysis was done
// (the client has a newer version, or closed the document), else an
// InternalError.
func errAnalysis(err error) error {
	if errors.Is(err, errSuperseded) {
		return errContentModified
	}
	return jsonrpc2.Errorf(jsonrpc2.InternalError, "gamels: %v", err)
}

// errCancelled answers a request cancelled by the client.
var errCancelled = jsonrpc2.NewError(jsonrpc2.Code(protocol.LSPErrorCodesRequestCancelled), "gamels: request cancelled")

// errContentModified answers a request on a version of a document that
// was superseded before its answer could be computed.
var errContentModified = jsonrpc2.NewError(jsonrpc2.Code(protocol.LSPErrorCodesContentModified),
	"gamels: the document changed or was closed before the answer was computed")

// checkRange is checkPosition for both ends of r.
func checkRange(r protocol.Range) error {
	if err := checkPosition(r.Start); err != nil {
		return err
	}
	return checkPosition(r.End)
}

// checkPosition refuses a position whose line or character is beyond the
// protocol's uinteger, 2^31-1: such a position is an error of the client,
// not one to clamp.
func checkPosition(pos protocol.Position) error {
	if pos.Line > math.MaxInt32 || pos.Character > math.MaxInt32 {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams,
			"gamels: position %d:%d is beyond the protocol's limit of 2^31-1", pos.Line, pos.Character)
	}
	return nil
}

// A progress shows the user how far a request's long work has gone:
// report as it goes, end once. A feature whose work may take long (an
// animation of gamels/picture) is handed a progressFunc, which starts
// one; the session's is window/workDoneProgress (session_progress.go).
type progress interface {
	report(message string, done, most int)
	end(message string)
}

// A progressFunc starts the progress of work titled title, which cancel
// stops (the cancel button the client shows).
type progressFunc func(title string, cancel context.CancelFunc) progress

// start is f's progress, or one that shows nothing when f is nil.
func (f progressFunc) start(title string, cancel context.CancelFunc) progress {
	if f == nil {
		return noProgress{}
	}
	return f(title, cancel)
}

// noProgress shows nothing.
type noProgress struct{}

func (noProgress) report(string, int, int) {}
func (noProgress) end(string)              {}

// MaxItems bounds the entries of a whole-document answer (code lenses,
// document symbols, folding ranges, inlay hints): 10000. Like
// MaxDiagnostics, it keeps a transcript of millions of games from
// becoming an answer of hundreds of megabytes; where the protocol gives
// the client a way to show it, the last entry says how many more there
// are.
const MaxItems = 10000

// moreItems is the notice that ends a capped answer.
func moreItems(more int, what string) string {
	return fmt.Sprintf("… %d more %s not listed: at most %d are (MaxItems)", more, what, MaxItems)
}

// checkEvery is how many loop steps a request's work may take between two
// looks at its context: a few microseconds of work at most, so that a
// cancellation stops it well within a millisecond.
const checkEvery = 256

// stopped reports, every checkEvery steps, whether ctx is done: the loops
// of a request's work call it with their step count and return ctx.Err()
// when it is true.
func stopped(ctx context.Context, i int) bool {
	return i%checkEvery == 0 && ctx.Err() != nil
}

// staleErr is err, or ContentModified when ctx (from whileCurrent)
// ended because its snapshot was superseded.
func staleErr(ctx context.Context, err error) error {
	if err != nil && errors.Is(context.Cause(ctx), errSuperseded) {
		return errContentModified
	}
	return err
}

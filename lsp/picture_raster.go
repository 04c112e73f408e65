//go:build !(js && wasm)

package lsp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"iter"

	"go.lsp.dev/jsonrpc2"

	"gamels/internal/picture"
	"gamels/parse"
)

// refuseFormat is nil: this server draws every format of gamels/picture.
func refuseFormat(string) error { return nil }

// picturePNG writes pos as a PNG to buf.
func picturePNG(buf *bytes.Buffer, game int, pos *picture.Position, o *picture.Options) error {
	if err := picture.PNG(buf, pos, o); err != nil {
		return pictureError(game, err)
	}
	return nil
}

// pictureGIF writes game ga, the game-th of its file, to buf as an animated
// GIF and returns its frames, within the bounds of a gamels/picture
// answer, reporting its progress when it takes long.
func pictureGIF(ctx context.Context, progress progressFunc, kind parse.Kind, ga *gameAnalysis, game int, theme picture.Theme, buf *bytes.Buffer) (int, error) {
	frames, seq := gameFrames(kind, ga)
	if frames > MaxPictureFrames {
		return 0, jsonrpc2.Errorf(codeRequestFailed,
			"gamels: game %d has %d moves played: an animation here holds at most %d frames; `gamels show --gif FILE:LINE` writes longer ones",
			game, frames-1, MaxPictureFrames)
	}
	// Refused before painting when the frames would be over the
	// bound: they are all of the first's size.
	for first := range seq {
		if w, h := picture.Size(first, nil); frames*w*h > MaxPicturePaint {
			return 0, jsonrpc2.Errorf(codeRequestFailed,
				"gamels: game %d: %d frames of %d x %d pixels are more than an animation here paints; `gamels show --gif FILE:LINE` writes it",
				game, frames, w, h)
		}
		break
	}
	// Painting stops at $/cancelRequest (ctx) and at the cancel
	// button of its progress (painting).
	painting, cancel := context.WithCancel(ctx)
	defer cancel()
	wp := progress.start(fmt.Sprintf("gamels: game %d as a GIF", game), cancel)
	seq = untilDone(painting, seq, func(k int) {
		if k%max(1, frames/100) == 0 {
			wp.report(fmt.Sprintf("frame %d of %d", k+1, frames), k, frames)
		}
	})
	err := picture.GIF(buf, seq, &picture.Options{Theme: theme},
		picture.Animation{MaxFrames: MaxPictureFrames, MaxBytes: MaxPictureBytes, MaxPaint: MaxPicturePaint})
	switch {
	case ctx.Err() != nil:
		wp.end("cancelled")
		return 0, ctx.Err()
	case painting.Err() != nil:
		wp.end("cancelled")
		return 0, errCancelled
	}
	wp.end("")
	if err != nil {
		return 0, pictureError(game, err)
	}
	return frames, nil
}

// gameFrames returns the number of frames of the animation of game ga
// and its positions, from its analysis.
func gameFrames(kind parse.Kind, ga *gameAnalysis) (int, iter.Seq[*picture.Position]) {
	g := ga.game
	switch {
	case ga.pousse != nil:
		return ga.pousse.Played() + 1, picture.PousseFrames(g, ga.pousse)
	case ga.spot != nil:
		return ga.spot.Played() + 1, picture.SpotFrames(g, ga.spot)
	}
	pos := picture.PathPosition(g, ga.path)
	return 1, func(yield func(*picture.Position) bool) {
		if pos != nil {
			yield(pos)
		}
	}
}

// untilDone is seq, ended early once ctx is done, calling each with the
// index of each position before yielding it.
func untilDone(ctx context.Context, seq iter.Seq[*picture.Position], each func(k int)) iter.Seq[*picture.Position] {
	return func(yield func(*picture.Position) bool) {
		k := 0
		for p := range seq {
			if ctx.Err() != nil {
				return
			}
			each(k)
			if !yield(p) {
				return
			}
			k++
		}
	}
}

func pictureError(game int, err error) error {
	if errors.Is(err, picture.ErrTooLarge) {
		return jsonrpc2.Errorf(codeRequestFailed, "gamels: the picture of game %d: %v; `gamels show` writes it to a file", game, err)
	}
	return jsonrpc2.Errorf(codeRequestFailed, "gamels: the picture of game %d: %v", game, err)
}

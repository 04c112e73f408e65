package lsp

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"path"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/internal/picture"
	"gamels/parse"
)

// PictureMethod is the gamels extension request that draws the board at
// a position as a standalone picture, with its own colours, to save or
// share: the position as SVG or PNG, or its whole game as an animated
// GIF, as `gamels show --svg/--gif` writes them (docs/protocol.md).
const PictureMethod = "gamels/picture"

// The bounds of a gamels/picture answer: the bytes of the picture (before
// base64), the frames of an animation (the moves played, and the board
// before them) and the pixels painted over all its frames. `gamels show
// --gif` writes longer animations to a file.
const (
	MaxPictureBytes  = 8 << 20
	MaxPictureFrames = 2001
	MaxPicturePaint  = 1 << 30
)

type pictureParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Position     *protocol.Position              `json:"position"`
	Format       string                          `json:"format"` // "svg", "png", "gif"
	Theme        string                          `json:"theme"`  // picture.ParseTheme's names; "" the format's default
}

// pictureResult is the answer of gamels/picture.
type pictureResult struct {
	Format string `json:"format"`
	Mime   string `json:"mime"`
	Name   string `json:"name"` // a file name to suggest: "sample-game2-move7.png"
	Data   string `json:"data"` // the SVG text, or the PNG or GIF in base64
	Game   int    `json:"game"`
	Move   int    `json:"move"`             // the position drawn (svg, png); the moves played (gif)
	Frames int    `json:"frames,omitempty"` // gif: the frames, one a position
	Bytes  int    `json:"bytes"`            // the picture's size before base64
}

var pictureMimes = map[string]string{"svg": "image/svg+xml", "png": "image/png", "gif": "image/gif"}

// pictureRequest answers gamels/picture: the board of the game at the
// position, at the move under it, drawn by internal/picture. Outside
// every game, or on a game whose size is unusable, it is InvalidParams;
// over a bound, RequestFailed. An animation that takes longer than
// progressDelay shows its progress, frame by frame, when the client
// takes server-initiated progress (started by progress); cancelling it
// there or by $/cancelRequest stops it between frames.
//
// Cost: svg and png O(N²) (a PNG of a 100 x 100 board is some 1.5
// megapixels painted); gif O(frames · pixels).
func pictureRequest(ctx context.Context, snap *snapshot, p *pictureParams, progress progressFunc) (any, error) {
	if p.Position == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "gamels: gamels/picture needs a position")
	}
	mime, ok := pictureMimes[p.Format]
	if !ok {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: gamels/picture format %s: it is svg, png or gif", parse.Quote(p.Format))
	}
	if err := refuseFormat(p.Format); err != nil {
		return nil, err
	}
	var theme picture.Theme
	if p.Theme != "" {
		t, err := picture.ParseTheme(p.Theme)
		if err != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: gamels/picture: %v", err)
		}
		theme = t
	}
	fa, _, off, err := snap.at(*p.Position)
	if err != nil {
		return nil, err
	}
	ga := fa.gameAt(off)
	var v *boardView
	if ga != nil && ga.game.Size > 0 {
		v = boardAt(snap.kind, ga, off)
	}
	if v == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "gamels: gamels/picture: no game with a usable board at this position")
	}
	out := &pictureResult{Format: p.Format, Mime: mime, Game: v.Game}
	base := pictureBase(snap.uri.Path())
	var buf bytes.Buffer
	switch p.Format {
	case "gif":
		// An edit or a close stops the drawing at its next frame.
		painting, done := snap.whileCurrent(ctx)
		frames, err := pictureGIF(painting, progress, snap.kind, ga, v.Game, theme, &buf)
		done()
		if err != nil {
			return nil, staleErr(painting, err)
		}
		out.Frames, out.Move = frames, max(frames-1, 0)
		out.Name = fmt.Sprintf("%s-%s%d.gif", base, gameWord(snap.kind), v.Game)
	default:
		o := &picture.Options{Theme: theme, Earlier: v.earlier()}
		o.Title, o.Caption = picture.Label(path.Base(snap.uri.Path()), v.Game, v.Position)
		if p.Format == "svg" {
			buf.Write(picture.SVG(v.Position, o))
		} else if err := picturePNG(&buf, v.Game, v.Position, o); err != nil {
			return nil, err
		}
		out.Move = v.Move
		out.Name = fmt.Sprintf("%s-%s%d", base, gameWord(snap.kind), v.Game)
		if snap.kind != parse.Path {
			out.Name += fmt.Sprintf("-move%d", v.Move)
		}
		out.Name += "." + p.Format
	}
	if buf.Len() > MaxPictureBytes {
		return nil, jsonrpc2.Errorf(codeRequestFailed, "gamels: the picture of game %d is %d bytes, over the %d a gamels/picture answer holds", v.Game, buf.Len(), MaxPictureBytes)
	}
	out.Bytes = buf.Len()
	if p.Format == "svg" {
		out.Data = buf.String()
	} else {
		out.Data = base64.StdEncoding.EncodeToString(buf.Bytes())
	}
	return out, nil
}

func gameWord(kind parse.Kind) string {
	if kind == parse.Path {
		return "board"
	}
	return "game"
}

// pictureBase is the stem of a picture's suggested name: the last
// element of the document's path without its extension, in letters,
// digits, '.', '_' and '-' ("board" when nothing is left).
func pictureBase(p string) string {
	name := path.Base(strings.ReplaceAll(p, "\\", "/"))
	name = strings.TrimSuffix(name, path.Ext(name))
	name = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return '-'
	}, name)
	name = strings.Trim(name, ".-")
	if name == "" {
		return "board"
	}
	return name
}

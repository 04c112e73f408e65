//go:build js && wasm

package lsp

import (
	"bytes"
	"context"

	"go.lsp.dev/jsonrpc2"

	"gamels/internal/picture"
	"gamels/parse"
)

// In WebAssembly (the web page's server) gamels/picture draws SVG only:
// internal/picture leaves its raster formats out of that build, and with
// them image/png and image/gif, which the page does not offer.

// refuseFormat refuses png and gif, naming the command that writes them.
func refuseFormat(format string) error {
	switch format {
	case "png", "gif":
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams,
			"gamels: gamels/picture format %q: the web page's server draws svg only; `gamels show --gif FILE:LINE` writes an animation, `gamels show --svg FILE:LINE` a picture", format)
	}
	return nil
}

// picturePNG is refuseFormat's refusal; pictureRequest refuses first.
func picturePNG(*bytes.Buffer, int, *picture.Position, *picture.Options) error {
	return refuseFormat("png")
}

// pictureGIF is refuseFormat's refusal; pictureRequest refuses first.
func pictureGIF(context.Context, progressFunc, parse.Kind, *gameAnalysis, int, picture.Theme, *bytes.Buffer) (int, error) {
	return 0, refuseFormat("gif")
}

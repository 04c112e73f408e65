// Package picture draws a board position as a picture: an SVG document, or
// an animated GIF of a whole game, one frame a move. It is the one drawing
// of the board for every place a board is a picture: `gamels show --svg`
// and `--gif`, and the server can give an editor's board view the same
// SVG.
//
// A drawing is a pure function of a Position and Options: the package knows
// the games' positions (from analyze) and nothing of the editor or the wire.
// One layout (layout.go) turns a position into shapes; svg.go writes them as
// SVG elements whose classes carry their look, and raster.go paints the same
// shapes into a paletted image for the GIF, so both show the same board.
//
// In WebAssembly (GOOS=js GOARCH=wasm: the web page's server) the package
// draws SVG only: raster.go, png.go and gif.go are left out of the build,
// and with them image/png, image/gif and their compressors, which the
// page's download would carry for pictures it does not offer.
//
// X and O differ by shape (a cross, a ring), not only by hue, so a picture
// reads without colour; the colours come from a theme (theme.go) readable
// on a light, dark or high-contrast background.
package picture

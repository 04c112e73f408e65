package lsp

import (
	"go.lsp.dev/protocol"

	"gamels/parse"
)

// Codes of the diagnostics the server makes itself, beside the parsers'
// and engines' (parse/codes.go, analyze/codes.go): every Error
// diagnostic carries a code, published as Diagnostic.code.
const (
	// codeInternalError: the server failed on a document (a bug in
	// gamels); the diagnostic says so, so that stale marks do not stay.
	// No input is meant to produce it.
	codeInternalError parse.Code = "internal-error"

	// codeTooLarge: a document over MaxDocumentSize, kept in sync but not
	// analysed (a Warning).
	codeTooLarge parse.Code = "document-too-large"

	// codeExpectedDiffers: the expected output beside a transcript
	// (NAME.out, NAME.expected.out, gamels.expectedOutput) has another
	// line for the game than its verdict, or none, or lines in excess
	// (a Warning on the game's ending move).
	codeExpectedDiffers parse.Code = "expected-output-differs"
)

// codeValue is a code as the protocol carries it: absent when empty.
func codeValue(c parse.Code) protocol.ProgressToken {
	if c == "" {
		return nil
	}
	return protocol.String(c)
}

// Package textpos is the one place in gamels that knows where lines start:
// it maps byte offsets of a text to lines and byte columns and back.
//
// A line ends at "\n", "\r\n" or a lone "\r", as the Language Server
// Protocol specifies; a final line end opens an empty last line, so a text
// with n line ends has n+1 lines. Lines are numbered from 0 (Index.Line,
// Index.Start, and everywhere in a Text) or, where compilers print them,
// from 1 (Index.Position); columns count bytes. The protocol's UTF-16
// columns are the language server's business (lsp.Mapper), built on a
// Text.
//
// Three entry points:
//   - New builds an Index of a whole text in O(len(text)), eight bytes per
//     step; each lookup is then O(1) or O(log lines). For a text read once
//     (the command line).
//   - FromBytes makes a Text: the text as chunks of whole lines, each with
//     its own compact line index (about 1.1 bytes per line, against 5 for
//     an Index). Text.Edit returns the edited Text, sharing every chunk
//     the edit does not touch, in O(bytes of the touched chunks + chunks):
//     the language server's documents, one Text per version.
//   - LineEnd finds the end of one line with vectorised byte searches, for
//     a parser that reads a text line by line and needs no index.
package textpos

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"gamels/internal/readfile"
	"gamels/lsp"
	"gamels/lsp/wire"
)

func init() {
	register(&command{
		name:  "serve",
		usage: "[--stdio] [--log-file FILE] [--log-level debug|info|warn|error]",
		short: "run the language server on stdin and stdout",
		run:   runServe,
	})
}

// runServe runs the language server over stdin and stdout. Stdout
// carries the protocol only: the log goes to stderr or to --log-file.
// The stream is the server's own (wire.NewStream): a broken frame is
// answered or skipped and the session goes on; the end of stdin ends it.
// The exit status is the protocol's: 0 after shutdown and exit, 1
// otherwise; 2 for bad arguments (and 1 when the log file cannot be
// opened, as for any file a command cannot open).
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", stderr)
	logFile := fs.String("log-file", "", "append the log to `file` instead of stderr")
	// On stderr only warnings and errors by default: clients show a
	// server's stderr as errors (Neovim's lsp.log marks every line
	// [ERROR]), so a healthy session writes nothing there.
	logLevel := fs.String("log-level", "", "log `level`: debug, info, warn or error (default warn on stderr, info in --log-file)")
	// Many clients start a server with --stdio (vscode-languageclient's
	// stdio transport, several Emacs and Vim set-ups); stdio is the only
	// transport, so the flag is accepted and changes nothing.
	fs.Bool("stdio", true, "talk over stdin and stdout (the only transport; accepted for clients that pass it)")
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) > 0 {
		return usageError(fs, "unexpected arguments %q", rest)
	}
	if *logLevel == "" {
		*logLevel = "warn"
		if *logFile != "" {
			*logLevel = "info"
		}
	}
	level, err := zapcore.ParseLevel(*logLevel)
	if err != nil {
		return usageError(fs, "%v", err)
	}
	var sink zapcore.WriteSyncer = zapcore.AddSync(stderr)
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "gamels serve: %s\n", message(err))
			return exitProblem
		}
		defer f.Close()
		sink = zapcore.AddSync(f)
	}
	enc := zap.NewProductionEncoderConfig()
	enc.EncodeTime = zapcore.ISO8601TimeEncoder
	logger := zap.New(zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(sink), level))
	defer logger.Sync()

	bi, _ := debug.ReadBuildInfo()
	// The server reads only the expected outputs of the transcripts
	// (lsp.Options.Files), through this.
	srv := lsp.NewServer(lsp.Options{Logger: logger.Core(), Version: moduleVersion(version, bi), Files: diskFiles{}})
	code := srv.Serve(context.Background(), wire.NewStream(stdio{interruptible(stdin), stdout}, logger.Core()))
	logger.Info("gamels serve exits", zap.Int("status", code))
	return code
}

// stdio joins stdin and stdout into the stream's connection.
type stdio struct {
	in  *io.PipeReader
	out io.Writer
}

func (s stdio) Read(p []byte) (int, error)  { return s.in.Read(p) }
func (s stdio) Write(p []byte) (int, error) { return s.out.Write(p) }

// Close closes the pipe from stdin, and stdout when it can be closed. That
// ends the server's read at once (see interruptible), so that after the
// exit notification the server returns as soon as the answers in flight
// are written, even when the client keeps its end of stdin open.
func (s stdio) Close() error {
	s.in.Close()
	if c, ok := s.out.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// interruptible returns r read through a pipe by a goroutine of its own.
// A read blocked on a process's stdin (a pipe or a terminal) cannot be
// interrupted by closing the file; a read from the pipe can: closing it
// ends the read at once with io.ErrClosedPipe. The copying goroutine,
// left blocked on stdin, ends with the process. The file itself is not
// closed: closing it could wait for that read. The copy costs one memmove
// per chunk.
func interruptible(r io.Reader) *io.PipeReader {
	pr, pw := io.Pipe()
	go func() {
		_, err := io.Copy(pw, r)
		pw.CloseWithError(err) // nil: the reader sees io.EOF
	}()
	return pr
}

// diskFiles is the server's access to the file system (lsp.Files):
// package readfile, which opens without blocking, follows a link only
// when told and checks the file it opened.
type diskFiles struct{}

func (diskFiles) Stat(path string, follow bool) (lsp.FileID, error) {
	id, err := readfile.Stat(path, follow)
	return lsp.FileID(id), err
}

func (diskFiles) Read(path string, follow bool, limit int64) ([]byte, lsp.FileID, error) {
	b, id, err := readfile.Read(path, follow, limit)
	return b, lsp.FileID(id), err
}

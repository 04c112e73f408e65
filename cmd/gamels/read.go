package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"gamels/lsp"
)

// defaultMaxSize is the largest input check, judge and show read
// unless --max-size says otherwise: 256 MiB, so that a contest's stress
// test fits; they stream the games, and keep at most 10 bytes per byte
// of input (SECURITY.md), under 3 GB. wholeMaxSize is that of fmt and
// analyze, which hold every game of a file at once (up to 130 bytes per
// byte for the smallest games): the server's MaxDocumentSize, 32 MiB,
// as the server formats no larger document either. maxMaxSize is the
// parser's own limit: a Move holds its place in 32 bits.
const (
	defaultMaxSize = 256 << 20
	wholeMaxSize   = lsp.MaxDocumentSize
	maxMaxSize     = 1<<32 - 1
)

// maxSizeFlag is a --max-size value: a size as sizeFlag reads it, from
// 1 byte to maxMaxSize.
type maxSizeFlag struct{ n int64 }

func (f *maxSizeFlag) String() string { return formatSize(f.n) }

func (f *maxSizeFlag) Set(s string) error {
	var n sizeFlag
	if err := n.Set(s); err != nil || n < 1 || n > maxMaxSize {
		return fmt.Errorf("want a size from 1 to 4G (bytes, or with K, M or G), not %s", quoteArg(s))
	}
	f.n = int64(n)
	return nil
}

// addSizeFlag adds --max-size to a command's flags, def by default.
func addSizeFlag(fs *flag.FlagSet, def int64) *maxSizeFlag {
	f := &maxSizeFlag{n: def}
	fs.Var(f, "max-size", "read no input larger than `size` bytes (K, M, G: KiB, MiB, GiB; at most 4G); a larger one is an error, not read")
	return f
}

// errTooLarge is the error of an input over the --max-size limit.
type errTooLarge struct {
	name  string
	limit int64
	size  int64 // -1 when unknown (a pipe or a device: reading stopped)
}

func (e *errTooLarge) Error() string {
	if e.size < 0 {
		return fmt.Sprintf("%s: larger than %s: reading stopped there (--max-size)", quoteName(e.name), sizeWords(e.limit))
	}
	return fmt.Sprintf("%s: %d bytes, larger than %s (--max-size): not read", quoteName(e.name), e.size, sizeWords(e.limit))
}

// sizeWords is n as a message says it: "256MiB", "1000 bytes".
func sizeWords(n int64) string {
	s := formatSize(n)
	if c := s[len(s)-1]; c >= '0' && c <= '9' {
		s += " bytes"
	}
	return s
}

// readLimited reads name (stdin when r is not nil) up to limit bytes. A
// regular file larger than limit is refused before any byte is read;
// other inputs (standard input, pipes, devices such as /dev/zero) are
// read until limit+1 bytes have come. Memory: a file's bytes; for a
// stream, its bytes twice at the end (read in chunks, then joined).
func readLimited(name string, r io.Reader, limit int64) ([]byte, error) {
	if r == nil {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			if info.Size() > limit {
				return nil, &errTooLarge{name: name, limit: limit, size: info.Size()}
			}
			// One byte more than the size, to see the end without growing.
			return readChunks(name, f, limit, int(info.Size())+1)
		}
		r = f
	}
	return readChunks(name, r, limit, 64<<10)
}

// readChunks reads r to its end, at most limit bytes, into chunks of
// first bytes and then of twice the bytes read so far (at most 64 MiB),
// and joins them: a stream costs its bytes twice at the end instead of
// the three times or more of a slice that grows by copying.
func readChunks(name string, r io.Reader, limit int64, first int) ([]byte, error) {
	var chunks [][]byte
	total := int64(0)
	buf := make([]byte, 0, first)
	for {
		if len(buf) == cap(buf) {
			chunks = append(chunks, buf)
			buf = make([]byte, 0, min(max(total, 64<<10), 64<<20, limit+1-total))
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if total += int64(n); total > limit {
			return nil, &errTooLarge{name: name, limit: limit, size: -1}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if len(chunks) == 0 {
		return buf, nil
	}
	out := make([]byte, 0, total)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return append(out, buf...), nil
}

// capReader reads r, failing with an *errTooLarge once more than limit
// bytes have come: an input read as a stream (judge --expect OUT) stops
// at --max-size as the others do.
type capReader struct {
	r     io.Reader
	name  string
	limit int64
	n     int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.n > c.limit {
		return 0, &errTooLarge{name: c.name, limit: c.limit, size: -1}
	}
	n, err := c.r.Read(p[:min(int64(len(p)), c.limit+1-c.n)])
	if c.n += int64(n); c.n > c.limit {
		return n, &errTooLarge{name: c.name, limit: c.limit, size: -1}
	}
	return n, err
}

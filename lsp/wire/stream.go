package wire

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap/zapcore"

	"gamels/internal/zlog"
)

// MaxFrameSize is the largest message body, in bytes, that the server
// accepts (128 MiB). A frame whose Content-Length declares more is not
// read into memory: it is skipped, the client is told with a
// window/showMessage error, and reading resumes at the next
// "Content-Length:" header. It is well above the server's document size
// limit (lsp.MaxDocumentSize), so that a document too large to analyse
// still arrives and gets a clear diagnostic.
const MaxFrameSize = 128 << 20

// maxHeaderLine bounds one line of a frame's header block.
const maxHeaderLine = 1 << 10

// headerToken starts every frame, matched without regard to case.
const headerToken = "content-length:"

// A Stream is the server's end of the base protocol: messages framed by
// a "Content-Length:" header block, over a byte stream. It implements
// jsonrpc2.Stream.
//
// Unlike the library's stream, a broken frame does not end the session.
// Bytes that are not a header block (garbage between frames) are skipped
// up to the next "Content-Length:" header; a frame whose body is not
// JSON is answered with a ParseError response (id null, as JSON-RPC
// requires) and its bytes are searched again for a header, so that a
// Content-Length too large by a few bytes does not swallow the next
// message; a frame that is JSON but not a message is answered with an
// InvalidRequest error (with its id when it has one); a frame larger
// than MaxFrameSize is skipped without being read into memory. Memory
// use grows with the bytes that actually arrive, never with the length
// a header announces. Read returns an error only when the byte stream
// ends or fails: then the session is over.
type Stream struct {
	rwc  io.ReadWriteCloser
	in   *bufio.Reader
	pend []byte // bytes to read again before in, after a broken frame
	log  *zlog.Logger

	writeMu sync.Mutex
}

// NewStream returns a Stream over rwc; log (nil for none) receives the
// reports of the frames skipped.
func NewStream(rwc io.ReadWriteCloser, log zapcore.Core) *Stream {
	return &Stream{rwc: rwc, in: bufio.NewReaderSize(rwc, 64<<10), log: zlog.New(log)}
}

// Read implements jsonrpc2.Stream: it returns the next well-formed
// message, answering or skipping the broken frames before it. Its error
// is io.EOF when the byte stream ends between frames,
// io.ErrUnexpectedEOF when it ends inside one, else the transport's.
func (s *Stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		body, n, err := s.readFrame()
		if err != nil {
			return nil, 0, err
		}
		msg, err := decodeFrame(body)
		if err == nil {
			return msg, n, nil
		}
		s.reject(body)
	}
}

// Write implements jsonrpc2.Stream: one frame, written with one Write.
// The message is encoded after room left for its header, which is then
// written in front of it: the body is not copied again.
func (s *Stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	const room = len("Content-Length: \r\n\r\n") + 20 // the header of any length
	bp := frameBufs.Get().(*[]byte)
	buf := jsonrpc2.AppendMessage(append((*bp)[:0], make([]byte, room)...), msg)
	header := "Content-Length: " + strconv.Itoa(len(buf)-room) + "\r\n\r\n"
	start := room - len(header)
	copy(buf[start:], header)
	s.writeMu.Lock()
	n, err := s.rwc.Write(buf[start:])
	s.writeMu.Unlock()
	if cap(buf) <= maxPooledFrame {
		*bp = buf
		frameBufs.Put(bp)
	}
	return int64(n), err
}

// frameBufs holds the buffers Write encodes messages into; one larger
// than maxPooledFrame (a big publication) is left to the collector.
var frameBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxPooledFrame = 1 << 20

// Close implements jsonrpc2.Stream.
func (s *Stream) Close() error { return s.rwc.Close() }

func (s *Stream) writeFrame(body []byte) (int64, error) {
	buf := make([]byte, 0, len(body)+32)
	buf = append(buf, "Content-Length: "...)
	buf = strconv.AppendInt(buf, int64(len(body)), 10)
	buf = append(buf, "\r\n\r\n"...)
	buf = append(buf, body...)
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	n, err := s.rwc.Write(buf)
	return int64(n), err
}

// reject answers a frame that is not a message, as JSON-RPC says: a
// ParseError with id null for a body that is not JSON, whose bytes are
// then searched again for a frame header; an InvalidRequest for JSON
// that is not a request, with the request's id when it has a usable one
// (an integer too large for int64 or a fraction is echoed as sent), else
// null (also for JSON that is not an object, batches included: the
// protocol has none). A malformed response (an object without a method)
// is only logged: answering it could start a ping-pong with a peer that
// does the same.
func (s *Stream) reject(body []byte) {
	if !json.Valid(body) {
		s.log.Warn("frame is not JSON: answered with a parse error", zlog.Int("bytes", len(body)),
			zlog.ByteString("start", head(body)))
		s.writeError("null", jsonrpc2.ParseError, "gamels: the message is not valid JSON")
		// The Content-Length may have been too large and the body taken
		// the start of the next frame: look for it in these bytes.
		s.pend = append(body[:len(body):len(body)], s.pend...)
		return
	}
	var m struct {
		ID     json.RawMessage  `json:"id"`
		Method *json.RawMessage `json:"method"`
	}
	if err := json.Unmarshal(body, &m); err == nil && m.Method == nil {
		s.log.Warn("malformed response dropped", zlog.ByteString("start", head(body)))
		return
	}
	id := "null"
	if raw := bytes.TrimSpace(m.ID); len(raw) > 0 && (raw[0] == '"' || raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
		id = string(raw)
	}
	s.log.Warn("frame is not a valid JSON-RPC request: answered with an error", zlog.String("id", id),
		zlog.ByteString("start", head(body)))
	s.writeError(id, jsonrpc2.InvalidRequest,
		"gamels: invalid request: it needs \"jsonrpc\":\"2.0\", a string method, and an id that is a string or an integer (at most 64 bits); batches are not supported")
}

// writeError writes an error response with the given raw JSON id.
func (s *Stream) writeError(id string, code jsonrpc2.Code, msg string) {
	e, _ := json.Marshal(msg)
	body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%s}}`, id, code, e)
	if _, err := s.writeFrame([]byte(body)); err != nil {
		s.log.Warn("writing an error response", zlog.Error(err))
	}
}

// head returns the start of b, for logs.
func head(b []byte) []byte {
	if len(b) > 80 {
		return b[:80]
	}
	return b
}

// readFrame returns the body of the next frame whose header is well
// formed and within MaxFrameSize, skipping whatever comes before it, and
// the number of bytes the frame took.
func (s *Stream) readFrame() ([]byte, int64, error) {
	for {
		skipped, start, err := s.findHeader()
		if skipped > 0 && !isHeaderLines(start) {
			s.log.Warn("bytes between frames skipped", zlog.Int("bytes", skipped), zlog.ByteString("start", start))
		}
		if err != nil {
			return nil, 0, err // io.EOF: the stream ended between frames
		}
		length, hlen, err := s.readHeaderRest()
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, 0, err
		}
		if length < 0 {
			s.log.Warn("malformed frame header skipped")
			continue
		}
		if length > MaxFrameSize {
			s.oversize()
			continue
		}
		body, err := s.readBody(length)
		if err != nil {
			return nil, 0, err
		}
		return body, int64(hlen + length), nil
	}
}

// oversize tells the client that a frame was skipped. Its body is not
// read as such: it is searched for the next header like any garbage, so
// that a wrong Content-Length cannot swallow the rest of the session.
// The length announced is not known exactly (parseLength stops counting
// beyond MaxFrameSize), only that it is over the limit.
func (s *Stream) oversize() {
	msg := fmt.Sprintf("gamels: a message of more than %d bytes was ignored: the limit is %d bytes (%d MiB)",
		MaxFrameSize, MaxFrameSize, MaxFrameSize>>20)
	s.log.Error("frame too large: skipped", zlog.Int("limit", MaxFrameSize))
	p, _ := json.Marshal(&protocol.ShowMessageParams{Type: protocol.MessageTypeError, Message: msg})
	body, _ := jsonrpc2.EncodeMessage(jsonrpc2.NewNotification(protocol.MethodWindowShowMessage, p))
	if _, err := s.writeFrame(body); err != nil {
		s.log.Warn("writing showMessage", zlog.Error(err))
	}
}

func (s *Stream) readByte() (byte, error) {
	if len(s.pend) > 0 {
		b := s.pend[0]
		s.pend = s.pend[1:]
		if len(s.pend) == 0 {
			s.pend = nil
		}
		return b, nil
	}
	return s.in.ReadByte()
}

// findHeader consumes the bytes up to and including the next
// "Content-Length:" (any case). It returns how many bytes came before
// it and the first of them, for the log. O(bytes skipped).
func (s *Stream) findHeader() (skipped int, start []byte, err error) {
	matched, consumed := 0, 0
	for {
		b, err := s.readByte()
		if err != nil {
			return consumed, start, err
		}
		consumed++
		if len(start) < 64 {
			start = append(start, b)
		}
		if lower(b) == headerToken[matched] {
			matched++
			if matched == len(headerToken) {
				skipped = consumed - matched
				if len(start) > skipped {
					start = start[:skipped]
				}
				return skipped, start, nil
			}
			continue
		}
		// The token's first letter does not occur again in it, so a
		// mismatch can only restart the match at this byte.
		matched = 0
		if lower(b) == headerToken[0] {
			matched = 1
		}
	}
}

// isHeaderLines reports whether skipped bytes are other header fields
// (Content-Type), which precede Content-Length legitimately.
func isHeaderLines(b []byte) bool {
	return len(b) >= len("content-type:") && bytes.EqualFold(b[:len("content-type:")], []byte("content-type:"))
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// readHeaderRest reads the Content-Length value after the token and the
// header lines after it, up to the blank line. It returns the length, or
// -1 for a malformed header (whose offending line is put back to be
// searched again), and the header's size.
func (s *Stream) readHeaderRest() (length, size int, err error) {
	line, err := s.readLine()
	if err != nil {
		return 0, 0, err
	}
	size = len(headerToken) + len(line)
	length = parseLength(line)
	if length < 0 {
		s.unread(line)
		return -1, size, nil
	}
	for {
		line, err := s.readLine()
		if err != nil {
			return 0, 0, err
		}
		size += len(line)
		t := bytes.TrimRight(line, "\r\n")
		if len(t) == 0 {
			return length, size, nil
		}
		name, value, ok := bytes.Cut(t, []byte(":"))
		if !ok || len(line) > maxHeaderLine || line[len(line)-1] != '\n' {
			s.unread(line)
			return -1, size, nil
		}
		if bytes.EqualFold(bytes.TrimSpace(name), []byte("content-length")) {
			if length = parseLength(value); length < 0 {
				return -1, size, nil
			}
		}
	}
}

// unread puts b back to be read again.
func (s *Stream) unread(b []byte) {
	s.pend = append(b[:len(b):len(b)], s.pend...)
}

// readLine reads up to and including '\n', at most maxHeaderLine+1
// bytes.
func (s *Stream) readLine() ([]byte, error) {
	var line []byte
	for len(line) <= maxHeaderLine {
		b, err := s.readByte()
		if err != nil {
			return line, err
		}
		line = append(line, b)
		if b == '\n' {
			break
		}
	}
	return line, nil
}

// parseLength parses a Content-Length value (spaces and the line end
// around it allowed): the length, MaxFrameSize+1 for any larger number,
// or -1 when it is not a number.
func parseLength(v []byte) int {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return -1
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return -1
		}
		if n <= MaxFrameSize {
			n = n*10 + int(c-'0')
		}
	}
	return min(n, MaxFrameSize+1)
}

// readBody reads a body of length bytes. Memory follows the bytes
// received, not the length announced: a body longer than its first
// piece (64 KiB, or what is pending) is read in pieces, each as large as
// all before it, until half of it has arrived; only then is the whole
// body allocated, and the pieces copied in once. So at most twice the
// bytes received are allocated whatever the header claims, a body of n
// bytes costs O(log n) allocations and at most half a copy of itself,
// and the pages touched are about 1.5 times its size. It is not reused:
// a message's params may borrow it.
func (s *Stream) readBody(length int) ([]byte, error) {
	first := make([]byte, 0, min(length, max(64<<10, len(s.pend))))
	if len(s.pend) > 0 {
		k := min(len(s.pend), length)
		first = append(first, s.pend[:k]...)
		s.pend = s.pend[k:]
		if len(s.pend) == 0 {
			s.pend = nil
		}
	}
	if err := s.fill(&first); err != nil {
		return nil, err
	}
	if len(first) == length {
		return first, nil
	}
	pieces, got := [][]byte{first}, len(first)
	for got < length-got {
		p := make([]byte, 0, min(got, length-got))
		if err := s.fill(&p); err != nil {
			return nil, err
		}
		pieces = append(pieces, p)
		got += len(p)
	}
	body := make([]byte, 0, length)
	for _, p := range pieces {
		body = append(body, p...)
	}
	if err := s.fill(&body); err != nil {
		return nil, err
	}
	return body, nil
}

// fill reads into *p up to its capacity, the transport reading straight
// into it.
func (s *Stream) fill(p *[]byte) error {
	buf := *p
	for len(buf) < cap(buf) {
		n, err := s.in.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err != nil && len(buf) < cap(buf) {
			*p = buf
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return err
		}
	}
	*p = buf
	return nil
}

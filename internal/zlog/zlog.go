// Package zlog is the language server's logger: zap's structured
// entries, written through a zapcore.Core, without package zap itself.
// Package zap imports net/http (for its level's HTTP handler), which
// would link net/http and crypto/tls into the server's WebAssembly
// build; zapcore does not. The native server makes its core with zap
// (cmd/gamels/serve.go), the page's with zapcore alone (web/wasm).
//
// The fields are zapcore.Fields made as zap's constructors make them,
// for the kinds of values the server logs.
package zlog

import (
	"fmt"
	"time"

	"go.uber.org/zap/zapcore"
)

// A Logger writes entries to its core. A nil *Logger, or one made from a
// nil core, discards them.
type Logger struct {
	core zapcore.Core
}

// New returns a Logger writing to core; a nil core discards.
func New(core zapcore.Core) *Logger {
	return &Logger{core: core}
}

// Debug, Info, Warn and Error log msg with fields at their level.
func (l *Logger) Debug(msg string, fields ...zapcore.Field) { l.log(zapcore.DebugLevel, msg, fields) }
func (l *Logger) Info(msg string, fields ...zapcore.Field)  { l.log(zapcore.InfoLevel, msg, fields) }
func (l *Logger) Warn(msg string, fields ...zapcore.Field)  { l.log(zapcore.WarnLevel, msg, fields) }
func (l *Logger) Error(msg string, fields ...zapcore.Field) { l.log(zapcore.ErrorLevel, msg, fields) }

func (l *Logger) log(lvl zapcore.Level, msg string, fields []zapcore.Field) {
	if l == nil || l.core == nil || !l.core.Enabled(lvl) {
		return
	}
	if ce := l.core.Check(zapcore.Entry{Level: lvl, Time: time.Now(), Message: msg}, nil); ce != nil {
		ce.Write(fields...)
	}
}

// String, Int, Int32, Bool, Duration and ByteString are fields holding
// one value of their type.
func String(key, v string) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.StringType, String: v}
}

func Int(key string, v int) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.Int64Type, Integer: int64(v)}
}

func Int32(key string, v int32) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.Int32Type, Integer: int64(v)}
}

func Bool(key string, v bool) zapcore.Field {
	var i int64
	if v {
		i = 1
	}
	return zapcore.Field{Key: key, Type: zapcore.BoolType, Integer: i}
}

func Duration(key string, v time.Duration) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.DurationType, Integer: int64(v)}
}

func ByteString(key string, v []byte) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.ByteStringType, Interface: v}
}

// Stringer is a field holding v's String, called only when the entry is
// written.
func Stringer(key string, v fmt.Stringer) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.StringerType, Interface: v}
}

// Strings is a field holding a list of strings.
func Strings(key string, v []string) zapcore.Field {
	return zapcore.Field{Key: key, Type: zapcore.ArrayMarshalerType, Interface: stringArray(v)}
}

type stringArray []string

func (a stringArray) MarshalLogArray(enc zapcore.ArrayEncoder) error {
	for _, s := range a {
		enc.AppendString(s)
	}
	return nil
}

// Error is the field "error" holding err; a nil err adds no field.
func Error(err error) zapcore.Field {
	if err == nil {
		return zapcore.Field{Type: zapcore.SkipType}
	}
	return zapcore.Field{Key: "error", Type: zapcore.ErrorType, Interface: err}
}

// Any is a field holding v: an error, a Stringer or a string as such,
// anything else (a recovered panic's value) as fmt prints it.
func Any(key string, v any) zapcore.Field {
	switch v := v.(type) {
	case error:
		return zapcore.Field{Key: key, Type: zapcore.ErrorType, Interface: v}
	case fmt.Stringer:
		return Stringer(key, v)
	case string:
		return String(key, v)
	}
	return String(key, fmt.Sprint(v))
}

package zlog

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

type kind int

func (kind) String() string { return "pousse" }

// TestSameAsZap checks that each entry reads as zap's own logger writes
// it, through the same core.
func TestSameAsZap(t *testing.T) {
	stack := []byte("goroutine 1 [running]:\nmain.main()")
	tests := []struct {
		name string
		ours func(*Logger)
		zaps func(*zap.Logger)
	}{
		{"string", func(l *Logger) { l.Info("m", String("uri", "file:///a.pousse")) }, func(l *zap.Logger) { l.Info("m", zap.String("uri", "file:///a.pousse")) }},
		{"ints", func(l *Logger) { l.Warn("m", Int("n", -3), Int32("version", 7)) }, func(l *zap.Logger) { l.Warn("m", zap.Int("n", -3), zap.Int32("version", 7)) }},
		{"bool and duration", func(l *Logger) {
			l.Debug("m", Bool("found", true), Bool("no", false), Duration("took", 1500*time.Microsecond))
		}, func(l *zap.Logger) {
			l.Debug("m", zap.Bool("found", true), zap.Bool("no", false), zap.Duration("took", 1500*time.Microsecond))
		}},
		{"bytes", func(l *Logger) { l.Error("m", ByteString("stack", stack)) }, func(l *zap.Logger) { l.Error("m", zap.ByteString("stack", stack)) }},
		{"stringer and strings", func(l *Logger) { l.Info("m", Stringer("kind", kind(0)), Strings("globs", []string{"**/*.out", "x"})) }, func(l *zap.Logger) {
			l.Info("m", zap.Stringer("kind", kind(0)), zap.Strings("globs", []string{"**/*.out", "x"}))
		}},
		{"error", func(l *Logger) { l.Error("m", Error(errors.New("broken"))) }, func(l *zap.Logger) { l.Error("m", zap.Error(errors.New("broken"))) }},
		{"nil error", func(l *Logger) { l.Error("m", Error(nil), Int("n", 1)) }, func(l *zap.Logger) { l.Error("m", zap.Error(nil), zap.Int("n", 1)) }},
		{"any", func(l *Logger) { l.Error("m", Any("panic", "boom"), Any("err", errors.New("e")), Any("kind", kind(0))) }, func(l *zap.Logger) {
			l.Error("m", zap.Any("panic", "boom"), zap.Any("err", errors.New("e")), zap.Any("kind", kind(0)))
		}},
		{"below the level", func(l *Logger) { l.Debug("hidden") }, func(l *zap.Logger) { l.Debug("hidden") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			core := func(buf *bytes.Buffer, lvl zapcore.Level) zapcore.Core {
				enc := zap.NewDevelopmentEncoderConfig()
				enc.TimeKey = ""
				return zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.AddSync(buf), lvl)
			}
			for _, lvl := range []zapcore.Level{zapcore.DebugLevel, zapcore.InfoLevel} {
				var got, want bytes.Buffer
				tt.ours(New(core(&got, lvl)))
				tt.zaps(zap.New(core(&want, lvl)))
				if got.String() != want.String() {
					t.Errorf("level %v: wrote %q, zap writes %q", lvl, got.String(), want.String())
				}
			}
		})
	}
}

// TestAnyPanicValue checks that a panic's value that is none of the
// types zap names is written as fmt prints it.
func TestAnyPanicValue(t *testing.T) {
	f := Any("panic", 42)
	if f.Type != zapcore.StringType || f.String != "42" {
		t.Errorf("Any(42) = %+v, want the string 42", f)
	}
}

// TestDiscard checks that a nil logger and a logger of a nil core write
// nothing and do not panic.
func TestDiscard(t *testing.T) {
	var l *Logger
	l.Error("m", String("a", "b"))
	New(nil).Error("m", String("a", "b"))
}

// Package logr is a stub of github.com/go-logr/logr.
package logr

import (
	"context"
	"errors"
)

// RuntimeInfo holds information that the logr "core" library knows which
// LogSinks might want to know.
type RuntimeInfo struct {
	CallDepth int
}

// LogSink represents a logging implementation.
type LogSink interface {
	Init(info RuntimeInfo)
	Enabled(level int) bool
	Info(level int, msg string, keysAndValues ...any)
	Error(err error, msg string, keysAndValues ...any)
	WithValues(keysAndValues ...any) LogSink
	WithName(name string) LogSink
}

// Logger is an interface to an abstract logging implementation.
type Logger struct {
	sink  LogSink
	level int
}

// New returns a new Logger instance.
func New(sink LogSink) Logger {
	l := Logger{sink: sink}
	if sink != nil {
		sink.Init(RuntimeInfo{CallDepth: 1})
	}
	return l
}

// Discard returns a Logger that discards all messages logged to it.
func Discard() Logger { return New(nil) }

// GetSink returns the stored sink.
func (l Logger) GetSink() LogSink { return l.sink }

// WithSink returns a copy of the logger with the new sink.
func (l Logger) WithSink(sink LogSink) Logger {
	l.sink = sink
	return l
}

// Enabled tests whether this Logger is enabled.
func (l Logger) Enabled() bool {
	return l.sink != nil && l.sink.Enabled(l.level)
}

// Info logs a non-error message with the given key/value pairs as context.
func (l Logger) Info(msg string, keysAndValues ...any) {
	if l.Enabled() {
		l.sink.Info(l.level, msg, keysAndValues...)
	}
}

// Error logs an error, with the given message and key/value pairs as context.
func (l Logger) Error(err error, msg string, keysAndValues ...any) {
	if l.sink != nil {
		l.sink.Error(err, msg, keysAndValues...)
	}
}

// V returns a new Logger instance for a specific verbosity level.
func (l Logger) V(level int) Logger {
	if level > 0 {
		l.level += level
	}
	return l
}

// GetV returns the verbosity level of the logger.
func (l Logger) GetV() int { return l.level }

// WithValues returns a new Logger instance with additional key/value pairs.
func (l Logger) WithValues(keysAndValues ...any) Logger {
	if l.sink != nil {
		l.sink = l.sink.WithValues(keysAndValues...)
	}
	return l
}

// WithName returns a new Logger instance with the specified name element
// added to the Logger's name.
func (l Logger) WithName(name string) Logger {
	if l.sink != nil {
		l.sink = l.sink.WithName(name)
	}
	return l
}

// WithCallDepth returns a Logger instance that offsets the call stack by
// the specified number of frames when logging call site information.
func (l Logger) WithCallDepth(depth int) Logger { return l }

// IsZero returns true if this logger is an uninitialized zero value.
func (l Logger) IsZero() bool { return l.sink == nil }

type contextKey struct{}

// FromContext returns a Logger from ctx or an error if no Logger is found.
func FromContext(ctx context.Context) (Logger, error) {
	if v, ok := ctx.Value(contextKey{}).(Logger); ok {
		return v, nil
	}
	return Logger{}, errors.New("no logr.Logger was present")
}

// FromContextOrDiscard returns a Logger from ctx, or a discarding Logger.
func FromContextOrDiscard(ctx context.Context) Logger {
	if v, ok := ctx.Value(contextKey{}).(Logger); ok {
		return v
	}
	return Discard()
}

// NewContext returns a new Context, derived from ctx, which carries the
// provided Logger.
func NewContext(ctx context.Context, logger Logger) context.Context {
	return context.WithValue(ctx, contextKey{}, logger)
}

// Marshaler is an optional interface that logged values may choose to
// implement.
type Marshaler interface {
	MarshalLog() any
}

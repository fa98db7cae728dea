package redact

import (
	"context"
	"fmt"
	"log/slog"
)

// NewHandler returns a handler that passes every record to next with the
// URLs of its message and of its attributes' values redacted (see
// Text): a log line shows which service was called, never its password.
// Errors, Stringers and other values are redacted through their text
// when it holds a URL, and left as they are otherwise.
func NewHandler(next slog.Handler) slog.Handler { return handler{next} }

type handler struct{ next slog.Handler }

var _ slog.Handler = handler{}

func (h handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h handler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, Text(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(attr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		clean[i] = attr(a)
	}
	return handler{h.next.WithAttrs(clean)}
}

func (h handler) WithGroup(name string) slog.Handler { return handler{h.next.WithGroup(name)} }

// attr redacts the value of one attribute.
func attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		v = slog.StringValue(Text(v.String()))
	case slog.KindGroup:
		group := v.Group()
		clean := make([]slog.Attr, len(group))
		for i, g := range group {
			clean[i] = attr(g)
		}
		v = slog.GroupValue(clean...)
	case slog.KindAny:
		var s string
		switch x := v.Any().(type) {
		case error:
			s = x.Error()
		default:
			s = fmt.Sprint(x)
		}
		if t := Text(s); t != s {
			v = slog.StringValue(t)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}

package mustpanic

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// Check calls fn and fails the test, naming what, unless fn panics.
func Check(t testing.TB, what string, fn func()) {
	t.Helper()
	if !panics(fn) {
		t.Errorf("%s: no panic", what)
	}
}

// panics calls fn and reports whether it panicked.
func panics(fn func()) bool {
	_, panicked := recovered(fn)
	return panicked
}

// WithPrefix calls fn and fails the test, naming what, unless fn panics
// with a string that starts with prefix (e.g. "rankexp:"): the panic is the
// package's own guard, not an index error on the way.
func WithPrefix(t testing.TB, what, prefix string, fn func()) {
	t.Helper()
	r, ok := recovered(fn)
	if msg, _ := r.(string); !ok || !strings.HasPrefix(msg, prefix) {
		t.Errorf("%s: recovered %v, want a panic starting %q", what, r, prefix)
	}
}

// recovered calls fn and returns what it panicked with, and whether it did.
func recovered(fn func()) (r any, panicked bool) {
	defer func() {
		if r = recover(); r != nil {
			panicked = true
		}
	}()
	fn()
	return nil, false
}

// All checks every case, in the order of their names.
func All(t testing.TB, cases map[string]func()) {
	t.Helper()
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		Check(t, name, cases[name])
	}
}

package mustpanic

import (
	"runtime"
	"slices"
	"testing"
)

func TestPanics(t *testing.T) {
	for _, c := range []struct {
		name string
		fn   func()
		want bool
	}{
		{"panic", func() { panic("bad input") }, true},
		{"panic(nil)", func() { panic(nil) }, true}, // a *runtime.PanicNilError since Go 1.21
		{"index out of range", func() { _ = []int{}[runtime.NumCPU()] }, true},
		{"return", func() {}, false},
	} {
		if got := panics(c.fn); got != c.want {
			t.Errorf("%s: panics = %v, want %v", c.name, got, c.want)
		}
	}
}

// All runs every case, in name order; each panics, so none fails.
func TestAll(t *testing.T) {
	var ran []string
	call := func(name string) func() { return func() { ran = append(ran, name); panic(name) } }
	All(t, map[string]func(){"b": call("b"), "a": call("a"), "c": call("c")})
	if !slices.Equal(ran, []string{"a", "b", "c"}) {
		t.Errorf("All ran %v, want a, b, c", ran)
	}
	Check(t, "direct", call("d"))
}

// recorder is a testing.TB that records Errorf calls instead of failing.
type recorder struct {
	testing.TB
	errs int
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.errs++ }

// WithPrefix passes only a string panic with the prefix: not another
// message, not a runtime error, not a non-string value, not a return.
func TestWithPrefix(t *testing.T) {
	for _, c := range []struct {
		name string
		fn   func()
		errs int
	}{
		{"own guard", func() { panic("pkg: bad setting") }, 0},
		{"other message", func() { panic("other: bad") }, 1},
		{"index out of range", func() { _ = []int{}[runtime.NumCPU()] }, 1},
		{"non-string value", func() { panic(42) }, 1},
		{"return", func() {}, 1},
	} {
		r := &recorder{TB: t}
		WithPrefix(r, c.name, "pkg:", c.fn)
		if r.errs != c.errs {
			t.Errorf("%s: %d errors, want %d", c.name, r.errs, c.errs)
		}
	}
}

package mustpanic

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.failed = append(r.failed, fmt.Sprintf(format, a...))
}

func TestCheckAndAll(t *testing.T) {
	r := &recorder{TB: t}
	Check(r, "panics", func() { panic("bad input") })
	if len(r.failed) != 0 {
		t.Errorf("a panicking call was reported: %v", r.failed)
	}
	ran := false
	Check(r, "returns", func() { ran = true })
	if !ran || !slices.Equal(r.failed, []string{"returns: no panic"}) {
		t.Errorf("a returning call: ran %v, failures %q", ran, r.failed)
	}
	// A runtime error (index out of range) is a panic too.
	r.failed = nil
	Check(r, "index", func() { _ = []int{}[runtime.NumCPU()] })
	if len(r.failed) != 0 {
		t.Errorf("an index panic was reported: %v", r.failed)
	}
	r.failed = nil
	All(r, map[string]func(){"b": func() {}, "a": func() {}, "c": func() { panic(1) }})
	if !slices.Equal(r.failed, []string{"a: no panic", "b: no panic"}) {
		t.Errorf("All: failures %q, want a and b in order", r.failed)
	}
}

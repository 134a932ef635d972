package param

import (
	"errors"
	"fmt"
	"testing"
)

var errTest = errors.New("test: parameter out of range")

func TestAtLeast(t *testing.T) {
	if err := AtLeast(errTest, Min("A", 1, 1), Min("B", 5, 2)); err != nil {
		t.Errorf("bounds that hold: %v", err)
	}
	err := AtLeast(errTest, Min("A", 1, 1), Min("B", 0, 2), Min("C", -1, 0))
	if !errors.Is(err, errTest) {
		t.Fatalf("error %v does not wrap the sentinel", err)
	}
	// The first bound that fails is named, with its value and range.
	if want := "test: parameter out of range: B = 0, want an integer >= 2"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func TestErr(t *testing.T) {
	err := Err(errTest, "S", 0.0, "> 0")
	if !errors.Is(err, errTest) || err.Error() != "test: parameter out of range: S = 0, want > 0" {
		t.Errorf("Err = %v", err)
	}
	var f interface{ Field() string }
	if !errors.As(fmt.Errorf("wrapped: %w", err), &f) || f.Field() != "S" {
		t.Errorf("errors.As(Field) on %v", err)
	}
}

// TestSentinelsMatch: errors.Is matches an error of one package's ErrParam
// against another's, and against no other error.
func TestSentinelsMatch(t *testing.T) {
	a, b := New("a"), New("b")
	err := fmt.Errorf("b called a: %w", Err(a, "N", 0, ">= 1"))
	if !errors.Is(err, a) || !errors.Is(err, b) {
		t.Errorf("errors.Is(%v, ErrParam) false for a or b", err)
	}
	if errors.Is(err, errTest) || errors.Is(errTest, a) {
		t.Error("a package's ErrParam matches an unrelated sentinel")
	}
	if want := "b called a: a: parameter out of range: N = 0, want >= 1"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

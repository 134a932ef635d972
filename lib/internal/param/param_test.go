package param

import (
	"errors"
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
}

package show

import (
	"errors"
	"testing"
)

func TestVal2(t *testing.T) {
	a, b := Val2(1, "x", nil)
	if a != 1 || b != "x" {
		t.Errorf("Val2 = %v, %q; want 1, x", a, b)
	}
	defer func() {
		if r := recover(); r == nil || r.(error).Error() != "boom" {
			t.Errorf("Val2 with an error: recovered %v, want the error", r)
		}
	}()
	Val2(1, 2, errors.New("boom"))
}

func TestWant(t *testing.T) {
	Want(true, "pkg", "never %d", 1)
	defer func() {
		if r := recover(); r != "pkg: width 3, want 4" {
			t.Errorf("Want(false): recovered %v", r)
		}
	}()
	Want(false, "pkg", "width %d, want %d", 3, 4)
}

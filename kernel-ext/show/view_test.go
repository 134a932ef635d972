package show

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
)

func viewPanic(v View) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	v.Show()
	return ""
}

// Show validates and renders every item outside a notebook too, so a bad
// item fails under go test as it would in a cell; the accessors keep order.
func TestView(t *testing.T) {
	a := Agreement{Name: "x", Kind: Claim, Value: 1, Tol: 2, Basis: "test"}
	f := Figure{ID: "f", Caption: "c", Series: []Series{{Name: "s", X: []float64{0, 1}, Y: []float64{1, 2}}}}
	tb := bundle.Table{ID: "t", Header: []string{"a"}, Rows: [][]string{{"1"}}}
	v := View{a, f, "", tb, f}
	if msg := viewPanic(v); msg != "" {
		t.Errorf("Show of a valid view: %s", msg)
	}
	if len(v.Agreements()) != 1 || len(v.Tables()) != 1 || len(v.Figures()) != 2 || v.Figures()[1].ID != "f" {
		t.Errorf("accessors: %d agreements, %d tables, %d figures", len(v.Agreements()), len(v.Tables()), len(v.Figures()))
	}
	for _, bad := range []struct {
		v    View
		want string
	}{
		{View{3}, "show: view item 0 has type int"},
		{View{a, Agreement{Name: "y"}}, `kind ""`},
		{View{Figure{ID: "empty"}}, "has no series"},
	} {
		if msg := viewPanic(bad.v); !strings.Contains(msg, bad.want) {
			t.Errorf("%v: panic %q, want it to contain %q", bad.v, msg, bad.want)
		}
	}
}

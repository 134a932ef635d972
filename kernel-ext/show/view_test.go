package show

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
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
// item fails under go test as it would in a cell; the accessors keep order
// and see only their own kind.
func TestView(t *testing.T) {
	a := Agreement{Name: "x", Kind: Claim, Value: 1, Tol: 2, Basis: "test"}
	f := Figure{ID: "f", Caption: "c", Series: []Series{{Name: "s", X: []float64{0, 1}, Y: []float64{1, 2}}}}
	g := f
	g.ID = "g"
	tb := bundle.Table{ID: "t", Header: []string{"a"}, Rows: [][]string{{"1"}}}
	v := View{Agree(a), Fig(f), Text(""), Tab(tb), Fig(g), Text("line\n")}
	if msg := viewPanic(v); msg != "" {
		t.Errorf("Show of a valid view: %s", msg)
	}
	if len(v.Agreements()) != 1 || len(v.Tables()) != 1 || len(v.Figures()) != 2 || v.Figures()[1].ID != "g" || len(v.Texts()) != 2 || v.Texts()[1] != "line\n" {
		t.Errorf("accessors: %d agreements, %d tables, %d figures, texts %q", len(v.Agreements()), len(v.Tables()), len(v.Figures()), v.Texts())
	}
	if _, ok := v[0].Figure(); ok {
		t.Error("an Agree item says it is a figure")
	}
	for _, bad := range []struct {
		v    View
		want string
	}{
		{View{Fig(f), {}}, "show: view item 1: show: an empty view item"},
		{View{Agree(a), Agree(Agreement{Name: "y"})}, `kind ""`},
		{View{Fig(Figure{ID: "empty"})}, "has no series"},
		{View{Fig(Figure{ID: "p", Caption: "at σ_w² = 3", Params: map[string]float64{"sigma_w2": 2.5}, Series: f.Series})}, "sigma_w2"},
	} {
		if msg := viewPanic(bad.v); !strings.Contains(msg, bad.want) {
			t.Errorf("%v: panic %q, want it to contain %q", bad.v, msg, bad.want)
		}
	}
}

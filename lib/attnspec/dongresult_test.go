package attnspec

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// On a made-up contraction exactly cubic (query–key) and linear (i.i.d.)
// both slope checks read 0, and a quadratic one reads −1; the seeds are
// Seed+1 and Seed+3, the Params T, d, d_k and the contraction's s; the
// reference through layer 1 falls by r_T.
func TestDongCurves(t *testing.T) {
	in := []float64{1e-3, 1e-2, 1e-1}
	c := Contraction{Eps: []float64{2e-3, 2e-2, 2e-1}, In: in, KeyQuery: []float64{2e-9, 2e-6, 2e-3}, IIDLogits: []float64{5e-4, 5e-3, 5e-2}, LogitsScale: 0.5}
	r := DongRun{DongSettings: DongSettings{T: 16, D: 8, DK: 4, Seed: 10}, KeyQuery: StackResult{Residual: []float64{1, 0.1, 1e-4}}, IID: StackResult{Residual: []float64{1, 0.5, 0.2}}, Contraction: c}
	d, k := r.DepthCurves(), r.ContractionCurves()
	if d.Record.Seed != 11 || k.Record.Seed != 13 || !d.Record.NoPaperFigure || fmt.Sprint(d.Record.Params) != "map[T:16 d:8 d_k:4 s:0.5]" {
		t.Errorf("records %+v %+v", d.Record, k.Record)
	}
	rT := BulkRadius(16, 0.5)
	if ref := d.Lines[2]; len(ref.Y) != 2 || math.Abs(ref.Y[1]-0.5*rT) > 1e-15 || !strings.Contains(d.Caption, "(T = 16, d = 8, d_k = 4)") {
		t.Errorf("reference %v, want [0.5 %v]; caption %q", ref.Y, 0.5*rT, d.Caption)
	}
	for _, ch := range k.Checks {
		if math.Abs(ch.Value) > 1e-9 || ch.Tol != DongSlopeTol {
			t.Errorf("%s: %v, want 0 on exact power laws", ch.Name, ch.Value)
		}
	}
	r.Contraction.KeyQuery = []float64{2e-7, 2e-5, 2e-3} // quadratic
	if v := r.ContractionCurves().Checks[0].Value; math.Abs(v+1) > 1e-9 {
		t.Errorf("quadratic contraction: slope − 3 = %v, want −1", v)
	}
	r.IID.Residual = r.IID.Residual[:2]
	mustpanic.WithPrefix(t, "stacks of depths 2 and 1", "attnspec:", func() { r.DepthCurves() })
	r.Contraction.Eps = r.Contraction.Eps[:2]
	mustpanic.WithPrefix(t, "3 points for 2 ε", "attnspec:", func() { r.ContractionCurves() })
}

// Dong's settings validate, and each field a parameter may set is checked
// (s < 0, ε <= 0 refused).
func TestDongSettingsRange(t *testing.T) {
	if err := Dong().Validate(); err != nil {
		t.Fatal(err)
	}
	s := Dong()
	s.S = -1
	e := Dong()
	e.Eps[3] = 0
	for _, bad := range []DongSettings{s, e} {
		if err := bad.Validate(); !errors.Is(err, ErrParam) {
			t.Errorf("%+v: %v, want ErrParam", bad, err)
		}
	}
}

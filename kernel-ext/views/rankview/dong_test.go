package rankview

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/attnspec"
)

// On a made-up contraction exactly cubic (query–key) and linear (i.i.d.)
// both slope checks read 0; the sizes, s and r_T come from the arguments
// and the contraction, the seeds from the settings the run records.
func TestDong(t *testing.T) {
	in := []float64{1e-3, 1e-2, 1e-1}
	c := attnspec.Contraction{Eps: []float64{2e-3, 2e-2, 2e-1}, In: in, KeyQuery: []float64{2e-9, 2e-6, 2e-3}, IIDLogits: []float64{5e-4, 5e-3, 5e-2}, LogitsScale: 0.5}
	kq := attnspec.StackResult{Residual: []float64{1, 0.1, 1e-4}}
	iid := attnspec.StackResult{Residual: []float64{1, 0.5, 0.2}}
	r := attnspec.DongRun{DongSettings: attnspec.DongSettings{T: 16, D: 8, DK: 4, Seed: 10}, KeyQuery: kq, IID: iid, Contraction: c}
	v := dongView(r)
	fs := v.Figures()
	if len(fs) != 2 || fs[0].ID != "dong-depth" || fs[1].ID != "dong-contraction" || fs[0].Seed == nil || *fs[0].Seed != 11 || fs[1].Seed == nil || *fs[1].Seed != 13 {
		t.Fatalf("figures: %+v", fs)
	}
	want := map[string]float64{"T": 16, "d": 8, "d_k": 4, "s": 0.5}
	for _, f := range fs {
		if fmt.Sprint(f.Params) != fmt.Sprint(want) {
			t.Errorf("%s Params %v, want %v", f.ID, f.Params, want)
		}
	}
	rT := attnspec.BulkRadius(16, 0.5)
	if !strings.Contains(fs[0].Caption, "(T = 16, d = 8, d_k = 4)") || !strings.Contains(fs[0].Caption, fmt.Sprintf("N(0, 0.5) logits shrink it by ≈ r_T = %.3f", rT)) {
		t.Errorf("depth caption %q", fs[0].Caption)
	}
	if ref := fs[0].Series[2]; len(ref.Y) != 2 || math.Abs(ref.Y[1]-0.5*rT) > 1e-15 {
		t.Errorf("r_T^ℓ reference from layer 1: %v, want [0.5 %v]", ref.Y, 0.5*rT)
	}
	as := v.Agreements()
	if len(as) != 2 || !strings.Contains(as[0].Basis, "over 3 residuals, ε from 0.002 to 0.2") {
		t.Fatalf("checks: %+v", as)
	}
	for _, a := range as {
		if math.Abs(a.Value) > 1e-9 || a.Figure != "dong-contraction" {
			t.Errorf("%s: %v (figure %q), want 0 on exact power laws", a.Name, a.Value, a.Figure)
		}
	}
}

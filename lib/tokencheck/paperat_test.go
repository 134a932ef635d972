package tokencheck

import (
	"testing"

	"github.com/sigprop/sigprop/lib/tokengeom"
)

// The constructors' settings are at their figure, whatever the seeds; each
// defining field perturbed is not.
func TestPaperAt(t *testing.T) {
	for _, sw := range Fig2SigmaWs {
		s := Fig2(sw)
		c := Curves{Model: s.Model, Q: make([]float64, s.L+1), Seeds: Seeds{Seed: 3}}
		if !c.AtFig2() {
			t.Errorf("Fig2(%g) curves are not at Fig. 2", sw)
		}
		h := Histograms{Model: s.Model, Networks: Fig2HistogramNetworks}
		if !h.AtFig2() {
			t.Errorf("Fig2(%g) histograms are not at Fig. 2", sw)
		}
	}
	models := map[string]func(*tokengeom.Model){
		"n": func(m *tokengeom.Model) { m.N = 32 }, "d": func(m *tokengeom.Model) { m.D = 16 },
		"α_A": func(m *tokengeom.Model) { m.AlphaA = 0.6 }, "α_M": func(m *tokengeom.Model) { m.AlphaM = 0.6 },
		"σ_A²": func(m *tokengeom.Model) { m.SigmaA2 = 2 },
	}
	for name, change := range models {
		s := Fig2(1)
		change(&s.Model)
		if AtFig2Block(s.Model) || (Curves{Model: s.Model, Q: make([]float64, s.L+1)}).AtFig2() || (Histograms{Model: s.Model, Networks: 1}).AtFig2() {
			t.Errorf("Fig. 2 with another %s is at Fig. 2", name)
		}
	}
	if (Curves{Model: Fig2(2).Model, Q: make([]float64, 17)}).AtFig2() || AtFig2Row(Fig2(2).Model) || !AtFig2Block(Fig2(2).Model) {
		t.Error("curves at σ_w = 2 are at Fig. 2, or its block is not Fig. 2's but for σ_w")
	}
	if !AtFig2Row(Fig2(5).Model) || !AtEnsemble(Fig3().Model) {
		t.Error("Fig2(5) is not a row of Fig. 2, or Fig3 not drawn from the paper's ensemble")
	}
	for name, change := range models {
		m := Fig2(1).Model
		change(&m)
		if AtEnsemble(m) != (name == "α_A" || name == "α_M") {
			t.Errorf("AtEnsemble with another %s = %v", name, AtEnsemble(m))
		}
	}
	if (Curves{Model: Fig2(1).Model, Q: make([]float64, Fig2Checked)}).AtFig2() {
		t.Errorf("curves of %d blocks are at Fig. 2", Fig2Checked-1)
	}
	if (Histograms{Model: Fig2(1).Model, Networks: 2}).AtFig2() {
		t.Error("histograms of 2 networks are at Fig. 2")
	}
	if AtSize(tokengeom.Model{N: 256, D: 32}) || AtSize(tokengeom.Model{N: 128, D: 64}) || !AtSize(Fig3().Model) {
		t.Error("AtSize does not compare n and d with the paper's")
	}
	r := Fig3()
	sym := func() Symmetry { return Symmetry{Model: r.Model, Q: r.Q, P1: r.P1, P2: r.P2, Seeds: Seeds{Seed: 4}} }
	if !sym().At(Fig3()) {
		t.Error("a Fig3 run is not at Fig3")
	}
	for name, change := range map[string]func(*Symmetry){
		"n": func(s *Symmetry) { s.Model.N = 32 }, "d": func(s *Symmetry) { s.Model.D = 16 }, "α_A": func(s *Symmetry) { s.Model.AlphaA = 0.6 },
		"α_M": func(s *Symmetry) { s.Model.AlphaM = 0.6 }, "σ_w": func(s *Symmetry) { s.Model.SigmaW = 1 }, "σ_A²": func(s *Symmetry) { s.Model.SigmaA2 = 2 }, "q": func(s *Symmetry) { s.Q *= 2 },
		"p1": func(s *Symmetry) { s.P1 /= 2 }, "p2": func(s *Symmetry) { s.P2 /= 4 },
	} {
		s := sym()
		change(&s)
		if s.At(Fig3()) {
			t.Errorf("a Fig3 run with another %s is at Fig3", name)
		}
	}
	w := func() WidthBias {
		return WidthBias{Model: Fig2(1).Model, L: Fig2Checked, Widths: []int{64, 128}, Networks: 32}
	}
	if !w().AtFig2() {
		t.Error("the Fig. 2 width bias is not at Fig. 2")
	}
	for name, change := range map[string]func(*WidthBias){
		"n": func(b *WidthBias) { b.Model.N = 32 }, "d": func(b *WidthBias) { b.Widths = []int{32, 64} }, "no width": func(b *WidthBias) { b.Widths = nil },
		"σ_w": func(b *WidthBias) { b.Model.SigmaW = 5 }, "L": func(b *WidthBias) { b.L = 16 },
		"α_A": func(b *WidthBias) { b.Model.AlphaA = 0.6 }, "α_M": func(b *WidthBias) { b.Model.AlphaM = 0.6 }, "σ_A²": func(b *WidthBias) { b.Model.SigmaA2 = 2 },
	} {
		b := w()
		change(&b)
		if b.AtFig2() {
			t.Errorf("the Fig. 2 width bias with another %s is at Fig. 2", name)
		}
	}
	for _, c := range []struct {
		p    SimPlane
		want bool
	}{{SimPlane{N: 256, D: 64}, true}, {SimPlane{N: 256, D: 64, L: GradientDepth}, true}, {SimPlane{N: 256, D: 64, L: 8}, false},
		{SimPlane{N: 128, D: 64}, false}, {SimPlane{N: 256, D: 32, L: GradientDepth}, false}} {
		if c.p.AtPaper() != c.want {
			t.Errorf("%+v.AtPaper() = %v, want %v", c.p, !c.want, c.want)
		}
	}
}

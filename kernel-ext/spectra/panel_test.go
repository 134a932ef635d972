package spectra

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/randmlp"
)

// Panels.Fig2: the figure of Fig2Series with the caption and parameters of
// its first sample, then the Agreements of its samples; a figure with no
// stored spectra is an error.
func TestPanelsFig2(t *testing.T) {
	ss := samples(t)
	p := Panels{Stored: map[string][]randmlp.SpectrumSample{"f": ss}, Theory: mc, Check: mc, K: 4}
	got, err := p.Fig2(show.Figure{ID: "f", PaperFigure: "P18, Fig. 2", LogY: true}, 2.5)
	if err != nil {
		t.Fatal(err)
	}
	series, _ := Fig2Series(ss, empirical.Linspace(2.5/150, 2.5, 150), 2.5, mc)
	want, _ := Agreements("f", ss, 4, mc)
	f := got.Figure
	if f.ID != "f" || f.PaperFigure != "P18, Fig. 2" || !f.LogY || f.Params["N"] != 100 || f.Params["qstar"] != 0.25 || *f.Seed != 1 ||
		f.Caption != "Singular values of J at criticality: hardtanh, orthogonal weights, q* = 0.25; width-100 simulations." {
		t.Errorf("figure %+v", f)
	}
	if !reflect.DeepEqual(f.Series, series) || !reflect.DeepEqual(got.Metrics, want) {
		t.Error("series or metrics differ from Fig2Series and Agreements")
	}
	if _, err := p.Fig2(show.Figure{ID: "g"}, 1); err == nil || !strings.Contains(err.Error(), `"g"`) {
		t.Errorf("missing figure: %v", err)
	}
}

// Panels.Fig4: the convergence metric of jacspectrum.ApproachLimit first
// (AtLeast 80% of the rate), then the Agreements of the stored samples.
func TestPanelsFig4(t *testing.T) {
	ss := samples(t)
	p := Panels{Stored: map[string][]randmlp.SpectrumSample{"fig4-hardtanh": ss}, Theory: mc, Check: mc, K: 4}
	limit := jacspectrum.BernoulliLimit{Sigma02: Fig4Sigma02}
	got, err := p.Fig4(show.Figure{ID: "fig4-hardtanh", PaperFigure: "P18, Fig. 4"}, activation.HardTanh(), limit, []int{2, 8, 32}, 1)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := jacspectrum.ApproachLimit(activation.HardTanh(), limit, 32, Fig4Sigma02, empirical.Linspace(0.05, 3, 40), mc)
	want, _ := Agreements("fig4-hardtanh", ss, 4, mc)
	if len(got.Metrics) != 1+len(want) || !reflect.DeepEqual(got.Metrics[1:], want) {
		t.Fatalf("%d metrics, want 1 + %d", len(got.Metrics), len(want))
	}
	c := got.Metrics[0].Agreement
	if c.Value != a.Exponent || c.Tol != 0.8 || c.Name != "hardtanh: convergence exponent of KS(theory L, limit law), L=8→32" || c.Figure != "fig4-hardtanh" {
		t.Errorf("convergence metric %+v (exponent %v)", c, a.Exponent)
	}
	if f := got.Figure; f.ID != "fig4-hardtanh" || f.PaperFigure != "P18, Fig. 4" || f.Params["sigma0_2"] != 0.25 || f.Params["N"] != 100 || len(f.Series) != 1+1+3+2 ||
		f.Caption != "hardtanh, orthogonal, σ²_JJᵀ = 1/4 at every depth: convergence to the universal law; width-100 simulations." {
		t.Errorf("figure %s with params %v and %d series", f.ID, f.Params, len(f.Series))
	}
	if _, err := p.Fig4(show.Figure{ID: "fig4-erf"}, activation.Erf(), limit, []int{2}, 1); err == nil {
		t.Error("no stored erf spectra: no error")
	}
}

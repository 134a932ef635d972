package randmlp

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// ReadSpectra groups the stored list by figure, keeping file order, and
// names the file in a decoding error.
func TestReadSpectra(t *testing.T) {
	all := []SpectrumSample{
		{SpectrumSpec: SpectrumSpec{Figure: "a", Depth: 2}, Eigs: [][]float64{{0.5, 1}}},
		{SpectrumSpec: SpectrumSpec{Figure: "b", Depth: 8}},
		{SpectrumSpec: SpectrumSpec{Figure: "a", Depth: 32}, SigmaW2: 2},
	}
	b, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"s.json": {Data: b}, "bad.json": {Data: []byte("{")}}
	m, err := ReadSpectra(fsys, "s.json")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]SpectrumSample{"a": {all[0], all[2]}, "b": {all[1]}}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("got %+v, want %+v", m, want)
	}
	if _, err := ReadSpectra(fsys, "bad.json"); err == nil || !strings.Contains(err.Error(), "bad.json") {
		t.Errorf("bad JSON: error %v, want one naming bad.json", err)
	}
	if _, err := ReadSpectra(fsys, "missing.json"); err == nil {
		t.Error("missing file: no error")
	}
}

// STransform is the mean and SE over draws of freeprob.SNumeric (checked
// draw by draw), and for two free Gaussian layers it estimates
// S_MP·S_MP = (1+z)^{-2} (F13, F15): 6 draws of width 300, each |mean −
// theory| within 5 SE plus 2% for the O(1/N) finite-width bias (lib/sources/tanner2024.md#checks
// check 23 saw 0.2–1% at N = 800).
func TestSTransform(t *testing.T) {
	spec := SpectrumSpec{Figure: "s", Phi: "linear", Weights: "gaussian", Depth: 2, QStar: 1, Width: 300, Draws: 6, Seed: 5}
	ss, err := SampleSpectra([]SpectrumSpec{spec}, 2)
	if err != nil {
		t.Fatal(err)
	}
	zs := []float64{-0.7, -0.4, -0.1}
	mean, se, err := ss[0].STransform(zs)
	if err != nil {
		t.Fatal(err)
	}
	for i, z := range zs {
		v := make([]float64, spec.Draws)
		for d, e := range ss[0].Eigs {
			if v[d], err = freeprob.SNumeric(e, z); err != nil {
				t.Fatal(err)
			}
		}
		m, s := empirical.MeanSE(v)
		if m != mean[i] || s != se[i] {
			t.Errorf("z = %g: (%v, %v), want (%v, %v)", z, mean[i], se[i], m, s)
		}
		theory := 1 / ((1 + z) * (1 + z))
		if d := math.Abs(mean[i] - theory); d > 5*se[i]+0.02*theory {
			t.Errorf("z = %g: S = %v ± %v, theory %v", z, mean[i], se[i], theory)
		}
	}
	if _, _, err := ss[0].STransform([]float64{-1.5}); err == nil {
		t.Error("z outside (−1, 0): no error")
	}
}

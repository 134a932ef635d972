package tokencheck

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/tokengeom"
)

// OneBlocks zips its lists into one-block settings (q and p in units of d,
// seeds counted from the given one) and refuses lists of unequal length
// and cases out of range, naming the list or the case.
func TestOneBlocks(t *testing.T) {
	base := tokengeom.NewModel(0, 0, 1)
	base.N, base.D = 32, 16
	ls, err := OneBlocks(base, []float64{0.3, 0.6}, []float64{1, 2}, []float64{1, 1.25}, []float64{0, 0.5}, 8, Seeds{Seed: 100, Stream: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 || ls[1].Model.AlphaA != 0.6 || ls[1].Model.AlphaM != 0.6 || ls[1].Model.SigmaW != 2 || ls[1].Q0 != 20 || ls[1].P0 != 8 ||
		ls[1].L != 1 || ls[1].Networks != 8 || ls[1].Seeds != (Seeds{Seed: 101, Stream: 7}) || ls[0].Model.N != 32 || ls[0].Q0 != 16 {
		t.Errorf("settings %+v", ls)
	}
	for _, c := range []struct {
		name                  string
		alphas, sws, q0s, p0s []float64
		want                  string
	}{
		{"no case", nil, nil, nil, nil, "OneBlocks alphas"},
		{"σ_w list short", []float64{0.3, 0.6}, []float64{1}, []float64{1, 1}, []float64{0, 0}, "OneBlocks sigmaWs"},
		{"p list long", []float64{0.3}, []float64{1}, []float64{1}, []float64{0, 0}, "OneBlocks p0s"},
		{"α > 1", []float64{0.3, 1.5}, []float64{1, 1}, []float64{1, 1}, []float64{0, 0}, "one-block case 2"},
		{"p > q", []float64{0.3}, []float64{1}, []float64{1}, []float64{1.5}, "one-block case 1"},
	} {
		_, err := OneBlocks(base, c.alphas, c.sws, c.q0s, c.p0s, 8, Seeds{})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want ErrParam naming %q", c.name, err, c.want)
		}
	}
}

// EdgeGapAlphas is Linspace on a valid grid and refuses an α outside
// [0, 1], hi < lo and no point, naming the field.
func TestEdgeGapAlphas(t *testing.T) {
	a, err := EdgeGapAlphas(0.05, 0.95, 19)
	if err != nil || len(a) != 19 || a[0] != 0.05 || a[18] != 0.95 || math.Abs(a[1]-0.1) > 1e-15 {
		t.Errorf("grid %v, %v", a, err)
	}
	for _, c := range []struct {
		lo, hi float64
		n      int
		want   string
	}{{-0.1, 0.5, 3, "lo"}, {0.5, 0.4, 3, "hi"}, {0.1, 1.2, 3, "hi"}, {0.1, 0.5, 0, "points"}} {
		if _, err := EdgeGapAlphas(c.lo, c.hi, c.n); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "EdgeGapAlphas "+c.want) {
			t.Errorf("(%g, %g, %d): %v, want ErrParam naming %s", c.lo, c.hi, c.n, err, c.want)
		}
	}
}

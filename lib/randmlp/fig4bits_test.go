package randmlp

import (
	"crypto/sha256"
	"fmt"
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/result"
)

// fig4Golden is the SHA-256 of the numbers of Fig4Panel.Curves
// (fig4Hash) for the stored erf panel at depths 2 and 8 (the
// convergence check from L = 2 to 8), every stored sample up to
// L = 8, 12 density points and 6 rate points, recorded on e59f4a8, before
// the panel shared the supports of its networks between the convergence
// check and the sample checks (the stored samples at L = 2 and 8 are the
// check's networks).
const fig4Golden = "6e2bb0fb1e61ccea1bdaa3efc28d83fa28ca27e73f62750eb0e37950f5a6602b"

// TestFig4CurvesBits: a panel of P18 Fig. 4 on the stored samples gives
// the bytes it gave before its networks' supports were shared
// (fig4Golden): the same theory curves, convergence exponent and sample
// checks, to the bit.
func TestFig4CurvesBits(t *testing.T) {
	if testing.Short() {
		t.Skip("the supports and CDFs of erf's theory at L = 2, 3, 4, 8 (~3 CPU s)")
	}
	stored, _ := storedSpectra(t)
	p := Fig4Panel{Phi: activation.Erf(), Limit: jacspectrum.SmoothLimit{Sigma02: Fig4Sigma02}, Depths: []int{2, 8}, Rate: 0.5, Points: 12, RatePoints: 6, MaxDepth: 8}
	c, err := p.Curves("fig4-erf", stored["fig4-erf"], panelMC, panelMC)
	if err != nil {
		t.Fatal(err)
	}
	if got := fig4Hash(c); got != fig4Golden {
		t.Errorf("Fig4 panel numbers hash to %s, recorded %s", got, fig4Golden)
	}
}

// fig4Hash is the SHA-256 of the numbers of a Fig. 4 panel: each line's
// name and the bits of its X and Y, then each check of the curves and of
// the samples by name, the bits of its value and tolerance and its note
// (which prints the KS distances), and each sample's NotCompared line.
// Captions and statements are left out: their prose is not the panel's
// numbers.
func fig4Hash(c result.SampleCurves) string {
	h := sha256.New()
	for _, l := range c.Lines {
		fmt.Fprintf(h, "%s|", l.Name)
		for _, v := range append(append([]float64(nil), l.X...), l.Y...) {
			fmt.Fprintf(h, "%x,", math.Float64bits(v))
		}
	}
	checks := append([]result.Check(nil), c.Checks...)
	for _, o := range c.Samples {
		checks = append(checks, o.Checks...)
		fmt.Fprintf(h, "%s|", o.NotCompared)
	}
	for _, k := range checks {
		fmt.Fprintf(h, "%s|%x|%x|%s|", k.Name, math.Float64bits(k.Value), math.Float64bits(k.Tol), k.Note)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// TestKnownSupportOf: the stored erf samples at L = 2 and 8 are the
// networks of the panel's convergence check (AtSigma0 at those depths), so
// their checks take its supports; a q* one ulp off, another activation,
// depth or weights is another network.
func TestKnownSupportOf(t *testing.T) {
	stored, _ := storedSpectra(t)
	matched := 0
	for _, s := range stored["fig4-erf"] {
		if s.Depth != 2 && s.Depth != 8 {
			continue
		}
		q, err := jacspectrum.QStarForSigma0(activation.Erf(), s.Depth, Fig4Sigma02)
		if err != nil {
			t.Fatal(err)
		}
		n, err := s.Network()
		if err != nil {
			t.Fatal(err)
		}
		net, _ := jacspectrum.AtSigma0(activation.Erf(), s.Depth, Fig4Sigma02)
		k := knownSupport{Phi: activation.Erf(), Depth: s.Depth, QStar: q, SigmaW2: net.SigmaW2}
		if !k.of(s, n) {
			t.Errorf("L=%d: the stored sample (q* %v, σ_w² %v) is not AtSigma0's network (q* %v, σ_w² %v)", s.Depth, s.QStar, n.SigmaW2, q, net.SigmaW2)
		}
		matched++
		other := []knownSupport{k, k, k, k}
		other[0].QStar = math.Nextafter(q, 1)
		other[1].Phi = activation.Tanh()
		other[2].Depth++
		other[3].SigmaW2 = math.Nextafter(k.SigmaW2, 2)
		for i, o := range other {
			if o.of(s, n) {
				t.Errorf("L=%d: changed key %d still matches", s.Depth, i)
			}
		}
		w := s
		w.Weights = jacspectrum.Gaussian.String()
		if k.of(w, n) {
			t.Errorf("L=%d: Gaussian weights match", s.Depth)
		}
	}
	if matched != 2 {
		t.Fatalf("%d stored erf samples at L = 2, 8, want 2", matched)
	}
}

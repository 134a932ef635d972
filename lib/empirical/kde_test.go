package empirical

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// A single point's estimate is the normal density of width h around it
// (closed form).
func TestKDESinglePoint(t *testing.T) {
	at := []float64{-1, 0.3, 2, 5}
	got := KDE([]float64{0.3}, at, 0.5)
	for k, a := range at {
		z := (a - 0.3) / 0.5
		want := math.Exp(-z*z/2) / (0.5 * math.Sqrt(2*math.Pi))
		if math.Abs(got[k]-want) > 1e-15 {
			t.Errorf("KDE at %v = %v, want %v", a, got[k], want)
		}
	}
}

// The estimate integrates to 1 (trapezoid rule on a grid of step h/20,
// whose error for a Gaussian mixture is far below 1e-6).
func TestKDEIntegratesToOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, 500)
	for i := range x {
		x[i] = rng.ExpFloat64()
	}
	h := ScottBandwidth(x)
	at := Linspace(-2, 20, int(22/(h/20))+1)
	f := KDE(x, at, 0)
	s := 0.0
	for k := 1; k < len(at); k++ {
		s += (f[k] + f[k-1]) / 2 * (at[k] - at[k-1])
	}
	if math.Abs(s-1) > 1e-6 {
		t.Errorf("∫ KDE = %v, want 1", s)
	}
}

// For x ~ N(0, 1) the mean of f̂(t) is the N(0, 1 + h²) density at t
// (Gaussian convolution, exact); its standard error is about
// √(f(t)/(2√π n h)) (Silverman 1986, eq. 3.19). n = 20 000, tolerance 5 SE.
func TestKDEMeanIsSmoothedDensity(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 20000
	x := make([]float64, n)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	h := ScottBandwidth(x)
	if want := math.Pow(n, -0.2); math.Abs(h/want-1) > 0.03 { // σ̂ = 1 within 3% (SE 0.5%)
		t.Errorf("Scott bandwidth %v, want ≈ %v", h, want)
	}
	at := []float64{-2, -0.5, 0, 1, 2.5}
	f := KDE(x, at, h)
	s2 := 1 + h*h
	for k, a := range at {
		want := math.Exp(-a*a/(2*s2)) / math.Sqrt(2*math.Pi*s2)
		se := math.Sqrt(want / (2 * math.Sqrt(math.Pi) * n * h))
		if math.Abs(f[k]-want) > 5*se {
			t.Errorf("KDE(%v) = %v, want %v ± %v (5 SE)", a, f[k], want, 5*se)
		}
	}
}

func TestKDEPanics(t *testing.T) {
	mustpanic.All(t, map[string]func(){
		"empty":  func() { KDE(nil, []float64{0}, 1) },
		"nan":    func() { KDE([]float64{math.NaN()}, []float64{0}, 1) },
		"neg h":  func() { KDE([]float64{1}, []float64{0}, -1) },
		"inf h":  func() { KDE([]float64{1}, []float64{0}, math.Inf(1)) },
		"scott0": func() { ScottBandwidth(nil) },
	})
	if h := ScottBandwidth([]float64{2, 2, 2}); h != 2e-3 {
		t.Errorf("ScottBandwidth of a constant sample = %v, want 2e-3", h)
	}
}

package tokencheck

import (
	"fmt"
	"io/fs"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// SimPlane is a simulated exponent over a parameter plane, as a finished
// `sigprop sweep` of tokennet.lambda_a_numeric or tokennet.lambda_g_numeric
// stores it: Mean and SE at (X[ix], Y[iy]) at index iy*len(X)+ix, the
// layout of tokengeom.Grid.
type SimPlane struct{ X, Y, Mean, SE []float64 }

// ReadSimPlane reads the sweep in directory dir of fsys (its fields "mean"
// and "se", sweep.Read and Sweep.Plane). It is an error if the sweep is
// not a two-axis plane or a point has no result.
func ReadSimPlane(fsys fs.FS, dir string) (SimPlane, error) {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return SimPlane{}, err
	}
	s, err := sweep.Read(sub)
	if err != nil {
		return SimPlane{}, err
	}
	var p SimPlane
	if p.X, p.Y, p.Mean, err = s.Plane("mean"); err != nil {
		return SimPlane{}, err
	}
	if _, _, p.SE, err = s.Plane("se"); err != nil {
		return SimPlane{}, err
	}
	for k := range p.Mean {
		if math.IsNaN(p.Mean[k]) || math.IsNaN(p.SE[k]) {
			return SimPlane{}, fmt.Errorf("tokencheck: sweep %s has no result at (%v, %v)", dir, p.X[k%len(p.X)], p.Y[k/len(p.X)])
		}
	}
	return p, nil
}

// ZeroCrossings returns the zero contour of the simulated mean
// (tokengeom.Grid.ZeroCrossings: linear interpolation between grid rows).
func (p SimPlane) ZeroCrossings() (x, y []float64) {
	return tokengeom.Grid{X: p.X, Y: p.Y, Z: p.Mean}.ZeroCrossings()
}

// PlaneAgreement compares a simulated λ_g plane with the corrected theory
// at the same points (GradientPlane). The theory holds at moderate α
// (every α <= 0.7) up to the finite-width offset, and overshoots the d = 64
// simulation at large residual branches (spec §6.3).
type PlaneAgreement struct {
	Moderate int     // points at moderate α
	Median   float64 // median |sim − theory| over them
	Beyond   int     // of them, those with |sim − theory| > 4 SE + FiniteWidthOffset
	Worst    float64 // the largest |sim − theory|/(4 SE + FiniteWidthOffset) among the others
	// Shift is the mean sim − theory over the large-α points (the others),
	// with its SE ShiftSE (empirical.MeanShift, the theory exact).
	Shift, ShiftSE float64
}

// GradientPlane compares the simulated λ_g plane s of pl with the
// corrected λ_g^(L) at its points (pl.Phase on s's grid). Moderate α means
// α <= 0.7 on tokengeom.AlphaSigma, α_A, α_M <= 0.7 on tokengeom.AlphaAM.
// It panics if s has no moderate or no large-α point.
func GradientPlane(pl tokengeom.Plane, s SimPlane, L int) PlaneAgreement {
	theory := pl.Phase(s.X, s.Y, L).LambdaG.Z
	moderate := func(k int) bool {
		return s.X[k%len(s.X)] <= 0.7 && (pl == tokengeom.AlphaSigma || s.Y[k/len(s.X)] <= 0.7)
	}
	var a PlaneAgreement
	var dev []float64
	for k := range s.Mean {
		if moderate(k) {
			dev = append(dev, math.Abs(s.Mean[k]-theory[k]))
			if r := dev[len(dev)-1] / (4*s.SE[k] + FiniteWidthOffset); r > 1 {
				a.Beyond++
			} else {
				a.Worst = math.Max(a.Worst, r)
			}
		}
	}
	if len(dev) == 0 {
		panic("tokencheck: GradientPlane needs a point at moderate α (<= 0.7)")
	}
	a.Moderate, a.Median = len(dev), empirical.Quantile(dev, 0.5)
	a.Shift, a.ShiftSE = empirical.MeanShift(s.Mean, s.SE, theory, make([]float64, len(s.SE)), func(k int) bool { return !moderate(k) })
	return a
}

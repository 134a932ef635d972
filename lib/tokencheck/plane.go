package tokencheck

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strconv"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// SimPlane is a simulated exponent over a parameter plane, as a finished
// `sigprop sweep` of tokennet.lambda_a_numeric or tokennet.lambda_g_numeric
// stores it: Mean and SE at (X[ix], Y[iy]) at index iy*len(X)+ix, the
// layout of tokengeom.Grid. Networks is the fewest networks behind a
// point's mean (its SE has Networks − 1 degrees of freedom). N, D and L are
// the simulated networks' tokens n, width d and depth L as the sweep's
// records state them (every point the same; L is 0 for a quantity without
// a depth, tokennet.lambda_a_numeric's one block), so that a figure of the
// plane states them from the data rather than retyping them.
type SimPlane struct {
	X, Y, Mean, SE []float64
	Networks       int
	N, D, L        int
	// Seeds are the Monte Carlo seeds the points record (parameter
	// "seed"), in the layout of Mean; nil when the sweep records none.
	Seeds []uint64
}

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
	_, _, nets, err := s.Plane("networks")
	if err != nil {
		return SimPlane{}, err
	}
	for k, n := range nets {
		if math.IsNaN(n) || n < 2 || n != math.Trunc(n) {
			return SimPlane{}, fmt.Errorf("tokencheck: sweep %s point %d has %v networks, want an integer >= 2", dir, k, n)
		}
		if p.Networks == 0 || int(n) < p.Networks {
			p.Networks = int(n)
		}
	}
	for k := range p.Mean {
		if math.IsNaN(p.Mean[k]) || math.IsNaN(p.SE[k]) {
			return SimPlane{}, fmt.Errorf("tokencheck: sweep %s has no result at (%v, %v)", dir, p.X[k%len(p.X)], p.Y[k/len(p.X)])
		}
	}
	var seeds []uint64
	if p.N, p.D, p.L, seeds, err = planeSizes(sub, s, dir); err != nil {
		return SimPlane{}, err
	}
	if seeds != nil {
		nx, ny := len(p.X), len(p.Y)
		p.Seeds = make([]uint64, nx*ny)
		for i := range nx {
			for j := range ny {
				p.Seeds[j*nx+i] = seeds[i*ny+j] // grid order: first axis outer (sweep.Sweep.Plane)
			}
		}
	}
	return p, nil
}

// planeSizes reads n, d and depth (0 if absent) from the parameters every
// record of sweep s states (its defaults filled in, sweep.Record), and
// each point's seed (parameter "seed", in grid order; nil unless every
// point records one); it is an error if n or d is missing or not a
// positive integer, or if two points disagree.
func planeSizes(sub fs.FS, s *sweep.Sweep, dir string) (n, d, L int, seeds []uint64, err error) {
	for i, pt := range s.Points {
		b, err := fs.ReadFile(sub, sweep.DoneFile(pt.Key))
		if err != nil {
			return 0, 0, 0, nil, fmt.Errorf("tokencheck: sweep %s: %w", dir, err)
		}
		var r sweep.Record
		if err := json.Unmarshal(b, &r); err != nil {
			return 0, 0, 0, nil, fmt.Errorf("tokencheck: sweep %s: %s: %w", dir, sweep.DoneFile(pt.Key), err)
		}
		var sr struct {
			Params struct {
				Seed json.Number `json:"seed"`
			} `json:"params"`
		}
		if err := json.Unmarshal(b, &sr); err == nil && sr.Params.Seed != "" {
			if v, err := strconv.ParseUint(string(sr.Params.Seed), 10, 64); err == nil && len(seeds) == i {
				seeds = append(seeds, v)
			}
		}
		var got [3]int
		for j, name := range []string{"n", "d", "depth"} {
			v, ok := r.Params[name]
			if !ok && name == "depth" {
				continue
			}
			f, isNum := v.(float64)
			if !ok || !isNum || f < 1 || f != math.Trunc(f) {
				return 0, 0, 0, nil, fmt.Errorf("tokencheck: sweep %s point %s: parameter %s = %v, want a positive integer", dir, pt.Key, name, v)
			}
			got[j] = int(f)
		}
		if i > 0 && got != [3]int{n, d, L} {
			return 0, 0, 0, nil, fmt.Errorf("tokencheck: sweep %s point %s has (n, d, depth) = %v, point %s %v", dir, pt.Key, got, s.Points[0].Key, [3]int{n, d, L})
		}
		n, d, L = got[0], got[1], got[2]
	}
	if len(seeds) != len(s.Points) {
		seeds = nil
	}
	return n, d, L, seeds, nil
}

// ZeroCrossings returns the zero contour of the simulated mean
// (tokengeom.Grid.ZeroCrossings: linear interpolation between grid rows).
func (p SimPlane) ZeroCrossings() (x, y []float64) {
	return tokengeom.Grid{X: p.X, Y: p.Y, Z: p.Mean}.ZeroCrossings()
}

// PlaneZ is the per-point threshold, in standard errors, of
// GradientPlane's count of moderate-α points off the theory.
const PlaneZ = 4

// PlaneLevel is the chance of a false alarm of that count: its allowance
// is the (1 − PlaneLevel) quantile of the count expected from noise alone.
const PlaneLevel = 1e-3

// PlaneAgreement compares a simulated λ_g plane with the corrected theory
// at the same points (GradientPlane). The theory holds at moderate α
// (every α <= 0.7) up to the finite-width offset, and overshoots the d = 64
// simulation at large residual branches.
type PlaneAgreement struct {
	Moderate int     // points at moderate α
	Median   float64 // median |sim − theory| over them
	// Beyond counts the moderate points with |sim − theory| > PlaneZ·SE.
	// An SE from m networks has m − 1 degrees of freedom, so a point of
	// an exact theory is beyond with chance PBeyond = P(|t_{m−1}| >
	// PlaneZ) (5.7% for 3 networks), and Allowed is the (1 − PlaneLevel)
	// quantile of Binomial(Moderate, PBeyond).
	Beyond, Allowed int
	PBeyond         float64
	Worst           float64 // the largest |sim − theory|/SE over the moderate points
	// Shift is the mean sim − theory over the large-α points (the others),
	// with its SE ShiftSE (empirical.MeanShift, the theory exact).
	Shift, ShiftSE float64
	// LargeSeeds are the seeds the large-α points record (SimPlane.Seeds),
	// sorted; nil when the sweep records none.
	LargeSeeds []uint64
	Networks   int // the sweep's networks per point
}

// GradientPlane compares the simulated λ_g plane s of pl with the
// corrected λ_g^(L) at its points (pl.Phase on s's grid). Moderate α means
// α <= 0.7 on tokengeom.AlphaSigma, α_A, α_M <= 0.7 on tokengeom.AlphaAM.
// It panics if s has no moderate or no large-α point, or fewer than 2
// networks per point.
func GradientPlane(pl tokengeom.Plane, s SimPlane, L int) PlaneAgreement {
	if !NetworksRange.Contains(float64(s.Networks)) {
		panic(fmt.Sprintf("tokencheck: GradientPlane needs at least %d networks per point for an SE, got %d", int(NetworksRange.Min), s.Networks))
	}
	theory := pl.Phase(s.X, s.Y, L).LambdaG.Z
	moderate := func(k int) bool {
		return s.X[k%len(s.X)] <= 0.7 && (pl == tokengeom.AlphaSigma || s.Y[k/len(s.X)] <= 0.7)
	}
	a := PlaneAgreement{Networks: s.Networks}
	var dev []float64
	for k := range s.Mean {
		if moderate(k) {
			d := math.Abs(s.Mean[k] - theory[k])
			dev = append(dev, d)
			if d > PlaneZ*s.SE[k] {
				a.Beyond++
			}
			a.Worst = math.Max(a.Worst, d/s.SE[k])
		}
	}
	if len(dev) == 0 {
		panic("tokencheck: GradientPlane needs a point at moderate α (<= 0.7)")
	}
	a.Moderate, a.Median = len(dev), empirical.Quantile(dev, 0.5)
	a.PBeyond = empirical.TTail2(PlaneZ, s.Networks-1)
	a.Allowed = empirical.BinomialQuantile(a.Moderate, a.PBeyond, 1-PlaneLevel)
	a.Shift, a.ShiftSE = empirical.MeanShift(s.Mean, s.SE, theory, make([]float64, len(s.SE)), func(k int) bool { return !moderate(k) })
	if s.Seeds != nil {
		for k := range s.Mean {
			if !moderate(k) {
				a.LargeSeeds = append(a.LargeSeeds, s.Seeds[k])
			}
		}
		slices.Sort(a.LargeSeeds)
	}
	return a
}

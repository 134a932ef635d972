package shapednet

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
)

// StopByGamma is Fig. 5 of Noci et al. 2023 (StopStudy.ByGamma): for each
// residual weight Gamma[i], the median of the stopping time t* over the
// networks, its standard error (empirical.QuantileSE) and the 10th
// percentile; Trace[i] is λ_max(V_ℓ) along network 0 up to its stop.
type StopByGamma struct {
	Gamma, Median, MedianSE, P10 []float64
	Trace                        [][]float64
	// Config (its Gamma that of the last γ), Study (defaults filled in)
	// and Seed (γ index i ran with Seed+i) are the settings it ran with.
	Config Config
	Study  StopStudy
	Seed   uint64
}

// ByGamma runs the study (Run) for configuration c at each γ = gammas[i]
// (λ = √(1−γ²)) with seed seed+i.
//
// Errors: no gammas, and those of Run.
func (s StopStudy) ByGamma(c Config, gammas []float64, seed uint64, workers int) (StopByGamma, error) {
	if len(gammas) == 0 {
		return StopByGamma{}, fmt.Errorf("shapednet: StopStudy.ByGamma needs at least one gamma")
	}
	b := StopByGamma{Gamma: gammas, Study: s.withDefaults(), Seed: seed}
	for i, g := range gammas {
		c.Gamma, c.Lambda = g, 0
		b.Config = c
		ts, trace, err := s.Run(c, seed+uint64(i), workers)
		if err != nil {
			return StopByGamma{}, err
		}
		b.Median, b.P10 = append(b.Median, empirical.Quantile(ts, 0.5)), append(b.P10, empirical.Quantile(ts, 0.1))
		b.MedianSE, b.Trace = append(b.MedianSE, empirical.QuantileSE(ts, 0.5)), append(b.Trace, trace)
	}
	return b, nil
}

// DiffZ is the change of the median from γ index i0 to i1 in standard
// errors of the difference, (m₁ − m₀)/√(se₀² + se₁²).
func (b StopByGamma) DiffZ(i0, i1 int) float64 {
	return diffZ(b.Median[i0], b.MedianSE[i0], b.Median[i1], b.MedianSE[i1])
}

func diffZ(a, sa, b, sb float64) float64 { return (b - a) / math.Hypot(sa, sb) }

// StopGrid is a quantile of t* over a grid of residual weights and
// temperatures (StopStudy.QuantileGrid, Fig. 8): Z[j·len(Gammas)+i] at
// (Gammas[i], Tau0s[j]), the layout of show.Heat, with standard errors SE.
type StopGrid struct {
	Gammas, Tau0s, Z, SE []float64
	// Config, Study (defaults filled in), the quantile Q and Seed (grid
	// point k ran with Seed+k) are the settings it ran with (Gamma and
	// Tau0 vary over the grid).
	Config Config
	Study  StopStudy
	Q      float64
	Seed   uint64
}

// QuantileGrid is Grid returned as a StopGrid.
func (s StopStudy) QuantileGrid(c Config, gammas, tau0s []float64, q float64, seed uint64, workers int) (StopGrid, error) {
	z, se, err := s.Grid(c, gammas, tau0s, q, seed, workers)
	return StopGrid{Gammas: gammas, Tau0s: tau0s, Z: z, SE: se, Config: c, Study: s.withDefaults(), Q: q, Seed: seed}, err
}

func (g StopGrid) at(i, j int) int {
	if i < 0 || i >= len(g.Gammas) || j < 0 || j >= len(g.Tau0s) {
		panic(fmt.Sprintf("shapednet: StopGrid index (%d, %d) outside %d×%d", i, j, len(g.Gammas), len(g.Tau0s)))
	}
	return j*len(g.Gammas) + i
}

// DiffZ is Z(i1, j1) − Z(i0, j0) in standard errors of the difference.
func (g StopGrid) DiffZ(i0, j0, i1, j1 int) float64 {
	a, b := g.at(i0, j0), g.at(i1, j1)
	return diffZ(g.Z[a], g.SE[a], g.Z[b], g.SE[b])
}

// LeastFall is the largest, over the temperatures, of DiffZ from γ index
// i0 to i1: a value ≤ −k says Z falls by at least k SE at every τ₀.
func (g StopGrid) LeastFall(i0, i1 int) float64 {
	fall := math.Inf(-1)
	for j := range g.Tau0s {
		fall = math.Max(fall, g.DiffZ(i0, j, i1, j))
	}
	return fall
}

// PooledRise is the change of Z from τ₀ index j0 to j1 summed over the γ
// indices i0…i1, in standard errors of the sum.
func (g StopGrid) PooledRise(j0, j1, i0, i1 int) float64 {
	rise, v2 := 0.0, 0.0
	for i := i0; i <= i1; i++ {
		a, b := g.at(i, j0), g.at(i, j1)
		rise, v2 = rise+g.Z[b]-g.Z[a], v2+g.SE[a]*g.SE[a]+g.SE[b]*g.SE[b]
	}
	return rise / math.Sqrt(v2)
}

package tokencheck

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// Curves is the token geometry of a simulated transformer per layer beside
// the theory iterates of F (eq. 25), the second and third columns of Fig. 2.
type Curves struct {
	Model tokengeom.Model // the theory model; the network is Network(Model, L)
	Start tokengeom.QP    // the target (q0, p0) of the input tokens
	// Sim is the mean ± SE over networks of q_t/d (QOverD) and p_t/q_t
	// (Cos), t = 0..L (tokennet.SimulateLayerGeometry).
	Sim tokennet.LayerStats
	// Q and Cos are the iterates q_t/d and p_t/q_t of F from (q0, p0).
	Q, Cos []float64
	// AttBias is α_A²σ_A²(1 − ρ₀²)²/d at the input cosine ρ₀ = p0/q0: the
	// size of the O(1/d) attention term that the infinite-width map F
	// leaves out of q₁/d, an allowance for comparing one block with F.
	AttBias float64
	Seeds   Seeds // the seeds of the Layers.Curves run
}

// layerCurves is Layers.Curves with the settings as arguments and a
// generator; it panics as tokennet.SimulateLayerGeometry does on
// arguments Layers.Validate refuses.
//
//sigprop:eq cowsik2024 eq25
func layerCurves(m tokengeom.Model, L int, q0, p0 float64, networks int, rng *rand.Rand) (Curves, error) {
	sim, err := tokennet.SimulateLayerGeometry(Network(m, L), q0, p0, networks, rng)
	if err != nil {
		return Curves{}, err
	}
	tr, err := tokengeom.Trajectory(m, q0, p0, L)
	if err != nil {
		return Curves{}, err
	}
	c := Curves{Model: m, Start: tokengeom.QP{Q: q0, P: p0}, Sim: sim}
	c.Q, c.Cos = tokengeom.TrajectoryXY(m, tr)
	rho := p0 / q0
	c.AttBias = m.AlphaA * m.AlphaA * m.SigmaA2 * (1 - rho*rho) * (1 - rho*rho) / m.D
	return c, nil
}

// WidthBias is the relative bias of the simulated q_L/d against F's
// iterate from (d, 0) at several widths d. A bias of order 1/d has the same
// d × Bias at every width (ScaledDiffZ).
type WidthBias struct {
	Model        tokengeom.Model // the theory model at the reference width
	L, Networks  int             // the layer compared and the networks per width
	Widths       []int
	Theory       float64   // q_L/d of F from (d, 0), computed at the model's d (it does not depend on d)
	Sim, SimSE   []float64 // simulated q_L/d per width: mean ± SE over networks
	Bias, BiasSE []float64 // Sim/Theory − 1 and its SE, SimSE/Theory
	Seeds        Seeds     // the seeds run: width k drew from Seeds.Rand(k)
}

// MeasureWidthBias simulates networks transformers of L blocks per width
// (Network(m, L) with d = Widths[k], from tokens with target (d, 0), point k
// drawing from seeds.Rand(k)) and returns their q_L/d against the theory's.
// It panics on an empty widths or a width < 1.
func MeasureWidthBias(m tokengeom.Model, L int, widths []int, networks int, seeds Seeds) (WidthBias, error) {
	if len(widths) == 0 {
		panic("tokencheck: MeasureWidthBias needs at least one width")
	}
	tr, err := tokengeom.Trajectory(m, m.D, 0, L)
	if err != nil {
		return WidthBias{}, err
	}
	w := WidthBias{Model: m, L: L, Networks: networks, Widths: widths, Theory: tr[L].Q / m.D, Seeds: seeds}
	for k, d := range widths {
		if d < 1 {
			panic(fmt.Sprintf("tokencheck: widths must be >= 1, got %d", d))
		}
		cfg := Network(m, L)
		cfg.D = d
		st, err := tokennet.SimulateLayerGeometry(cfg, float64(d), 0, networks, seeds.Rand(k))
		if err != nil {
			return WidthBias{}, err
		}
		w.Sim, w.SimSE = append(w.Sim, st.QOverD[L]), append(w.SimSE, st.QOverDSE[L])
		w.Bias, w.BiasSE = append(w.Bias, st.QOverD[L]/w.Theory-1), append(w.BiasSE, st.QOverDSE[L]/w.Theory)
	}
	return w, nil
}

// ScaledDiffZ is the difference of d × Bias between widths i and j in
// units of its standard error,
//
//	z = (d_i b_i − d_j b_j)/√((d_i se_i)² + (d_j se_j)²),
//
// near 0 (|z| ≲ 3) when the bias is of order 1/d.
func (w WidthBias) ScaledDiffZ(i, j int) float64 {
	di, dj := float64(w.Widths[i]), float64(w.Widths[j])
	return (di*w.Bias[i] - dj*w.Bias[j]) / math.Hypot(di*w.BiasSE[i], dj*w.BiasSE[j])
}

// Symmetry is the restoration of permutation symmetry from two groups of
// tokens (eq. 12, Fig. 3).
type Symmetry struct {
	Model     tokengeom.Model // the theory model; the network is Network(Model, L)
	Q, P1, P2 float64         // the input: squared norm q, dot products p1 within and p2 across the halves
	// Sim holds per layer the mean ± SE over networks of the ratio p1/p2
	// of within- to across-group dot products (in QOverD) and of p/q (in
	// Cos), tokennet.SimulateSymmetryRestoration.
	Sim tokennet.LayerStats
	// FixedCos is p/q at the stable non-collapsed fixed point of F, where
	// the symmetric ansatz predicts the tokens go.
	FixedCos float64
	Seeds    Seeds // the seeds of the Restoration.Run
}

// symmetryRestoration is Restoration.Run with the settings as arguments and
// a generator.
//
//sigprop:eq cowsik2024 eq12
func symmetryRestoration(m tokengeom.Model, L int, q, p1, p2 float64, networks int, rng *rand.Rand) (Symmetry, error) {
	sim, err := tokennet.SimulateSymmetryRestoration(Network(m, L), q, p1, p2, networks, rng)
	if err != nil {
		return Symmetry{}, err
	}
	fp, err := tokengeom.NonCollapsedFixedPoint(m, tokengeom.FixedPointSettings{})
	if err != nil {
		return Symmetry{}, err
	}
	return Symmetry{Model: m, Q: q, P1: p1, P2: p2, Sim: sim, FixedCos: fp.P / fp.Q}, nil
}

// Histograms are the per-layer histograms of a simulated transformer beside
// the theory iterates of F: the second and third columns of Fig. 2 as the
// paper draws them.
type Histograms struct {
	Model tokengeom.Model // the theory model; the network is Network(Model, L)
	// Norms and Cosines are the histograms of |X_i|²/d and of the pairwise
	// cosines at every layer t = 0..L (tokennet.SimulateLayerHistograms).
	Norms, Cosines tokennet.LayerHistogram
	Networks       int
	// Q and Cos are the iterates q_t/d and p_t/q_t of F from (q0, p0).
	Q, Cos []float64
	Seeds  Seeds // the seeds of the Layers.Histograms run
}

// layerHistograms is Layers.Histograms with the settings as arguments and
// a generator.
func layerHistograms(m tokengeom.Model, L int, q0, p0 float64, networks int, r tokennet.HistogramRanges, rng *rand.Rand) (Histograms, error) {
	norms, cos, err := tokennet.SimulateLayerHistograms(Network(m, L), q0, p0, networks, r, rng)
	if err != nil {
		return Histograms{}, err
	}
	tr, err := tokengeom.Trajectory(m, q0, p0, L)
	if err != nil {
		return Histograms{}, err
	}
	h := Histograms{Model: m, Norms: norms, Cosines: cos, Networks: networks}
	h.Q, h.Cos = tokengeom.TrajectoryXY(m, tr)
	return h, nil
}

package randmlp

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
)

// CheckFloor is the lowest grid point of Check relative to the largest
// eigenvalue, and the top of the region whose eigenvalues are counted
// rather than compared by KS. It is a limit of the simulation, not of the
// theory: jacspectrum.CDF is right down to jacspectrum.MinCDFLambda
// (lib/sources/tanner2024.md#cdf-lower-tail), but float64 eigenvalues of
// JJᵀ that are exactly 0 in theory (the atom of Bernoulli D²) come out at
// up to ~1e-10·λ_max for deep products, so the continuous part is compared
// only above a floor far above that noise. Moving it to 1e-12 changes
// notebook 04's KS values by at most 0.001.
const CheckFloor = 1e-6

// CheckAlpha is the level of each test of Check: the probability that a
// check of a sample drawn from its theory fails by sampling alone (at most
// CheckAlpha, by the bounds Check states). Notebook 04 makes about 70 such
// tests (a KS and one or two atom counts per sample of P18 Figs. 2 and 4),
// so a false failure anywhere has probability below 0.07.
const CheckAlpha = 0.001

// CheckZ is the two-sided normal quantile of CheckAlpha, Φ⁻¹(1 − α/2):
// the tolerance of an atom count in its model standard deviations.
const CheckZ = 3.2905267314919255

// AtomCheck compares the count of eigenvalues in one region that holds an
// atom of the theory (or the mass below the floor) with the theory's mass
// there, the network being the sample unit.
type AtomCheck struct {
	Region string  // "λ ≤ floor" (the atom at 0 and the continuous mass below the floor) or "λ = σ_w^{2L}"
	Loc    float64 // the atom's location (0 for the floor region)
	Counts []int   // per network
	// Observed is the pooled fraction of eigenvalues in the region; Theory
	// the theory's mass there.
	Observed, Theory float64
	// SD is the model standard deviation of one network's fraction (see
	// CheckAgainst); Tol = CheckZ·SD/√networks + ½/n, n the pooled
	// eigenvalues (the continuity correction of a count: a region the
	// theory gives almost no mass may still hold an eigenvalue).
	SD, Tol float64
}

// Dev is |Observed − Theory|, the value that Tol bounds.
func (a AtomCheck) Dev() float64 { return math.Abs(a.Observed - a.Theory) }

// SpectrumCheck compares a SpectrumSample with its theory: the atoms (and
// the mass below the floor) counted, the continuous part by a KS distance.
type SpectrumCheck struct {
	// Floor is CheckFloor·max of the pooled eigenvalues: the continuous
	// part is compared above it, and what lies at or below it is counted.
	Floor float64
	// Atoms are the counts of the region below the floor (the atom at 0
	// of Bernoulli D² lies there) and, when the theory has one, of the
	// atom at σ_w^{2L} (orthogonal weights, F23).
	Atoms []AtomCheck
	// KS is max |Ĝ − G| over Grid: Ĝ the pooled ECDF of the continuous
	// part (the eigenvalues above Floor and off every atom), G the
	// theory's CDF conditioned on the same region,
	//
	//	G(x) = (F(x) − F(Floor) − Σ_{atoms a in (Floor, x]} m_a) / (1 − F(Floor) − Σ_{atoms above Floor} m_a).
	KS   float64
	Grid []float64 // 30 quantiles of the continuous part, and each atom's Loc·(1 ∓ 1e-6) (jacspectrum.QuantileGrid)
	// N is the number of eigenvalues of the continuous part, pooled, and
	// PerNetwork each network's.
	N          int
	PerNetwork []int
	// Tol is the DKW bound at level CheckAlpha with n = N
	// (empirical.DKW); +Inf when the continuous part is empty.
	Tol float64
	// Networks is the number of independent networks (the sample unit).
	Networks int
}

// Pass reports whether the KS and every atom count are within their
// tolerances.
func (c SpectrumCheck) Pass() bool {
	if !(c.KS <= c.Tol) {
		return false
	}
	for _, a := range c.Atoms {
		if !(a.Dev() <= a.Tol) {
			return false
		}
	}
	return true
}

// Check compares s with the law of its network (Network) by c: CheckAgainst.
func (s SpectrumSample) Check(c freeprob.Continuation) (SpectrumCheck, error) {
	return s.check(c, nil)
}

// check is Check, with the support of s's network taken from known when
// one of them is that network's (knownSupport.of) instead of bisected again.
func (s SpectrumSample) check(c freeprob.Continuation, known []knownSupport) (SpectrumCheck, error) {
	n, err := s.Network()
	if err != nil {
		return SpectrumCheck{}, err
	}
	for _, k := range known {
		if k.of(s, n) {
			return s.CheckAgainstOn(n, k.Sup, c)
		}
	}
	return s.CheckAgainst(n, c)
}

// knownSupport is the support (jacspectrum.Support by the checks'
// continuation) of the critical orthogonal network of activation Phi at
// Depth and q* QStar, with its σ_w², computed by a caller that needed it
// first (Fig4Panel.Curves: the convergence check's networks).
type knownSupport struct {
	Phi            activation.Func
	Depth          int
	QStar, SigmaW2 float64
	Sup            []jacspectrum.Interval
}

// of reports whether k is the support of sample s's network n: s names
// k's activation (its name and parameter, as activation.ByName builds
// it), orthogonal weights, k's depth and, to the bit, k's q*, and n has
// k's σ_w². Then n is jacspectrum.Critical of the same arguments as k's
// network, so its support is k's.
func (k knownSupport) of(s SpectrumSample, n jacspectrum.Network) bool {
	return s.Phi == k.Phi.Name && s.PhiParam == k.Phi.Param && s.Weights == jacspectrum.Orthogonal.String() && s.Depth == k.Depth &&
		math.Float64bits(s.QStar) == math.Float64bits(k.QStar) && math.Float64bits(n.SigmaW2) == math.Float64bits(k.SigmaW2)
}

// CheckAgainst compares the eigenvalues of s with the law of theory n (its
// own Network, or another one to test the check's power). The sample
// unit is the network: eigenvalues of one network are not independent,
// and the random number of active units of Bernoulli D² moves whole
// atoms from network to network. So the atoms are taken out and counted,
// and only the continuous part enters the KS distance:
//
//   - the region λ ≤ Floor = CheckFloor·max λ (the atom at 0 of
//     Bernoulli D², mass 1 − p, and the continuous mass below the floor):
//     its count per network against the theory's F(Floor). One network's
//     fraction has model SD ≤ √(p(1−p)/N) + √(F_c(1−F_c)/N), F_c = F(Floor)
//     minus the atom: the atom at 0 is N − min_ℓ K_ℓ zero directions with
//     K_ℓ ~ Binomial(N, p) active units per layer (the min of L i.i.d.
//     counts varies less than one count), the rest bounded as an i.i.d.
//     count, and the two SDs add whatever their correlation;
//   - the atom at σ_w^{2L} of orthogonal weights (mass 1 − L(1−p), the
//     directions that survive every layer: max(0, Σ_ℓ K_ℓ − (L−1)N) of
//     them): its count within 1e-6 relative, model SD √(Lp(1−p)/N) of
//     one network's fraction;
//   - each count is judged at Tol = CheckZ·SD/√networks + ½/n (a normal
//     count at level CheckAlpha, with the continuity correction of half an
//     eigenvalue of the n pooled);
//   - the continuous part: KS of its pooled ECDF against the conditioned
//     theory G, at the DKW bound with n = N, the eigenvalues of the
//     continuous parts of all networks: each network counts as many
//     samples as it has eigenvalues there. That is an assumption, not a
//     measurement: the eigenvalues of a random matrix repel, so one
//     network's ECDF varies less than that of as many i.i.d. draws
//     (TestSpectrumSamplingLaw checks the stored pairs of networks against
//     the two-sample bound it implies). No spread of the sample itself
//     enters any tolerance.
//
// A theory that fails to evaluate is an error.
func (s SpectrumSample) CheckAgainst(n jacspectrum.Network, c freeprob.Continuation) (SpectrumCheck, error) {
	if len(s.Pooled()) == 0 {
		panic("randmlp: CheckAgainst of a sample without eigenvalues")
	}
	sup, err := jacspectrum.Support(n, c)
	if err != nil {
		return SpectrumCheck{}, err
	}
	return s.CheckAgainstOn(n, sup, c)
}

// CheckAgainstOn is CheckAgainst with n's support given (sup =
// jacspectrum.Support(n, c)), for a caller that has it already.
func (s SpectrumSample) CheckAgainstOn(n jacspectrum.Network, sup []jacspectrum.Interval, c freeprob.Continuation) (SpectrumCheck, error) {
	all := s.Pooled()
	if len(all) == 0 {
		panic("randmlp: CheckAgainst of a sample without eigenvalues")
	}
	out := SpectrumCheck{Floor: CheckFloor * all[len(all)-1], Grid: jacspectrum.QuantileGrid(n, all, 30, CheckFloor), Networks: len(s.Eigs)}
	F, err := jacspectrum.CDF(n, append([]float64{out.Floor}, out.Grid...), sup, c)
	if err != nil {
		return SpectrumCheck{}, err
	}
	clamp := func(v float64) float64 { return math.Min(1, math.Max(0, v)) }
	fFloor := clamp(F[0])
	p, L, N := n.D2.P(), float64(n.Depth), float64(s.Width)
	var top []freeprob.Atom
	below, a0 := AtomCheck{Region: "λ ≤ floor", Theory: fFloor}, 0.0
	for _, a := range n.Atoms() {
		switch {
		case a.Loc <= out.Floor:
			a0 += a.Mass
		default:
			top = append(top, a)
		}
	}
	fc := clamp(fFloor - a0)
	below.SD = math.Sqrt(fc*(1-fc)/N) + math.Sqrt(math.Max(0, p*(1-p))/N)
	onAtom := func(v float64) int {
		for i, a := range top {
			if math.Abs(v-a.Loc) <= 1e-6*a.Loc {
				return i
			}
		}
		return -1
	}
	topChecks := make([]AtomCheck, len(top))
	topMass := 0.0
	for i, a := range top {
		topChecks[i] = AtomCheck{Region: "λ = σ_w^{2L}", Loc: a.Loc, Theory: a.Mass, SD: math.Sqrt(L * p * (1 - p) / N)}
		topMass += a.Mass
	}
	var cont []float64
	for _, e := range s.Eigs {
		nb, nc := 0, 0
		nt := make([]int, len(top))
		for _, v := range e {
			if v <= out.Floor {
				nb++
			} else if i := onAtom(v); i >= 0 {
				nt[i]++
			} else {
				cont = append(cont, v)
				nc++
			}
		}
		below.Counts = append(below.Counts, nb)
		for i := range top {
			topChecks[i].Counts = append(topChecks[i].Counts, nt[i])
		}
		out.PerNetwork = append(out.PerNetwork, nc)
	}
	nets := math.Sqrt(float64(len(s.Eigs)))
	finish := func(a *AtomCheck) {
		t := 0
		for _, k := range a.Counts {
			t += k
		}
		a.Observed = float64(t) / float64(len(all))
		a.Tol = CheckZ*a.SD/nets + 0.5/float64(len(all))
	}
	finish(&below)
	out.Atoms = append(out.Atoms, below)
	for i := range topChecks {
		finish(&topChecks[i])
		out.Atoms = append(out.Atoms, topChecks[i])
	}
	slices.Sort(cont)
	out.N, out.Tol = len(cont), math.Inf(1)
	rest := 1 - fFloor - topMass
	if out.N == 0 || !(rest > 0) {
		return out, nil
	}
	out.Tol = empirical.DKW(out.N, CheckAlpha)
	for i, x := range out.Grid {
		g := F[i+1] - fFloor
		for _, a := range top {
			if a.Loc <= x {
				g -= a.Mass
			}
		}
		k, _ := slices.BinarySearch(cont, math.Nextafter(x, math.Inf(1)))
		out.KS = math.Max(out.KS, math.Abs(float64(k)/float64(out.N)-clamp(g/rest)))
	}
	return out, nil
}

// FigureCheck is the comparison of one sample of a figure with its theory
// (Err set if the theory could not be evaluated).
type FigureCheck struct {
	SpectrumCheck
	Sample SpectrumSample
	Err    error
}

// CheckFigure compares every sample of a figure with its theory (Check).
// Each sample's tolerances come from its own sizes alone (networks, width,
// eigenvalues of the continuous part) and the theory's atoms, never from
// the spread of the figure's samples.
func CheckFigure(ss []SpectrumSample, c freeprob.Continuation) []FigureCheck {
	return checkFigure(ss, c, nil)
}

// checkFigure is CheckFigure with the supports known already (check).
func checkFigure(ss []SpectrumSample, c freeprob.Continuation, known []knownSupport) []FigureCheck {
	var checks []FigureCheck
	for _, s := range ss {
		sc, err := s.check(c, known)
		checks = append(checks, FigureCheck{SpectrumCheck: sc, Sample: s, Err: err})
	}
	return checks
}

// PairKS returns, for a sample of at least two networks, the two-sample KS
// distance between the continuous parts (above floor·max and off the
// theory's atoms, as in CheckAgainst) of networks 0 and 1 and the
// two-sample bound at level alpha that the i.i.d. count of CheckAgainst
// implies for it, c(α)·√((n₀+n₁)/(n₀n₁)) with c(α) = √(ln(2/α)/2). It is
// the check of that assumption on the data, not a tolerance. It panics
// unless s has two networks.
func (s SpectrumSample) PairKS(n jacspectrum.Network, floor, alpha float64) (ks, bound float64) {
	if len(s.Eigs) < 2 {
		panic(fmt.Sprintf("randmlp: PairKS needs two networks, got %d", len(s.Eigs)))
	}
	lo := floor * slices.Max(s.Pooled())
	part := func(e []float64) []float64 {
		var out []float64
		for _, v := range e {
			on := false
			for _, a := range n.Atoms() {
				on = on || (a.Loc > lo && math.Abs(v-a.Loc) <= 1e-6*a.Loc)
			}
			if v > lo && !on {
				out = append(out, v)
			}
		}
		return out
	}
	a, b := part(s.Eigs[0]), part(s.Eigs[1])
	if len(a) == 0 || len(b) == 0 {
		return 0, math.Inf(1)
	}
	na, nb := float64(len(a)), float64(len(b))
	return empirical.KS2(a, b), math.Sqrt(math.Log(2/alpha)/2) * math.Sqrt((na+nb)/(na*nb))
}

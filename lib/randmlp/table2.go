package randmlp

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/randmat"
)

// Table2Settings are the sampling settings of Table2. The zero value is
// the notebook's choice (P18 states no sampling: Table 2 is closed form).
// Every value is sigprop's choice.
type Table2Settings struct {
	SigmaW2 float64   // weight variance σ_w²; 0 means 1.5 (any σ_w² > 0: the table scales as σ_w^{−2})
	Width   int       // N of the square N×N weight matrix; 0 means Table2Width
	Draws   int       // independent matrices per ensemble (≥ 2 for an SE); 0 means Table2Draws
	Z       []float64 // points z ∈ (−1, 0) where S is estimated; nil means 8 points on [−0.6, −0.05]
	// Seed and Stream choose the generators of Run: the orthogonal
	// ensemble draws from empirical.Rand(Seed, Stream), the Gaussian from
	// empirical.Rand(Seed+1, Stream). Table2 takes its generator instead.
	Seed, Stream uint64
}

// The sizes Table2Settings takes for zero: N×N matrices of width 400, 8
// of each ensemble.
const (
	Table2Width = 400
	Table2Draws = 8
)

// Table2Ensembles are the weight ensembles of P18 Table 2, in the order of
// the rows of Table2Settings.Run.
var Table2Ensembles = []jacspectrum.Ensemble{jacspectrum.Orthogonal, jacspectrum.Gaussian}

// Run samples both rows of P18 Table 2, in the order of Table2Ensembles:
// row i is Table2(Table2Ensembles[i], s, empirical.Rand(s.Seed+i,
// s.Stream)), and records s (resolved) with its seeds. Errors: a setting
// out of range (ErrParam), a failed SVD or S-transform.
func (s Table2Settings) Run() ([]Table2Row, error) {
	rows := make([]Table2Row, len(Table2Ensembles))
	for i, w := range Table2Ensembles {
		r, err := Table2(w, s, empirical.Rand(s.Seed+uint64(i), s.Stream))
		if err != nil {
			return nil, err
		}
		rows[i] = r
	}
	return rows, nil
}

// Validate returns ErrParam for a setting out of range once the zero
// values are resolved to their defaults: σ_w² not finite and > 0, a width
// below 2, fewer than 2 draws or a z outside (−1, 0).
func (s Table2Settings) Validate() error {
	_, err := s.resolved()
	return err
}

func (s Table2Settings) resolved() (Table2Settings, error) {
	if s.SigmaW2 == 0 {
		s.SigmaW2 = 1.5
	}
	if s.Width == 0 {
		s.Width = Table2Width
	}
	if s.Draws == 0 {
		s.Draws = Table2Draws
	}
	if s.Z == nil {
		s.Z = empirical.Linspace(-0.6, -0.05, 8)
	}
	switch {
	case !(s.SigmaW2 > 0) || math.IsInf(s.SigmaW2, 0):
		return s, fmt.Errorf("%w: Table2Settings.SigmaW2 = %g, want a finite σ_w² > 0", ErrParam, s.SigmaW2)
	case s.Width < 2:
		return s, fmt.Errorf("%w: Table2Settings.Width = %d, want >= 2", ErrParam, s.Width)
	case s.Draws < 2:
		return s, fmt.Errorf("%w: Table2Settings.Draws = %d, want >= 2 (for a standard error)", ErrParam, s.Draws)
	}
	for _, z := range s.Z {
		if !(z > -1 && z < 0) {
			return s, fmt.Errorf("%w: Table2Settings.Z = %g, want each z in (−1, 0)", ErrParam, z)
		}
	}
	return s, nil
}

// Table2Row is one row of P18 Table 2 (S-transforms of WᵀW) with its
// closed forms beside the same quantities estimated from sampled spectra.
type Table2Row struct {
	Weights  jacspectrum.Ensemble
	Settings Table2Settings // resolved: the σ_w², width, draws and z it ran at
	S        []float64      // closed form S_{WᵀW}(z) at Settings.Z (jacspectrum.Ensemble.S)
	SNum     []float64      // mean over draws of freeprob.SNumeric of each WᵀW's eigenvalues
	SNumSE   []float64      // its standard error from the spread of the draws
	S1       float64        // closed-form s₁ (0 orthogonal, −1 Gaussian)
	S1Num    float64        // mean over draws of 1 − m₂/m₁², the series relation s₁ = 1 − m₂/m₁²
	S1NumSE  float64        // its standard error
	// S1Width is the finite-N expectation of s₁ the estimate is judged
	// against: 0 for orthogonal weights (WᵀW = σ_w²I exactly), −1 − 1/N
	// for real Gaussian weights, from E m₂ = σ_w⁴(2 + 1/N) at E m₁ = σ_w²
	// (the pairings of E tr(WᵀW)² with W_ij ~ N(0, σ_w²/N): 2N² − N
	// non-crossing-or-diagonal terms plus the fourth moment 3 on the
	// diagonal, over N³), to O(N⁻²).
	S1Width float64
}

// Table2 samples Settings.Draws matrices W of size N×N from the ensemble w
// at σ_w² (Gaussian W_ij ~ N(0, σ_w²/N); orthogonal W = σ_w O, O Haar),
// takes the eigenvalues of WᵀW (squared singular values of W), and
// estimates from them the two columns of P18 Table 2 (Pennington,
// Schoenholz & Ganguli 2018, SM eqs. S26–S27; lib/sources/tanner2024.md#table-2):
//
//	scaled orthogonal   S_{WᵀW}(z) = σ_w^{−2}             s₁ = 0
//	scaled Gaussian     S_{WᵀW}(z) = σ_w^{−2} (1+z)^{−1}   s₁ = −1
//
// S by freeprob.SNumeric (inverting the empirical M on the negative real
// axis, eq. (10) of P18) and s₁ by the series relation s₁ = 1 − m₂/m₁². The
// sampled values are independent of the closed forms: nothing of
// jacspectrum enters but the closed form printed beside them. Errors name a
// setting out of its range (ErrParam); rng supplies every draw.
func Table2(w jacspectrum.Ensemble, s Table2Settings, rng *rand.Rand) (Table2Row, error) {
	s, err := s.resolved()
	if err != nil {
		return Table2Row{}, err
	}
	n := s.Width
	s1, _ := w.SCoeffs()
	r := Table2Row{Weights: w, Settings: s, S1: s1, S1Width: s1}
	if w == jacspectrum.Gaussian {
		r.S1Width = -1 - 1/float64(n)
	}
	for _, z := range s.Z {
		r.S = append(r.S, w.S(z, s.SigmaW2))
	}
	sw := math.Sqrt(s.SigmaW2)
	wm := mat.NewDense(n, n, nil)
	eigs := make([][]float64, s.Draws)
	s1s := make([]float64, s.Draws)
	var svd mat.SVD
	for d := range eigs {
		switch w {
		case jacspectrum.Gaussian:
			randmat.Normal(wm.RawMatrix().Data, sw/math.Sqrt(float64(n)), rng)
		case jacspectrum.Orthogonal:
			randmat.HaarInto(wm, rng)
			wm.Scale(sw, wm)
		default:
			panic(fmt.Sprintf("randmlp: Table2 unknown ensemble %d", int(w)))
		}
		if !svd.Factorize(wm, mat.SVDNone) {
			return Table2Row{}, fmt.Errorf("randmlp: Table2 SVD of draw %d failed", d)
		}
		sv := svd.Values(nil)
		for i, v := range sv {
			sv[i] = v * v
		}
		eigs[d] = sv
		m := freeprob.MomentsFromEigs(sv, 2)
		s1s[d] = 1 - m[1]/(m[0]*m[0])
	}
	r.S1Num, r.S1NumSE = empirical.MeanSE(s1s)
	v := make([]float64, s.Draws)
	for _, z := range s.Z {
		for d, e := range eigs {
			if v[d], err = freeprob.SNumeric(e, z); err != nil {
				return Table2Row{}, fmt.Errorf("randmlp: Table2 S-transform of draw %d at z = %g: %w", d, z, err)
			}
		}
		m, se := empirical.MeanSE(v)
		r.SNum, r.SNumSE = append(r.SNum, m), append(r.SNumSE, se)
	}
	return r, nil
}

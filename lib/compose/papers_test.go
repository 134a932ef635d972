package compose

import (
	"math"
	"testing"
)

// Every paper constructor returns a valid block.
func TestPaperBlocksValid(t *testing.T) {
	for name, b := range map[string]Block{
		"Noci2022Softmax": Noci2022Softmax(8, 16, 4, 0.5, 0.3, InvSqrtDepth, Pre, 0.7),
		"Noci2022Table2":  Noci2022Table2(6, Post, 1, Const),
		"Noci2023":        Noci2023(2, 64, 12, 0.5, 1, -1),
		"Noci2023Vanilla": Noci2023Vanilla(2, 64, 12, 0.5),
		"Noci2023PreLN":   Noci2023PreLN(2, 64, 12, RMS),
	} {
		if err := b.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// True softmax at τ = 0 is uniform attention (every logit 0): the map of
// Noci2022Softmax(τ = 0) is Noci2022's, under each norm placement (eq. 10
// at zero logit variance against Lemma 3.2's exact uniform map; 1e-12).
func TestNoci2022SoftmaxAtZeroIsUniform(t *testing.T) {
	for _, norm := range []NormPlace{NoNorm, Pre, Post} {
		s := Noci2022Softmax(8, 16, 4, 0.6, 0.8, Const, norm, 0)
		u := Noci2022(8, 16, 4, 0.6, 0.8, Const, norm)
		for _, qp := range [][2]float64{{16, 0}, {16, 8}, {9, -1}, {30, 29}} {
			qs, ps := s.Map(qp[0], qp[1])
			qu, pu := u.Map(qp[0], qp[1])
			if relErr(qs, qu) > 1e-12 || math.Abs(ps-pu) > 1e-12*qu {
				t.Errorf("%v at %v: softmax τ = 0 (%v, %v), uniform (%v, %v)", norm, qp, qs, ps, qu, pu)
			}
		}
	}
}

// The feed-forwards of the paper constructors are He-normalised: a unit
// Gaussian pre-activation gives E φ(σ_w z)² σ_o² = 1 (activation's closed
// second moments: (1 + s₋²)/2 for the two-slope ReLU, 1/2 for ReLU;
// 1e-14), so the branch keeps q at initialisation.
func TestPaperFeedForwardsHeNormalised(t *testing.T) {
	for name, ff := range map[string]FeedForward{
		"Noci2022ReLU":    Noci2022ReLU(32),
		"Noci2023 d=64":   Noci2023(2, 64, 1, 0.5, 1, -1).FF,
		"Noci2023 d=7":    Noci2023(2, 7, 1, 0.5, 1, -2).FF,
		"Noci2023Vanilla": Noci2023Vanilla(2, 64, 1, 0.5).FF,
	} {
		if m := ff.Act.SecondMoment(ff.SigmaW*ff.SigmaW) * ff.SigmaOut * ff.SigmaOut; math.Abs(m-1) > 1e-14 {
			t.Errorf("%s: E φ(σ_w z)² σ_o² = %v, want 1", name, m)
		}
	}
	if s := Noci2023(2, 64, 1, 0.5, 1, -1).FF.Act.Phi(-1); s != -(1 - 1/8.0) {
		t.Errorf("Noci2023's slope below zero at d = 64, c₋ = −1: %v, want 1 − 1/8", -s)
	}
}

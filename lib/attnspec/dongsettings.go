package attnspec

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// DongSettings are the settings of Dong et al.'s (2021) rank collapse of
// pure self-attention, which Sec. 2 of Noci et al. 2022 recalls without
// an experiment: every value is sigprop's choice (Dong).
//
//sigprop:eq tanner2024 F36,37
type DongSettings struct {
	// T is the number of tokens, D their width and DK the key width d_k.
	T, D, DK int
	// L is the depth of the two stacks.
	L int
	// S is the scale s of the i.i.d. N(0, s²) logits of the comparison
	// stack and contraction.
	S float64
	// Eps are the ε of the one-layer contraction (OneLayerContraction),
	// at least two, each > 0.
	Eps []float64
	// Seed and Stream choose the generators: the input draws from
	// empirical.Rand(Seed, Stream), the query–key stack from Seed+1, the
	// i.i.d.-logit stack from Seed+2 and the contraction from Seed+3.
	Seed, Stream uint64
}

// Dong returns the settings notebook 03 runs: T = 64 tokens of width d =
// d_k = 32, depth L = 6, i.i.d. logits of scale s = 1 and ε from 1e-3 to
// 0.1 (seeds left to the caller).
func Dong() DongSettings {
	return DongSettings{T: 64, D: 32, DK: 32, L: 6, S: 1, Eps: []float64{1e-3, 2e-3, 5e-3, 1e-2, 2e-2, 5e-2, 1e-1}}
}

// DongRun is the result of DongSettings.Run, with the settings.
type DongRun struct {
	DongSettings
	// KeyQuery and IID are the query–key stack (KeyQueryStack) and the
	// i.i.d.-logit stack (Stack) from one input.
	KeyQuery, IID StackResult
	// Contraction is the one-layer contraction at Eps.
	Contraction Contraction
}

// Run draws T random tokens of width D with a shared mean (RandomTokens)
// and runs from them the query–key stack, the i.i.d.-logit stack (true
// softmax) and the one-layer contraction.
//
// Errors: those of Validate.
func (s DongSettings) Run() (DongRun, error) {
	if err := s.Validate(); err != nil {
		return DongRun{}, err
	}
	x0 := RandomTokens(s.T, s.D, true, empirical.Rand(s.Seed, s.Stream))
	return DongRun{DongSettings: s,
		KeyQuery:    KeyQueryStack(x0, s.L, s.DK, empirical.Rand(s.Seed+1, s.Stream)),
		IID:         Stack(x0, s.L, s.S, block.Softmax, empirical.Rand(s.Seed+2, s.Stream)),
		Contraction: OneLayerContraction(x0, s.Eps, s.DK, s.S, empirical.Rand(s.Seed+3, s.Stream)),
	}, nil
}

// Validate returns ErrParam for T < 2, D, DK or L below 1, S < 0, fewer
// than two ε or an ε ≤ 0.
func (s DongSettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("T", s.T, 2), param.Min("D", s.D, 1), param.Min("DK", s.DK, 1), param.Min("L", s.L, 1), param.Min("len(Eps)", len(s.Eps), 2)); err != nil {
		return err
	}
	if !(s.S >= 0 && s.S <= 1e300) {
		return paramErr("S", s.S, "a finite value >= 0")
	}
	for i, e := range s.Eps {
		if !(e > 0 && e <= 1e300) {
			return paramErr(fmt.Sprintf("Eps[%d]", i), e, "a finite value > 0")
		}
	}
	return nil
}

func paramErr(name string, got any, allowed string) error {
	return param.Err(ErrParam, name, got, allowed)
}

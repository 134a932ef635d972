package seqtf

import (
	"fmt"
	"math"
)

// ReverseVariant is one model of the reversal runs: a name and its
// configuration at the task's size (ReverseConfig).
type ReverseVariant struct {
	Name   string
	Config Config
}

// Variant names of ReverseVariants.
const (
	// PostLNName is Fig. 6's model: ReverseConfig, α₁ = α₂ = 1 fixed.
	PostLNName = "POST-LN, α = 1"
	// ResScaleName is the analogue of Noci et al. 2022's Fig. 15 model:
	// no LayerNorm, α₁ = α₂ = 1/√L at initialisation and trainable.
	ResScaleName = "no LN, trainable α from 1/√L"
	// ReZeroName is ReZero (Bachlechner et al. 2021; Noci et al. 2022,
	// Sec. 3.2: α̃ = 1, α = 0 at initialisation, trainable): no LayerNorm,
	// α₁ = α₂ = 0 at initialisation and trainable.
	ReZeroName = "ReZero: no LN, trainable α from 0"
)

// ReverseVariants are the variants of the reversal runs, all trained with
// Adam at Fig. 6's learning rate.
func ReverseVariants() []ReverseVariant {
	post := ReverseConfig()
	res := post
	res.Norm, res.TrainAlpha = NoLN, true
	res.Alpha1, res.Alpha2 = 1/math.Sqrt(float64(res.Layers)), 1/math.Sqrt(float64(res.Layers))
	rz := res
	rz.Alpha1, rz.Alpha2 = 0, 0
	return []ReverseVariant{{PostLNName, post}, {ResScaleName, res}, {ReZeroName, rz}}
}

// ReverseVariantByName returns the variant called name.
func ReverseVariantByName(name string) (ReverseVariant, error) {
	for _, v := range ReverseVariants() {
		if v.Name == name {
			return v, nil
		}
	}
	return ReverseVariant{}, fmt.Errorf("seqtf: no reversal variant %q", name)
}

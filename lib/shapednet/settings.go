package shapednet

import (
	"math"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/sde"
)

// LawSettings are the settings of Fig. 3 of Noci et al. 2023 (ResNetLaws:
// the law of ρ_T of the shaped-ReLU ResNet against the 1-D correlation
// SDE of Thm 3.2). Fig3 returns the paper's; a reader changes a field and
// calls Run.
type LawSettings struct {
	// Config is the ResNet of shaped-ReLU blocks: the paper's n = 300
	// (Width) and d = 100 (Depth, so T = d/n = 1/3), c₊ = 0, c₋ = −1.
	Config Config
	// Gammas are the residual weights γ: the paper's include 1 (the MLP
	// without skips) and 1/√d = 0.1 (the stable-ResNet scaling); 0.25,
	// 0.5 and 1/√2 are chosen.
	Gammas []float64
	// Rho0 is the input correlation ρ₀ = 0.2 of the two tokens.
	Rho0 float64
	// Nets is the number of networks per γ, the paper's 2¹³ = 8192
	// samples; Paths the number of SDE paths per γ (20 000 chosen).
	Nets, Paths int
	// SDE holds the SDE's settings: the step h = 0.001 is chosen (the
	// paper states 0.01 for Figs. 1 and 7 only).
	SDE sde.Settings
	// NetSeed and SDESeed: γ index i draws its networks with seed
	// NetSeed+i and its SDE paths with seed SDESeed+i.
	NetSeed, SDESeed uint64
}

// Fig3 returns the settings of Fig. 3: n = 300, d = 100, c₊ = 0,
// c₋ = −1, γ = 0.1, 0.25, 0.5, 1/√2, 1, ρ₀ = 0.2, 8192 networks and 20 000
// SDE paths (h = 0.001) per γ.
func Fig3() LawSettings {
	return LawSettings{Config: Config{Attention: block.Shaped, Width: 300, Depth: 100, CMinus: -1, Blocks: BlocksMLP},
		Gammas: []float64{0.1, 0.25, 0.5, 1 / math.Sqrt2, 1}, Rho0: 0.2, Nets: 8192, Paths: 20000, SDE: sde.Settings{Step: 0.001}}
}

// Run is ResNetLaws(s.Config, s.Gammas, s.Rho0, s.Nets, s.Paths,
// s.NetSeed, s.SDESeed, s.SDE, workers).
func (s LawSettings) Run(workers int) (CorrLaws, error) {
	return ResNetLaws(s.Config, s.Gammas, s.Rho0, s.Nets, s.Paths, s.NetSeed, s.SDESeed, s.SDE, workers)
}

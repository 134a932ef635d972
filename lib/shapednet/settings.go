package shapednet

import (
	"math"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/sde"
	"gonum.org/v1/gonum/mat"
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

// OneStepSettings are the settings of the one-step covariance check of the
// notes (lib/sources/noci2023.md#check-12): one block of shaped attention
// from V₃ against the diffusion Σ of Theorem 4.2, whose attention term 𝒜
// dominates at γ = 1, τ₀ = 0.5. CheckOneStep returns the notes'; a reader
// changes a field and calls Run.
type OneStepSettings struct {
	// Config is the block: shaped attention only (BlocksAttention),
	// γ = 1, τ₀ = 0.5 (check 12), width n = 1024 (the larger of the
	// notes' n = 256 and 1024). Its Depth is set to 1 by OneStep.
	Config Config
	// Model is the SDE whose diffusion Σ the one-step covariance is
	// compared with: the attention SDE at the same γ and τ₀.
	Model sde.Model
	// V0 is the input covariance, the notes' V₃ (lib/sources/noci2023.md
	// item 3): [[1, 0.2, 0.1], [0.2, 1.5, −0.3], [0.1, −0.3, 0.8]].
	V0 *mat.SymDense
	// Nets is the number of one-block networks (not stated: 50 000
	// chosen, an SE of √(2/Nets) ≈ 0.6% on each ratio).
	Nets int
	// Seed is the networks' seed (Simulate).
	Seed uint64
}

// CheckOneStep returns the settings of check 12 of the notes: one block of
// shaped attention of width 1024, γ = 1, τ₀ = 0.5, from V₃, 50 000
// networks, seed 400.
func CheckOneStep() OneStepSettings {
	return OneStepSettings{Config: Config{Attention: block.Shaped, Width: 1024, Gamma: 1, Tau0: 0.5, Blocks: BlocksAttention},
		Model: sde.Model{Kind: sde.Attention, Gamma: 1, Tau0: 0.5},
		V0:    mat.NewSymDense(3, []float64{1, .2, .1, .2, 1.5, -.3, .1, -.3, .8}), Nets: 50000, Seed: 400}
}

// Run is OneStep(s.Config, s.Model, s.V0, s.Nets, s.Seed, workers).
func (s OneStepSettings) Run(workers int) (OneStepCov, error) {
	return OneStep(s.Config, s.Model, s.V0, s.Nets, s.Seed, workers)
}

// ExplosionSettings are the settings of the explosion count of the notes
// (lib/sources/noci2023.md: the Euler scheme of Theorem 4.2's SDE can blow
// up, hence its stopping radius): for each γ, SDE paths at two steps and
// finite networks from the same input. ExplosionTable returns the notebook's; a
// reader changes a field and calls Run.
type ExplosionSettings struct {
	// Config is the network: shaped attention only (BlocksAttention),
	// τ₀ = 1, width n = 200 (chosen), stopped at a diagonal entry of V
	// ≥ StopRadius = 1e4. Its Gamma and Depth = round(T·Width) are set per
	// γ by Explosions.
	Config Config
	// Model is the attention SDE at τ₀ = 1 (Gamma set per γ).
	Model sde.Model
	// V0 is the input covariance: two tokens of unit norm at correlation
	// ρ₀ = 0.2 (EquiCorr(2, 0.2)), as Fig. 1.
	V0 mat.Matrix
	// T is the SDE time (1) and Gammas the residual weights γ (1/√8, 0.5,
	// 1/√2, 1: chosen from the figures' values).
	T      float64
	Gammas []float64
	// Paths is the number of SDE paths and of networks per γ (2048 chosen).
	Paths int
	// SDESeed and NetSeed: γ index i draws its SDE paths with seed
	// SDESeed+i and its networks with NetSeed+i.
	SDESeed, NetSeed uint64
	// SDE holds the SDE's settings: the coarse step (default 0.01, the
	// paper's for Figs. 1 and 7; the fine one is a tenth of it).
	SDE sde.Settings
}

// ExplosionTable returns the settings of the notebook's explosion table: width
// 200, τ₀ = 1, stop radius 1e4, EquiCorr(2, 0.2), T = 1, γ = 1/√8, 0.5,
// 1/√2, 1, 2048 paths and networks, seeds 1100 (SDE) and 1200 (networks).
func ExplosionTable() ExplosionSettings {
	return ExplosionSettings{Config: Config{Attention: block.Shaped, Width: 200, Tau0: 1, Blocks: BlocksAttention, StopRadius: 1e4},
		Model: sde.Model{Kind: sde.Attention, Tau0: 1}, V0: EquiCorr(2, 0.2), T: 1,
		Gammas: []float64{1 / math.Sqrt(8), 0.5, 1 / math.Sqrt2, 1}, Paths: 2048, SDESeed: 1100, NetSeed: 1200}
}

// Run is Explosions(s.Config, s.Model, s.V0, s.T, s.Gammas, s.Paths,
// s.SDESeed, s.NetSeed, s.SDE, workers).
func (s ExplosionSettings) Run(workers int) ([]Explosion, error) {
	return Explosions(s.Config, s.Model, s.V0, s.T, s.Gammas, s.Paths, s.SDESeed, s.NetSeed, s.SDE, workers)
}

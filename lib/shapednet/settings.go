package shapednet

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/sde"
	"gonum.org/v1/gonum/mat"
)

// LawSettings are the settings of Fig. 3 of Noci et al. 2023 (Run:
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

// Validate returns ErrParam for a Config other than BlocksMLP, no γ, and
// the errors of the SDE's settings (sde.Settings.Validate).
func (s LawSettings) Validate() error {
	if s.Config.Blocks != BlocksMLP {
		return param.Err(ErrParam, "LawSettings.Config.Blocks", s.Config.Blocks, "BlocksMLP")
	}
	if len(s.Gammas) == 0 {
		return param.Err(ErrParam, "len(LawSettings.Gammas)", 0, ">= 1")
	}
	return s.SDE.Validate()
}

// OneStepSettings are the settings of the one-step covariance check of the
// notes (lib/sources/noci2023.md#check-12): one block of shaped attention
// from V₃ against the diffusion Σ of Theorem 4.2, whose attention term 𝒜
// dominates at γ = 1, τ₀ = 0.5. CheckOneStep returns the notes'; a reader
// changes a field and calls Run.
type OneStepSettings struct {
	// Config is the block: shaped attention only (BlocksAttention),
	// γ = 1, τ₀ = 0.5 (check 12), width n = 1024 (the larger of the
	// notes' n = 256 and 1024). Its Depth is set to 1 by Run.
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

// Validate returns ErrParam for Nets < 2 and the errors of
// sde.Model.Validate.
func (s OneStepSettings) Validate() error {
	if s.Nets < 2 {
		return param.Err(ErrParam, "OneStepSettings.Nets", s.Nets, "an integer >= 2")
	}
	return s.Model.Validate()
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
	// γ by Run.
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
		Model: sde.Model{Kind: sde.Attention, Tau0: 1}, V0: PaperInput(2), T: 1,
		Gammas: []float64{1 / math.Sqrt(8), 0.5, 1 / math.Sqrt2, 1}, Paths: 2048, SDESeed: 1100, NetSeed: 1200}
}

// Validate returns ErrParam for T not finite and > 0, and the errors of
// sde.Settings.Validate.
func (s ExplosionSettings) Validate() error {
	if !(s.T > 0) || math.IsInf(s.T, 0) {
		return param.Err(ErrParam, "ExplosionSettings.T", s.T, "finite and > 0")
	}
	return s.SDE.Validate()
}

// KSSettings are the settings of the KS distance against width (the
// notebook's ks-vs-width): the law of ρ_T of shaped-attention networks at
// several widths n (depth round(T·n)) against the attention SDE of
// Theorem 4.2, whose law the networks approach as n grows. The paper
// shows no such figure; KSVersusWidth returns sigprop's choice.
type KSSettings struct {
	// Config is the network: shaped attention only (BlocksAttention),
	// γ = 1/√2, τ₀ = 1 (chosen). Its Width and Depth are set per width.
	Config Config
	// Model is the SDE: the attention SDE at the same γ and τ₀.
	Model sde.Model
	// V0 is the input, PaperInput(2): two tokens at ρ₀ = 0.2.
	V0 mat.Matrix
	// T is the SDE time, depth/width, > 0: 0.75 (chosen).
	T float64
	// Widths are the widths n, each >= 1: 4, 8, …, 256 (chosen).
	Widths []int
	// Nets is the number of networks per width (4000 chosen) and Paths
	// the number of SDE paths of the reference law (20 000 chosen); both
	// >= 1.
	Nets, Paths int
	// SDE holds the SDE's settings: the step h = 0.0025 (chosen); a zero
	// Workers takes Run's.
	SDE sde.Settings
	// SDESeed and NetSeed: the SDE paths draw with seed SDESeed, and the
	// networks of every width with NetSeed (KSByWidth). Not stated:
	// sigprop's choice.
	SDESeed, NetSeed uint64
}

// KSVersusWidth returns the settings of the notebook's ks-vs-width: shaped
// attention at γ = 1/√2, τ₀ = 1, from PaperInput(2), T = 0.75, widths 4 to
// 256 in powers of 2, 4000 networks per width and 20 000 SDE paths at
// h = 0.0025 (seeds left to the caller).
func KSVersusWidth() KSSettings {
	g := 1 / math.Sqrt2
	return KSSettings{Config: Config{Attention: block.Shaped, Gamma: g, Tau0: 1, Blocks: BlocksAttention}, Model: sde.Model{Kind: sde.Attention, Gamma: g, Tau0: 1},
		V0: PaperInput(2), T: 0.75, Widths: []int{4, 8, 16, 32, 64, 128, 256}, Nets: 4000, Paths: 20000, SDE: sde.Settings{Step: 0.0025}}
}

// KSWidths is a KSSettings run: the SDE result, its defined terminal
// correlations Ref (sde.Result.FiniteCorr), the KS distance of the
// networks' ρ_T to Ref at each width, and the networks' sample at the last
// width.
type KSWidths struct {
	Settings KSSettings
	SDE      *sde.Result
	Ref      []float64
	KS, Last []float64
}

// Validate returns an error wrapping ErrParam naming the first field out
// of its range, or nil.
func (s KSSettings) Validate() error {
	switch {
	case len(s.Widths) == 0:
		return fmt.Errorf("%w: KSSettings.Widths is empty, want at least one width", ErrParam)
	case !(s.T > 0) || math.IsInf(s.T, 1):
		return fmt.Errorf("%w: KSSettings.T = %v, want a finite T > 0", ErrParam, s.T)
	case s.Nets < 1:
		return fmt.Errorf("%w: KSSettings.Nets = %d, want >= 1", ErrParam, s.Nets)
	case s.Paths < 1:
		return fmt.Errorf("%w: KSSettings.Paths = %d, want >= 1", ErrParam, s.Paths)
	case s.V0 == nil:
		return fmt.Errorf("%w: KSSettings.V0 is nil, want an m×m covariance", ErrParam)
	}
	for i, w := range s.Widths {
		if w < 1 {
			return fmt.Errorf("%w: KSSettings.Widths[%d] = %d, want >= 1", ErrParam, i, w)
		}
	}
	return nil
}

// Run integrates the SDE (sde.Simulate(s.Model, s.V0, s.T, s.Paths,
// s.SDESeed, s.SDE)) and runs KSByWidth against its defined ρ_T. Errors:
// ErrParam, and those of sde.Simulate and KSByWidth.
func (s KSSettings) Run(workers int) (KSWidths, error) {
	if err := s.Validate(); err != nil {
		return KSWidths{}, err
	}
	st := s.SDE
	st.Workers = cmp.Or(st.Workers, workers)
	r, err := sde.Simulate(s.Model, s.V0, s.T, s.Paths, s.SDESeed, st)
	if err != nil {
		return KSWidths{}, err
	}
	k := KSWidths{Settings: s, SDE: r, Ref: r.FiniteCorr(0, 1)}
	widths := make([]float64, len(s.Widths))
	for i, w := range s.Widths {
		widths[i] = float64(w)
	}
	k.KS, k.Last, err = KSByWidth(s.Config, s.V0, s.T, widths, s.Nets, k.Ref, s.NetSeed, workers)
	return k, err
}

// StopSettings are the settings of Fig. 5 of Noci et al. 2023 (the
// stopping time t* against the residual weight γ, StopStudy.ByGamma). Fig5
// returns the paper's; a reader changes a field and calls Run.
type StopSettings struct {
	// Config is the network: shaped attention only (BlocksAttention),
	// τ₀ = 1, width n = depth d = 200 (the paper's). Its Gamma (and λ =
	// √(1−γ²)) is set per γ.
	Config Config
	// Study is the experiment: the paper's adversarial start with token
	// norms ≈ 10√n (TokenSD 10), the band [1e-4, 1e4] and 100 networks per
	// γ; m = 2 tokens (unstated, chosen).
	Study StopStudy
	// Gammas are the residual weights γ, each in [0, 1]: the paper's
	// 0.05, 0.1, 0.2, 0.3 and 0.5.
	Gammas []float64
	// Seed: γ index i runs with seed Seed+i (StopStudy.Run). Not stated:
	// sigprop's choice.
	Seed uint64
}

// Fig5 returns the settings of Fig. 5: shaped attention, τ₀ = 1, n = d =
// 200, m = 2, token SD 10, band [1e-4, 1e4], 100 networks per γ, γ = 0.05,
// 0.1, 0.2, 0.3, 0.5 (seed left to the caller).
func Fig5() StopSettings {
	return StopSettings{Config: Config{Attention: block.Shaped, Width: 200, Depth: 200, Tau0: 1, Blocks: BlocksAttention},
		Study: StopStudy{M: 2, TokenSD: 10, Lo: 1e-4, Hi: 1e4, Nets: 100}, Gammas: []float64{0.05, 0.1, 0.2, 0.3, 0.5}}
}

// Validate returns an error wrapping ErrParam naming the first field out
// of its range, or nil.
func (s StopSettings) Validate() error { return validGammas("StopSettings", s.Gammas) }

// Run is s.Study.ByGamma(s.Config, s.Gammas, s.Seed, workers). Errors:
// ErrParam, and those of ByGamma.
func (s StopSettings) Run(workers int) (StopByGamma, error) {
	if err := s.Validate(); err != nil {
		return StopByGamma{}, err
	}
	return s.Study.ByGamma(s.Config, s.Gammas, s.Seed, workers)
}

// GridSettings are the settings of Fig. 8 of Noci et al. 2023 (a quantile
// of t* over residual weights γ and temperatures τ₀,
// StopStudy.QuantileGrid). Fig8 returns the paper's; a reader changes a
// field and calls Run.
type GridSettings struct {
	// Config is the network: shaped attention only (BlocksAttention),
	// width n = depth d = 200 (as Fig. 5). Gamma and Tau0 are set per grid
	// point.
	Config Config
	// Study is the experiment of Fig. 5: token SD 10, band [1e-4, 1e4],
	// 100 networks per cell, m = 2.
	Study StopStudy
	// Gammas (each in [0, 1]) and Tau0s (each > 0) are the grid: the
	// paper's γ = 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 1 and τ₀ = 0.25,
	// 0.5, 1, 2, 4.
	Gammas, Tau0s []float64
	// Q is the quantile of t* shown, in [0, 1]: the paper's median, 0.5.
	Q float64
	// Seed: grid point k = j·len(Gammas)+i runs with seed Seed+k. Not
	// stated: sigprop's choice.
	Seed uint64
}

// Fig8 returns the settings of Fig. 8: the median t* of shaped attention
// at n = d = 200 over γ = 0.05…1 × τ₀ = 0.25…4, 100 networks per cell
// (seed left to the caller).
func Fig8() GridSettings {
	return GridSettings{Config: Config{Attention: block.Shaped, Width: 200, Depth: 200, Blocks: BlocksAttention},
		Study:  StopStudy{M: 2, TokenSD: 10, Lo: 1e-4, Hi: 1e4, Nets: 100},
		Gammas: []float64{0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 1}, Tau0s: []float64{0.25, 0.5, 1, 2, 4}, Q: 0.5}
}

// Validate returns an error wrapping ErrParam naming the first field out
// of its range, or nil.
func (s GridSettings) Validate() error {
	if err := validGammas("GridSettings", s.Gammas); err != nil {
		return err
	}
	if len(s.Tau0s) == 0 {
		return fmt.Errorf("%w: GridSettings.Tau0s is empty, want at least one τ₀", ErrParam)
	}
	for i, t := range s.Tau0s {
		if !(t > 0) || math.IsInf(t, 1) {
			return fmt.Errorf("%w: GridSettings.Tau0s[%d] = %v, want a finite τ₀ > 0", ErrParam, i, t)
		}
	}
	if !(s.Q >= 0 && s.Q <= 1) {
		return fmt.Errorf("%w: GridSettings.Q = %v, want a quantile in [0, 1]", ErrParam, s.Q)
	}
	return nil
}

// Run is s.Study.QuantileGrid(s.Config, s.Gammas, s.Tau0s, s.Q, s.Seed,
// workers). Errors: ErrParam, and those of QuantileGrid.
func (s GridSettings) Run(workers int) (StopGrid, error) {
	if err := s.Validate(); err != nil {
		return StopGrid{}, err
	}
	return s.Study.QuantileGrid(s.Config, s.Gammas, s.Tau0s, s.Q, s.Seed, workers)
}

func validGammas(typ string, gammas []float64) error {
	if len(gammas) == 0 {
		return fmt.Errorf("%w: %s.Gammas is empty, want at least one γ", ErrParam, typ)
	}
	for i, g := range gammas {
		if !(g >= 0 && g <= 1) {
			return fmt.Errorf("%w: %s.Gammas[%d] = %v, want γ in [0, 1]", ErrParam, typ, i, g)
		}
	}
	return nil
}

// OutputSettings are the settings of the check of eq. (21) of Noci et al.
// 2023 (App. A, no figure in the paper): one output unit X_out = W_out
// X_d/√n of finite networks against the Gaussian scale mixture over the
// SDE's V_T (lib/sources/noci2023.md#eq-21). Eq21 returns the notebook's.
type OutputSettings struct {
	// Config is the shaped-ReLU ResNet of Fig. 3 (c₊ = 0, c₋ = −1) at
	// width n = 100, depth d = 33 and γ = 1/√2 (the notes' choice).
	Config Config
	// V0 is the input, PaperInput(2): two tokens at ρ₀ = 0.2.
	V0 mat.Matrix
	// Nets and Paths are the numbers of networks and of SDE paths, each
	// >= 1 (8192 each, chosen).
	Nets, Paths int
	// SDE holds the SDE's settings: the step h = 0.005 (chosen); a zero
	// Workers takes Run's.
	SDE sde.Settings
	// NetSeed and SDESeed: network i draws from NetRand(NetSeed, i) and
	// the networks' readout from NetRand(NetSeed+1, 0); the SDE paths draw
	// with seed SDESeed and their readout from NetRand(SDESeed+1, 0). Not
	// stated: sigprop's choice.
	NetSeed, SDESeed uint64
}

// Eq21 returns the settings of the notebook's eq21-output: Fig. 3's
// shaped-ReLU ResNet at n = 100, d = 33, γ = 1/√2 from PaperInput(2), 8192
// networks and 8192 paths of the ResNet SDE at h = 0.005 (seeds left to
// the caller).
func Eq21() OutputSettings {
	c := Fig3().Config
	c.Width, c.Depth, c.Gamma = 100, 33, 1/math.Sqrt2
	return OutputSettings{Config: c, V0: PaperInput(2), Nets: 8192, Paths: 8192, SDE: sde.Settings{Step: 0.005}}
}

// Outputs is an OutputSettings run: the networks, the SDE of the same
// ResNet (sde.ResNet at the same γ, c₋, to T = depth/width), and one
// output unit of token 0 per network (XNet) and per path (XSDE).
type Outputs struct {
	Settings   OutputSettings
	Net        *Run
	SDE        *sde.Result
	XNet, XSDE []float64
}

// Validate returns an error wrapping ErrParam naming the first field out
// of its range, or nil.
func (s OutputSettings) Validate() error {
	switch {
	case s.Nets < 1:
		return fmt.Errorf("%w: OutputSettings.Nets = %d, want >= 1", ErrParam, s.Nets)
	case s.Paths < 1:
		return fmt.Errorf("%w: OutputSettings.Paths = %d, want >= 1", ErrParam, s.Paths)
	case s.V0 == nil:
		return fmt.Errorf("%w: OutputSettings.V0 is nil, want an m×m covariance", ErrParam)
	case s.Config.Width < 1:
		return fmt.Errorf("%w: OutputSettings.Config.Width = %d, want >= 1", ErrParam, s.Config.Width)
	}
	return nil
}

// Run simulates the networks (Simulate) and the SDE (sde.Simulate of the
// ResNet SDE) and reads one output unit of each (Readout). Errors:
// ErrParam, and those of Simulate, sde.Simulate and Readout.
func (s OutputSettings) Run(workers int) (Outputs, error) {
	if err := s.Validate(); err != nil {
		return Outputs{}, err
	}
	o := Outputs{Settings: s}
	var err error
	if o.Net, err = Simulate(s.Config, s.V0, s.Nets, s.NetSeed, workers); err != nil {
		return Outputs{}, err
	}
	st := s.SDE
	st.Workers = cmp.Or(st.Workers, workers)
	c := s.Config
	if o.SDE, err = sde.Simulate(sde.Model{Kind: sde.ResNet, Gamma: c.Gamma, CMinus: c.CMinus}, s.V0, float64(c.Depth)/float64(c.Width), s.Paths, s.SDESeed, st); err != nil {
		return Outputs{}, err
	}
	xNet, err := Readout(o.Net.Final, o.Net.M, NetRand(s.NetSeed+1, 0))
	if err != nil {
		return Outputs{}, err
	}
	xSDE, err := Readout(o.SDE.Final, o.SDE.M, NetRand(s.SDESeed+1, 0))
	if err != nil {
		return Outputs{}, err
	}
	o.XNet, o.XSDE = Column(xNet, 0), Column(xSDE, 0)
	return o, nil
}

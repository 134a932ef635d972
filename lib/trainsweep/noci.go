package trainsweep

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"time"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/vit"
	"gonum.org/v1/gonum/mat"
)

// The training analogues of Noci et al. 2022 (Table 1, Fig. 5) and Noci
// et al. 2023 (Table 1) on Fashion-MNIST: one ViT shape (28×28 images in
// 7×7 patches, d = 64, ℓ = 2 tanh MLP), L blocks, NociSteps steps of
// batch NociBatch, Adam at its defaults (lr 3e-4) or SGD at lr 0.01 with
// momentum 0.9 (the same for every SGD run, not tuned per run).
const (
	NociSteps = 250
	NociBatch = 64
	NociSGDLR = 0.01
	NociMom   = 0.9
	// NociWindow is the window of the stored training curves.
	NociWindow = 10
	// NociEvery is the interval of the entropy records.
	NociEvery = 25
)

// NociEntropyLayers are the layers (0-based) whose attention entropy a run
// records: 1 and 7 (Noci et al. 2023, Fig. 6), those below L.
func NociEntropyLayers(L int) []int {
	var out []int
	for _, l := range []int{0, 6} {
		if l < L {
			out = append(out, l)
		}
	}
	return out
}

// NociVariant is one block and optimiser of the comparison.
type NociVariant struct {
	Name string // the label used in tables and figures
	SGD  bool   // SGD (else Adam)
	// Block: "pre-ln" (RMS norm of the branch inputs, α = 1, identity
	// skip), "post-ln" (each residual sum normalised, α = 1, identity
	// skip), "res-scale" (no norm, α = 1/√L, identity skip), "res-scale-tau"
	// (the same with the inverse temperature τ of eq. 47), "shaped" (shaped
	// attention and ReLU, no norm, γ = 0.2, unit-norm skip) or "vanilla"
	// (the same with softmax attention).
	Block string
}

// NociGamma is γ = 0.2, the branch weight α_A = α_M of the "shaped" and
// "vanilla" blocks (skip √(1 − γ²)): the γ of Noci et al. 2023's Recover
// row of Table 1, the stored runs' and NociInitGrads'.
const NociGamma = 0.2

// NociVariants lists the variants, in table order.
var NociVariants = []NociVariant{
	{"Adam, PRE-LN", false, "pre-ln"},
	{"SGD, POST-LN", true, "post-ln"},
	{"Adam, POST-LN", false, "post-ln"},
	{"SGD, res-scale 1/√L", true, "res-scale"},
	{"SGD, res-scale 1/√L + τ", true, "res-scale-tau"},
	{"Adam, shaped (γ = 0.2)", false, "shaped"},
	{"Adam, vanilla no norm (γ = 0.2)", false, "vanilla"},
}

// NociVariantByName returns the variant called name.
func NociVariantByName(name string) (NociVariant, error) {
	for _, v := range NociVariants {
		if v.Name == name {
			return v, nil
		}
	}
	return NociVariant{}, fmt.Errorf("trainsweep: no Noci variant %q", name)
}

// NociShape is the model shape of the comparison with L blocks.
func NociShape(L int) vit.Config {
	return vit.Config{Rows: 28, Cols: 28, Patch: 7, D: 64, Layers: L, MLPLayers: 2, Classes: 10, SigmaA2: 1, SigmaW: 1}
}

// BaseTemperature is the inverse temperature τ = 1 of the plain softmax:
// the τ of Config for every variant but "res-scale-tau" (which ignore it),
// and of the base model from which RunNoci measures the input correlation
// that sets that variant's τ (eq. 47 of Noci et al. 2022).
const BaseTemperature = 1.0

// Config returns the variant's model with L blocks; tau is the inverse
// temperature, used by "res-scale-tau" only.
func (v NociVariant) Config(L int, tau float64) (vit.Config, error) {
	if L < 1 {
		return vit.Config{}, fmt.Errorf("trainsweep: layers L = %d, want >= 1", L)
	}
	c := NociShape(L)
	s := 1 / math.Sqrt(float64(L))
	switch v.Block {
	case "pre-ln":
		c.Residual, c.AlphaA, c.AlphaM = vit.Identity, 1, 1
	case "post-ln":
		c.Residual, c.Norm, c.AlphaA, c.AlphaM = vit.Identity, vit.PostNorm, 1, 1
	case "res-scale", "res-scale-tau":
		c.Residual, c.Norm, c.AlphaA, c.AlphaM = vit.Identity, vit.NoNorm, s, s
		if v.Block == "res-scale-tau" {
			if !(tau > 0) || math.IsInf(tau, 0) {
				return vit.Config{}, fmt.Errorf("trainsweep: inverse temperature τ = %g, want finite > 0", tau)
			}
			c.InvTemp = tau
		}
	case "shaped", "vanilla":
		c.Attention, c.Norm, c.Activation, c.AlphaA, c.AlphaM = vit.Shaped, vit.NoNorm, vit.ShapedReLU, NociGamma, NociGamma
		if v.Block == "vanilla" {
			c.Attention = vit.Softmax
		}
	default:
		return vit.Config{}, fmt.Errorf("trainsweep: unknown block %q (pre-ln, post-ln, res-scale, res-scale-tau, shaped, vanilla)", v.Block)
	}
	return c, nil
}

// Optimizer returns a fresh optimiser of the variant.
func (v NociVariant) Optimizer() vit.Optimizer {
	if v.SGD {
		return &vit.SGD{LR: NociSGDLR, Momentum: NociMom}
	}
	return &vit.Adam{}
}

// embedStats returns the token correlation ρ of Noci et al. 2022's
// eq. (14) (ratio of means over the images, rankcollapse.RhoFromMoments)
// and the mean squared entry σ_x² of X⁰, the first block's input, over
// the 28×28 images in x.
func embedStats(m *vit.Model, x []float64) (rho, sx2 float64, err error) {
	c := m.Config()
	n, d := c.Tokens(), c.D
	if len(x) == 0 || len(x)%(c.Rows*c.Cols) != 0 {
		return 0, 0, fmt.Errorf("trainsweep: embedStats input length %d, want a positive multiple of %d", len(x), c.Rows*c.Cols)
	}
	x0 := m.Embed(x)
	B := len(x0) / (n * d)
	var ec, en float64
	for s := range B {
		t := rankcollapse.TokenStats(mat.NewDense(n, d, x0[s*n*d:(s+1)*n*d]))
		ec, en = ec+t.C/float64(B), en+t.SqNorm/float64(B)
	}
	rho, err = rankcollapse.RhoFromMoments(n, ec, en)
	return rho, en / float64(n*d), err
}

// NociTau returns ρ, σ_x² and the inverse temperature τ of eq. 47
// (rankcollapse.Tau, paper form) at the first block's input of the model
// TrainEval initialises from seed, over the first 64 training images of ds.
func NociTau(cfg vit.Config, ds Data, seed uint64) (rho, sx2, tau float64, err error) {
	m := vit.New(cfg, empirical.Rand(seed, 1))
	rho, sx2, err = embedStats(m, ds.Train.X[:64*cfg.Rows*cfg.Cols])
	if err != nil {
		return 0, 0, 0, err
	}
	tau, err = rankcollapse.Tau(cfg.Tokens(), cfg.D, rho, sx2, rankcollapse.FormPaper)
	return rho, sx2, tau, err
}

// NociRun is one training run of the comparison.
type NociRun struct {
	Variant      string   `json:"variant"`
	Layers       int      `json:"layers"`
	Seed         uint64   `json:"seed"`
	Tau          float64  `json:"tau"` // 1 unless res-scale-tau
	Rho          float64  `json:"rho"` // ρ at the first block's input at initialisation
	SX2          float64  `json:"sigma_x2"`
	TrainLoss    float64  `json:"train_loss"`              // mean of the last 25 mini-batch losses
	TestLoss     *float64 `json:"test_loss,omitempty"`     // nil: diverged
	TestAccuracy *float64 `json:"test_accuracy,omitempty"` // nil: diverged
	Diverged     string   `json:"diverged,omitempty"`      // the error, if the loss became non-finite
	// Curve holds the means of the mini-batch losses over consecutive
	// windows of NociWindow steps (the last window may be shorter).
	Curve []float64 `json:"curve"`
	// EntropySteps are the steps after which Entropy was recorded (every
	// NociEvery steps); Entropy[k][i] is the mean softmax entropy
	// (vit.Model.AttentionEntropy) of layer EntropyLayers[k] (0-based) on
	// the training batch of that step.
	EntropySteps  []int       `json:"entropy_steps"`
	EntropyLayers []int       `json:"entropy_layers"`
	Entropy       [][]float64 `json:"entropy"`
	Seconds       float64     `json:"seconds"`
}

// RunNoci trains variant v with L blocks from seed on ds (NociSteps steps
// of NociBatch, workers goroutines: the numbers do not depend on it) and
// evaluates it on ds.Test.
func RunNoci(v NociVariant, L int, seed uint64, ds Data, workers int) (NociRun, error) {
	return runNoci(v, L, seed, ds, workers, NociSteps)
}

// NociPrefix is RunNoci stopped after steps steps (1 ≤ steps ≤ NociSteps):
// Tau, Rho and SX2, the first steps/NociWindow entries of Curve and the
// entropies recorded up to steps are the full run's, bit for bit, so a
// recompute test of a stored run can check its first steps at a fraction
// of the run's cost. TrainLoss, TestLoss and TestAccuracy are those of the
// shortened run (its test evaluation runs on ds.Test).
func NociPrefix(v NociVariant, L int, seed uint64, ds Data, workers, steps int) (NociRun, error) {
	if err := CheckPrefixSteps(steps); err != nil {
		return NociRun{}, err
	}
	return runNoci(v, L, seed, ds, workers, steps)
}

// CheckPrefixSteps returns an error wrapping ErrParam unless 1 ≤ steps ≤
// NociSteps, the prefixes NociPrefix trains.
func CheckPrefixSteps(steps int) error {
	if steps < 1 || steps > NociSteps {
		return fmt.Errorf("%w: NociPrefix steps = %d, want 1 to NociSteps = %d", ErrParam, steps, NociSteps)
	}
	return nil
}

// PrefixDiff returns the largest |difference| between r, the run of its
// first steps steps (NociPrefix), and full, the whole run of the same
// variant, depth and seed, over what those steps determine: ρ, σ_x², τ,
// the first steps/NociWindow windows of Curve (a last window cut short is
// not compared) and the entropy records r holds (their steps must be
// full's first ones); at steps = NociSteps also MaxAbsDiff's end-of-run
// test loss, training loss and test accuracy. windows and records say how
// many of each it compared. The difference is 0 when the two agree bit
// for bit, NaN if a value compared is NaN, and +Inf when either run lacks
// a value the steps determine (a run that diverged early, a run of other
// steps) or only one of two full runs diverged.
func (r NociRun) PrefixDiff(full NociRun, steps int) (diff float64, windows, records int) {
	windows = steps / NociWindow
	if steps < 1 || steps > NociSteps || len(r.Curve) < windows || len(full.Curve) < windows ||
		len(r.EntropySteps) > len(full.EntropySteps) || len(r.Entropy) != len(full.Entropy) {
		return math.Inf(1), 0, 0
	}
	ds := []float64{r.Rho - full.Rho, r.SX2 - full.SX2, r.Tau - full.Tau}
	for k := range windows {
		ds = append(ds, r.Curve[k]-full.Curve[k])
	}
	for i, s := range r.EntropySteps {
		if s > steps || s != full.EntropySteps[i] {
			return math.Inf(1), 0, 0
		}
	}
	for k := range r.Entropy {
		if len(r.Entropy[k]) != len(r.EntropySteps) || len(full.Entropy[k]) < len(r.EntropySteps) {
			return math.Inf(1), 0, 0
		}
		for i := range r.EntropySteps {
			ds = append(ds, r.Entropy[k][i]-full.Entropy[k][i])
		}
	}
	records = len(r.EntropySteps)
	if steps == NociSteps {
		ds = append(ds, r.MaxAbsDiff(full))
	}
	for _, d := range ds {
		diff = math.Max(diff, math.Abs(d))
	}
	return diff, windows, records
}

func runNoci(v NociVariant, L int, seed uint64, ds Data, workers, steps int) (NociRun, error) {
	start := time.Now()
	base, err := v.Config(L, BaseTemperature)
	if err != nil {
		return NociRun{}, err
	}
	rho, sx2, tau, err := NociTau(base, ds, seed)
	if err != nil {
		return NociRun{}, err
	}
	if v.Block != "res-scale-tau" {
		tau = 1
	}
	cfg, err := v.Config(L, tau)
	if err != nil {
		return NociRun{}, err
	}
	layers := NociEntropyLayers(L)
	out := NociRun{Variant: v.Name, Layers: L, Seed: seed, Tau: tau, Rho: rho, SX2: sx2, EntropyLayers: layers, Entropy: make([][]float64, len(layers))}
	record := func(m *vit.Model, step int, _ float64) {
		out.EntropySteps = append(out.EntropySteps, step)
		for k, l := range layers {
			out.Entropy[k] = append(out.Entropy[k], m.AttentionEntropy(l))
		}
	}
	r, err := TrainEval(cfg, ds, vit.TrainSettings{Steps: steps, Batch: NociBatch, Workers: workers, Optimizer: v.Optimizer(), Every: NociEvery}, seed, record)
	if err != nil {
		return NociRun{}, err
	}
	out.TrainLoss, out.Curve = r.TailMean(25), windowMeans(r.TrainLoss, NociWindow)
	if r.Err != nil {
		out.Diverged = r.Err.Error()
	} else {
		tl, acc := r.TestLoss, r.TestAccuracy
		out.TestLoss, out.TestAccuracy = &tl, &acc
	}
	out.Seconds = time.Since(start).Seconds()
	return out, nil
}

// windowMeans returns the means of x over consecutive windows of w.
func windowMeans(x []float64, w int) []float64 {
	var out []float64
	for i := 0; i < len(x); i += w {
		var s float64
		j := min(i+w, len(x))
		for _, v := range x[i:j] {
			s += v
		}
		out = append(out, s/float64(j-i))
	}
	return out
}

// NociLoss is a run's test loss, ln 10 (uniform guessing) if it diverged.
func (r NociRun) NociLoss() float64 {
	if r.TestLoss == nil {
		return math.Log(10)
	}
	return *r.TestLoss
}

// MaxAbsDiff returns the largest |difference| between r and o of the
// test loss (NociLoss), training loss, τ, ρ and test accuracy (+Inf if
// only one of them diverged, NaN if a value is NaN): 0 when two runs of
// the same variant, depth and seed agree bit for bit.
func (r NociRun) MaxAbsDiff(o NociRun) float64 {
	var diff float64
	if (r.TestAccuracy == nil) != (o.TestAccuracy == nil) {
		return math.Inf(1)
	}
	ds := []float64{r.NociLoss() - o.NociLoss(), r.TrainLoss - o.TrainLoss, r.Tau - o.Tau, r.Rho - o.Rho}
	if r.TestAccuracy != nil {
		ds = append(ds, *r.TestAccuracy-*o.TestAccuracy)
	}
	for _, d := range ds {
		diff = math.Max(diff, math.Abs(d))
	}
	return diff
}

// NociStat is the mean and SD (n − 1) over seeds of one variant at one
// depth: test loss (a diverged run counting ln 10), test accuracy (a
// diverged run counting 0.1, chance) and training loss of the runs that
// did not diverge.
type NociStat struct {
	Variant                  string
	Layers                   int
	Seeds, Diverged          int
	Loss, LossSD, Acc, AccSD float64
}

// SE is the standard error of the mean test loss.
func (s NociStat) SE() float64 { return s.LossSD / math.Sqrt(float64(s.Seeds)) }

// NociStats groups runs by (variant, layers), in the order of first
// appearance, and returns each group's mean and SD over its seeds.
func NociStats(runs []NociRun) []NociStat {
	type key struct {
		v string
		L int
	}
	var order []key
	groups := map[key][]NociRun{}
	for _, r := range runs {
		k := key{r.Variant, r.Layers}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], r)
	}
	var out []NociStat
	for _, k := range order {
		g := groups[k]
		var loss, acc []float64
		div := 0
		for _, r := range g {
			loss = append(loss, r.NociLoss())
			if r.TestAccuracy == nil {
				acc, div = append(acc, 0.1), div+1
			} else {
				acc = append(acc, *r.TestAccuracy)
			}
		}
		lm, ls := meanSD(loss)
		am, as := meanSD(acc)
		out = append(out, NociStat{Variant: k.v, Layers: k.L, Seeds: len(g), Diverged: div, Loss: lm, LossSD: ls, Acc: am, AccSD: as})
	}
	return out
}

// meanSD is the mean and the n − 1 standard deviation (NaN for one value).
func meanSD(x []float64) (m, sd float64) {
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	if len(x) < 2 {
		return m, math.NaN()
	}
	var ss float64
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	return m, math.Sqrt(ss / float64(len(x)-1))
}

// NociPairedGap pairs the runs of variant a at depth la with those of b at
// lb by seed (every variant is trained from the same seeds, so the groups
// are not independent and an unpaired √(SE_a² + SE_b²) would be wrong) (runs that diverged, or whose seed the other lacks, are left
// out) and returns the mean of the per-seed test-loss differences a − b,
// its t = mean/SE with SE = SD/√k over the k pairs, and k − 1 degrees of
// freedom: the seed is the sample unit, shared by both runs of a pair.
// With fewer than 2 pairs, or differences that are all equal (SE 0), t is
// NaN.
func NociPairedGap(runs []NociRun, a string, la int, b string, lb int) (diff, t float64, dof int) {
	bySeed := map[uint64]float64{}
	for _, r := range NociSelect(runs, b, lb) {
		if r.TestLoss != nil {
			bySeed[r.Seed] = *r.TestLoss
		}
	}
	var d []float64
	for _, r := range NociSelect(runs, a, la) {
		if lbv, ok := bySeed[r.Seed]; ok && r.TestLoss != nil {
			d = append(d, *r.TestLoss-lbv)
		}
	}
	if len(d) == 0 {
		return math.NaN(), math.NaN(), 0
	}
	m, sd := meanSD(d)
	if len(d) < 2 || sd == 0 {
		return m, math.NaN(), len(d) - 1
	}
	return m, m / (sd / math.Sqrt(float64(len(d)))), len(d) - 1
}

// NociSettings records what every run shares.
type NociSettings struct {
	Data       string   `json:"data"`
	NTrain     int      `json:"n_train"`
	NVal       int      `json:"n_val"`
	NTest      int      `json:"n_test"`
	SplitSeed  uint64   `json:"split_seed"`
	Steps      int      `json:"steps"`
	Batch      int      `json:"batch"`
	AdamLR     float64  `json:"adam_lr"`
	SGDLR      float64  `json:"sgd_lr"`
	Momentum   float64  `json:"sgd_momentum"`
	D          int      `json:"d"`
	Patch      int      `json:"patch"`
	Depths     []int    `json:"depths"`
	Seeds      []uint64 `json:"seeds"`
	TableDepth int      `json:"table_depth"`
}

// Validate returns ErrParam for a split out of range (Split.Validate),
// Steps, Batch, D or Patch below 1, or no depth or seed: a record no run
// could have produced. ReadNoci calls it.
func (s NociSettings) Validate() error {
	if err := s.Split().Validate(); err != nil {
		return err
	}
	return param.AtLeast(ErrParam, param.Min("NociSettings.Steps", s.Steps, 1), param.Min("NociSettings.Batch", s.Batch, 1),
		param.Min("NociSettings.D", s.D, 1), param.Min("NociSettings.Patch", s.Patch, 1),
		param.Min("len(NociSettings.Depths)", len(s.Depths), 1), param.Min("len(NociSettings.Seeds)", len(s.Seeds), 1))
}

// NociProvenance is provenance.json of a directory of Noci runs
// (`sigprop sweep generate noci-training` writes them; the layout of
// sweep.Generated).
type NociProvenance struct {
	Invocation sweep.Invocation `json:"invocation"`
	Settings   NociSettings     `json:"settings"`
	Elapsed    string           `json:"elapsed"`
}

// ReadNoci reads runs.json and provenance.json of a directory written by
// `sigprop sweep generate noci-training`.
func ReadNoci(fsys fs.FS) ([]NociRun, NociProvenance, error) {
	var runs []NociRun
	var prov NociProvenance
	for name, v := range map[string]any{"runs.json": &runs, "provenance.json": &prov} {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, prov, err
		}
		if err := json.Unmarshal(b, v); err != nil {
			return nil, prov, fmt.Errorf("trainsweep: %s: %w", name, err)
		}
	}
	if len(runs) == 0 {
		return nil, prov, fmt.Errorf("trainsweep: runs.json holds no runs")
	}
	if err := prov.Settings.Validate(); err != nil {
		return nil, prov, fmt.Errorf("trainsweep: provenance.json: %w", err)
	}
	return runs, prov, nil
}

// NociSelect returns the runs of variant at depth L, in stored order.
func NociSelect(runs []NociRun, variant string, L int) []NociRun {
	var out []NociRun
	for _, r := range runs {
		if r.Variant == variant && r.Layers == L {
			out = append(out, r)
		}
	}
	return out
}

// meanRows returns at each index i the mean of rows[k][i] over the rows
// longer than i (a diverged run's curve is shorter), up to the longest.
func meanRows(rows [][]float64) []float64 {
	var out, cnt []float64
	for _, r := range rows {
		for i, v := range r {
			if i == len(out) {
				out, cnt = append(out, 0), append(cnt, 0)
			}
			out[i], cnt[i] = out[i]+v, cnt[i]+1
		}
	}
	for i := range out {
		out[i] /= cnt[i]
	}
	return out
}

// NociMeanCurve returns get(run) averaged over the seeds of variant at
// depth L, index by index (meanRows).
func NociMeanCurve(runs []NociRun, variant string, L int, get func(NociRun) []float64) []float64 {
	var rows [][]float64
	for _, r := range NociSelect(runs, variant, L) {
		rows = append(rows, get(r))
	}
	return meanRows(rows)
}

package trainsweep

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/vit"
)

// The probe's figures read the snapshots by hand: Q/V and K/V per block
// 1…L after the first and the last snapshot, the effective-LR ratio per
// layer against the step; the two claims are log10 of geometric means
// (first Q/V 0.1, 0.4: mean 0.2; last LR ratios 10, 1000: mean 100),
// read only after NociSteps steps of the plain softmax.
func TestProbeResult(t *testing.T) {
	p := &Probe{Snapshots: []LayerSnapshot{
		{Step: 25, GradQ: []float64{1, 4}, GradK: []float64{2, 2}, GradV: []float64{10, 10}, LRQ: []float64{2, 8}, LRV: []float64{1, 1}},
		{Step: 50, GradQ: []float64{1, 1}, GradK: []float64{1, 1}, GradV: []float64{1, 1}, LRQ: []float64{10, 1000}, LRV: []float64{1, 1}},
	}}
	run := Run{TrainLoss: make([]float64, NociSteps)}
	for i := range run.TrainLoss {
		run.TrainLoss[i] = map[bool]float64{true: 2, false: 1}[i < 10]
	}
	s := ProbeSettings{Variant: "Adam, PRE-LN", Layers: 2, Steps: NociSteps, Batch: 4, Every: 25, Seed: 11}
	r := ProbeResult{Settings: s, Probe: p, Run: run}
	g := r.GradRatio()
	if err := g.Wellformed(); err != nil || len(g.Lines) != 4 || g.Lines[0].Name != "W^Q, step 25" || g.Lines[0].X[1] != 2 || g.Lines[0].Y[1] != 0.4 || g.Lines[3].Name != "W^K, step 50" {
		t.Errorf("grad ratio lines %+v (%v)", g.Lines, err)
	}
	if c := g.Checks[0]; math.Abs(c.Value-math.Log10(0.2)) > 1e-12 || c.Rule != result.AtMost || !c.PaperOnly || c.Statement != papers.Noci2022Eqs17to18 ||
		!g.Record.NoPaperFigure || !g.Record.AtPaper || g.Record.Seed != 11 {
		t.Errorf("grad ratio check %+v, record %+v", c, g.Record)
	}
	e := r.EffLR([]int{0, 1})
	if len(e.Lines) != 2 || e.Lines[1].Name != "layer 2" || e.Lines[1].X[1] != 50 || e.Lines[1].Y[0] != 8 || !e.Record.AtPaper {
		t.Errorf("effective-LR lines %+v, record %+v", e.Lines, e.Record)
	}
	if c := e.Checks[0]; math.Abs(c.Value-2) > 1e-12 || c.Rule != result.AtLeast || c.Statement != papers.Noci2022Fig6Gap ||
		c.Name != "Noci 2022 Fig. 6: log10 geometric-mean effective-LR ratio W^Q/W^V (layers 1, 2), last step" {
		t.Errorf("effective-LR check %+v", c)
	}
	tab := r.Claims([]int{0, 1})
	if err := tab.Wellformed(); err != nil || tab.Rows[0][2] != "supported" || tab.Rows[1][1] != "ratio at step 50: layer 1 10, layer 2 1e+03" ||
		tab.Rows[2][1] != "train loss 2.000 (first 10 steps) → 1.000 (last 10 steps)" || tab.Caption != "Noci et al. 2022's claims at this scale (pre-normalised ViT, Adam, seed 11)" {
		t.Errorf("claims table %q, %v (%v)", tab.Caption, tab.Rows, err)
	}
	// A layer listed twice keeps two lines (keyed by position).
	if d := r.EffLR([]int{1, 1}); d.Wellformed() != nil {
		t.Errorf("a layer twice: %v", d.Wellformed())
	}
	// Shorter, or at another temperature: no claim, and the reason says which.
	for _, c := range []struct {
		f    func(*ProbeSettings)
		why  string
		cap_ string
	}{
		{func(s *ProbeSettings) { s.Steps = 20 }, "read after the stored runs' 250 steps; here 20", ""},
		{func(s *ProbeSettings) { s.InvTemp = 2 }, "read at the stored runs' softmax inverse temperature 1; here 2", ", softmax inverse temperature τ = 2"},
	} {
		o := r
		c.f(&o.Settings)
		e := o.EffLR([]int{0, 1})
		if e.Record.AtPaper || e.Record.NotPaper != c.why || o.GradRatio().Record.AtPaper {
			t.Errorf("%+v: record %+v, want not at paper because %q", o.Settings, e.Record, c.why)
		}
		if want := "Adam's mean effective learning rate η/(√v̂ + ε) of W^Q relative to W^V during training" + c.cap_ + ". " + probeData; e.Caption != want {
			t.Errorf("caption %q, want %q", e.Caption, want)
		}
	}
}

// InitGrads.Curves: one line per variant at layers 1…L, named with the
// run's γ; the trend checks read GradNorms.Trend of the shaped and the
// Post-LN blocks (norms 10^{−l/(L−1)·k}: trend −k decades by construction);
// the figure claims Fig. 2 only at NociInitGrads' batch, depth and γ.
func TestInitGradCurves(t *testing.T) {
	g := InitGrads{Settings: NociInitGrads(), D: 64}
	L := 4
	for _, k := range []float64{0.1, 2, 0.6} { // shaped, Pre-LN, Post-LN: trend −k
		var n GradNorms
		for l := range L {
			v := math.Pow(10, -k*float64(l)/float64(L-1))
			n.Q, n.K, n.V = append(n.Q, v), append(n.K, v), append(n.V, 2*v)
		}
		g.Norms = append(g.Norms, n)
	}
	g.Settings.Layers = L
	v, q := g.Curves(true), g.Curves(false)
	if err := v.Wellformed(); err != nil || len(v.Lines) != 3 || v.Lines[0].Name != "shaped (γ = 0.2)" || v.Lines[2].Name != "Post-LN" || !slices.Equal(v.Lines[1].X, []float64{1, 2, 3, 4}) || v.Lines[0].Y[0] != 2 {
		t.Errorf("value lines %+v (%v)", v.Lines, err)
	}
	if len(v.Checks) != 2 || len(q.Checks) != 2 {
		t.Fatalf("%d value and %d query checks, want 2 and 2", len(v.Checks), len(q.Checks))
	}
	for _, c := range []struct {
		got        result.Check
		value, tol float64
		st         *papers.Statement
	}{{v.Checks[0], 0.1, 0.3, papers.Noci2023Fig2Shaped}, {v.Checks[1], 0.6, 0.3, papers.Noci2023Fig2PostLN},
		{q.Checks[0], 0.1, 0.3, papers.Noci2023Fig2Shaped}, {q.Checks[1], -0.6, -0.5, papers.Noci2023Fig2PostLN}} {
		if math.Abs(c.got.Value-c.value) > 1e-12 || c.got.Tol != c.tol || c.got.Statement != c.st || c.got.Rule != result.AtMost {
			t.Errorf("%s: value %v tol %v, want %v, %v", c.got.Name, c.got.Value, c.got.Tol, c.value, c.tol)
		}
	}
	if v.Record.AtPaper || v.Record.Seed != 14 || !v.Record.HasSeed {
		t.Errorf("L = 4: record %+v, want seed 14 and no claim", v.Record)
	}
	if want := "‖∇W^V_ℓ‖ of the cross-entropy at initialisation against the layer ℓ; one batch of 64 images of the committed Fashion-MNIST subset, initialisation seed 14, d = 64, L = 4, causal mask (the head reads the last token)."; v.Caption != want {
		t.Errorf("caption %q, want %q", v.Caption, want)
	}
	g.Settings.Layers = 16
	if !g.Curves(true).Record.AtPaper {
		t.Error("the analogue's settings do not claim the figure")
	}
	g.Settings.Gamma = 0.4
	if c := g.Curves(true); c.Record.AtPaper || c.Lines[0].Name != "shaped (γ = 0.4)" || !strings.HasSuffix(c.Caption, "causal mask (the head reads the last token); shaped blocks at γ = 0.4.") {
		t.Errorf("γ = 0.4: claims %v, line %q", c.Record.AtPaper, c.Lines[0].Name)
	}
}

// LiveTable states the sweep's model, training and data, and checks that
// the two schedules agree bit for bit: 0 for one result twice, 0.05 for a
// test loss moved by 0.05.
func TestLiveTable(t *testing.T) {
	s := Spec{Model: vit.Config{Rows: 28, Cols: 28, Patch: 7, D: 16, Layers: 4}, Train: vit.Examples{Labels: make([]int, 4000)}, Steps: 150, Batch: 32, LR: 1e-3, Seed: 7}
	res := []Result{{Alpha: 0.2, SigmaW: 0.5, TestLoss: 1.5, TestAccuracy: 0.8}, {Alpha: 0.9, SigmaW: 1.6, TestLoss: 1.2}}
	tab := LiveTable(s, res, res)
	if tab.Caption != "Miniature sweep (d = 16, L = 4, n = 17, 150 Adam steps, lr 1e-3, batch 32, 4000 training images of the committed Fashion-MNIST subset, seed 7)" ||
		tab.Header[3] != "λ_g^(4)" || len(tab.Rows) != 2 || tab.Rows[0][0] != "0.2" || tab.Rows[0][1] != "0.5" || tab.Rows[0][5] != "0.800" || tab.Checks[0].Value != 0 || tab.Checks[0].Kind != result.SimulationVsSimulation {
		t.Errorf("LiveTable: caption %q, header %q, rows %q, checks %+v", tab.Caption, tab.Header, tab.Rows, tab.Checks)
	}
	again := []Result{res[0], {Alpha: 0.9, SigmaW: 1.6, TestLoss: 1.25}}
	if c := LiveTable(s, res, again).Checks[0]; math.Abs(c.Value-0.05) > 1e-12 {
		t.Errorf("a changed point: difference %v, want 0.05", c.Value)
	}
	if got := sci(3e-4); got != "3e-4" {
		t.Errorf("sci(3e-4) = %q", got)
	}
}

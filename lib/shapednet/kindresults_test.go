package shapednet

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/sde"
)

// fig4Run is a made-up Fig. 4 run of attention a at the paper's sizes
// whose mean |V¹²| goes from 0.2 to covL and mean |ρ| ends at rhoL.
func fig4Run(a block.Attention, rhoL, covL float64) *Run {
	p := Fig4()
	r := &Run{M: 2, Nets: p.Nets, Depth: p.Depth, V0: []float64{1, 0.2, 0.2, 1}, StopLayer: make([]int, p.Nets),
		Config: Config{Width: p.Width, Depth: p.Depth, Gamma: p.Gamma, Tau0: p.Tau0, Attention: a}}
	for i := range r.StopLayer {
		r.StopLayer[i] = -1
	}
	for l := 0; l <= p.Depth; l++ {
		r.MeanAbsCorr, r.MeanAbsCov = append(r.MeanAbsCorr, 0.2), append(r.MeanAbsCov, 0.2)
	}
	r.MeanAbsCorr[p.Depth], r.MeanAbsCov[p.Depth] = rhoL, covL
	return r
}

// Fig4Runs: the claims read log₁₀ of the covariance's change (0.5/0.2:
// 0.398 decades; 1e-40/0.2: −39.3) against ±Fig4Degenerate and mean |ρ_d|
// against Fig4Collapse, the shaped covariance claim central; the vanilla
// run claims nothing; at another width the record is not the paper's;
// runs of different γ panic.
func TestFig4Runs(t *testing.T) {
	f := Fig4Runs{fig4Run(block.Shaped, 0.46, 0.5), fig4Run(block.ShapedNoIdentity, 0.2, 1e-40), fig4Run(block.ShapedNoCenter, 1, 1e12), fig4Run(block.Softmax, 1, 0.6)}
	corr, cov := f.CorrCurves(), f.CovCurves()
	if len(corr.Checks) != 1 || corr.Checks[0].Value != 0.46 || corr.Checks[0].Tol != Fig4Collapse || corr.Checks[0].Rule != result.AtMost {
		t.Errorf("collapse check %+v", corr.Checks)
	}
	want := []float64{math.Abs(math.Log10(0.5 / 0.2)), math.Log10(1e-40 / 0.2), math.Log10(1e12 / 0.2)} // the shaped claim reads |change|
	if len(cov.Checks) != 3 || !cov.Checks[0].Central || cov.Checks[1].Central || cov.Checks[1].Tol != -Fig4Degenerate || cov.Checks[2].Rule != result.AtLeast {
		t.Fatalf("covariance checks %+v", cov.Checks)
	}
	for i, w := range want {
		if math.Abs(cov.Checks[i].Value-w) > 1e-12 {
			t.Errorf("check %d: %v, want %v", i, cov.Checks[i].Value, w)
		}
	}
	if !corr.Record.AtPaper || !cov.Record.AtPaper || len(cov.Lines) != 4 || !cov.Y.Log || !strings.HasPrefix(corr.Caption, "Mean |ρ_ℓ| for shaped attention and its ablations (8192 networks each): only") {
		t.Errorf("at the paper's sizes: records %v %v, caption %q", corr.Record.AtPaper, cov.Record.AtPaper, corr.Caption)
	}
	for _, r := range f {
		r.Config.Width = 100
	}
	if c := f.CorrCurves(); c.Record.AtPaper || !strings.Contains(c.Record.NotPaper, "here width 100") {
		t.Errorf("width 100: %+v", c.Record)
	}
	f[1].Config.Gamma = 0.3
	mustpanic.WithPrefix(t, "runs of γ 1/√2 and 0.3", "shapednet:", func() { f.CovCurves() })
}

// OneStepCov.Table: the z check reads the ratios ± RatioSE against 1
// (its own points), the claim the least ratio without 𝒜 less 1 (1.5 − 1);
// the z check does not apply at another width, the claim away from
// CheckOneStep (PaperOnly, AtPaper false at 100 networks).
func TestOneStepTable(t *testing.T) {
	o := OneStepCov{Width: 1024, Nets: 50000, Config: Config{Width: 1024, Depth: 1, Gamma: 1, Tau0: 0.5}, Pairs: sde.TriPairs(3), Entries: []string{"V11", "V12", "V13", "V22", "V23", "V33"},
		NVar: []float64{1, 2, 3, 4, 5, 6}, Sigma: []float64{1, 2, 3, 4, 5, 6}, NoA: []float64{0.5, 1, 1.5, 2, 2.5, 3},
		Ratio: []float64{1, 1.01, 0.99, 1, 1, 1.02}, RatioNoA: []float64{2, 2, 2, 2, 2, 1.5}, RatioSE: 0.01}
	tab := o.Table()
	z, claim := tab.Checks[0], tab.Checks[1]
	if err := tab.Wellformed(); err != nil || !tab.Record.AtPaper || z.Test != result.MaxZ || z.Points.SE[3] != 0.01 || z.Points.Theory[5] != 1 || z.NotApplicable != "" ||
		claim.Value != 0.5 || !claim.PaperOnly || tab.Rows[1][0] != "V12" || tab.Rows[5][5] != "1.5" {
		t.Errorf("at check 12: %+v (%v)", tab, err)
	}
	o.Nets = 100
	if tab := o.Table(); tab.Record.AtPaper || tab.Checks[0].NotApplicable != "" || !strings.HasSuffix(tab.Caption, "n = 1024, 100 networks): n·Var(V₁) vs Theorem 4.2") {
		t.Errorf("100 networks: %+v", tab)
	}
	o.Width = 64
	if na := o.Table().Checks[0].NotApplicable; !strings.Contains(na, "only at n = 1024 and below 4 SE for up to 50 000 networks; here n = 64") {
		t.Errorf("width 64: z check %q", na)
	}
}

// Outputs.Spectrum on 4 networks and 4 paths with V^{00}_T ∈ {1, 1, 3,
// 3}: E X⁴ = 8.5 (SE √75/2) against 3E[V²] = 15 (SE √192/2), E X² = 2.5;
// the Gaussian line has variance E V_T = 2, 1/√(4π) at 0; the KS check
// compares the two output samples.
func TestOutputsSpectrum(t *testing.T) {
	final := []float64{1, 0, 0, 1, 1, 0, 0, 1, 3, 0, 0, 3, 3, 0, 0, 3}
	run := &Run{M: 2, Nets: 4, Depth: 10, Config: Config{Width: 50, Depth: 10, Gamma: 1 / math.Sqrt2}, V0: []float64{2, 0.6, 0.6, 2}, Final: final, Seed: 2100}
	r := &sde.Result{M: 2, Paths: 4, T: 0.2, Final: final, Seed: 2200}
	x, y := []float64{1, -1, 2, -2}, []float64{1, 1, 1, 1}
	s := Outputs{Net: run, SDE: r, XNet: x, XSDE: y}.Spectrum()
	se4, st4 := math.Sqrt(75)/2, math.Sqrt(192)/2
	if err := s.Wellformed(); err != nil || math.Abs(s.Checks[1].Value-(8.5-15)/math.Hypot(se4, st4)) > 1e-12 || math.Abs(s.Checks[2].Value-(8.5-3*2.5*2.5)/se4) > 1e-12 {
		t.Errorf("moments: %+v (%v)", s.Checks, err)
	}
	if g := s.Lines[0]; math.Abs(g.Y[60]-1/math.Sqrt(4*math.Pi)) > 1e-15 || g.X[60] != 0 || s.Checks[0].Test != result.KS || s.Record.Seed != 2100 || s.Record.Params["rho0"] != 0.3 || !s.Record.NoPaperFigure {
		t.Errorf("line at %v: %v; KS %v; record %+v", g.X[60], g.Y[60], s.Checks[0].Test, s.Record)
	}
	mustpanic.WithPrefix(t, "3 outputs of 4 networks", "shapednet:", func() { Outputs{Net: run, SDE: r, XNet: x[:3], XSDE: y}.Spectrum() })
}

// The records away from the paper state its settings as its constructors
// give them (Fig4, CheckOneStep), in the words the old displays used.
func TestNotPaperTexts(t *testing.T) {
	f := Fig4Runs{fig4Run(block.Shaped, 0.46, 0.5)}
	f[0].Config.Width = 16
	if got := f.CorrCurves().Record.NotPaper; !strings.HasPrefix(got, "a claim of the paper read at its setting (width 300, depth 150, γ = 1/√2, τ₀ = 1, 8192 networks); here width 16,") {
		t.Errorf("Fig. 4: %q", got)
	}
	o := OneStepCov{Width: 64, Nets: 10, Config: Config{Gamma: 0.4, Tau0: 0.5}, Pairs: sde.TriPairs(2), Entries: []string{"V11", "V12", "V22"},
		NVar: make([]float64, 3), Sigma: make([]float64, 3), NoA: make([]float64, 3), Ratio: []float64{1, 1, 1}, RatioNoA: []float64{2, 2, 2}, RatioSE: 0.1}
	if got := o.Table().Record.NotPaper; !strings.HasPrefix(got, "a claim of the notes (lib/sources/noci2023.md) read at γ = 1, τ₀ = 0.5, V₃, n = 1024, 50 000 networks; here γ = 0.4,") {
		t.Errorf("one step: %q", got)
	}
}

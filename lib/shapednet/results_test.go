package shapednet

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/result"
)

// TestPreLNCurves: the check compares the last layer's means, its
// tolerance is 4.5 SE of the LayerNorm mean at the notebook's sizes and
// of the difference elsewhere, the record says which, and runs of
// different depths panic.
func TestPreLNCurves(t *testing.T) {
	mk := func(nets, depth int, last, se float64) *Run {
		r := &Run{M: 2, Nets: nets, Depth: depth, Config: Config{Width: 200, Depth: depth}, V0: []float64{1, 0.2, 0.2, 1}, Seed: 7}
		r.MeanCorr, r.MeanCorrSE = make([]float64, depth+1), make([]float64, depth+1)
		r.MeanCorr[0], r.MeanCorr[depth], r.MeanCorrSE[depth] = 0.2, last, se
		return r
	}
	s := Fig1PreLN()
	c := PreLNCurves(mk(s.LNNets, s.Depth, 0.8, 0.03), mk(s.RMSNets, s.Depth, 0.75, 0.004))
	k := c.Checks[0]
	if !c.Record.AtPaper || math.Abs(k.Value-0.05) > 1e-12 || math.Abs(k.Tol-4.5*0.03) > 1e-12 || k.Name != "Pre-LN: LayerNorm − RMS mean ρ₁₅₀" {
		t.Errorf("at the notebook's sizes: AtPaper %v, value %v, tol %v, name %q; want true, 0.05, 0.135", c.Record.AtPaper, k.Value, k.Tol, k.Name)
	}
	c = PreLNCurves(mk(16, s.Depth, 0.8, 0.03), mk(s.RMSNets, s.Depth, 0.75, 0.04))
	if k := c.Checks[0]; c.Record.AtPaper || math.Abs(k.Tol-4.5*0.05) > 1e-12 || c.Record.Params["rho0"] != 0.2 {
		t.Errorf("at 16 networks: AtPaper %v, tol %v, rho0 %v; want false, 0.225, 0.2", c.Record.AtPaper, k.Tol, c.Record.Params["rho0"])
	}
	defer func() {
		if p, _ := recover().(string); !strings.HasPrefix(p, "shapednet: PreLNCurves: depths 10 and 150") {
			t.Errorf("runs of depths 10 and 150: panic %q", p)
		}
	}()
	PreLNCurves(mk(8, 10, 0, 0), mk(8, 150, 0, 0))
}

// TestExplosionCounts: a row counts out of paths, the header states the
// radii and steps the rows ran with (a power of ten as 1eK), it claims no
// paper table, and rows of different settings panic.
func TestExplosionCounts(t *testing.T) {
	e := Explosion{Gamma: 0.5, SDEStopped: 3, SDEProjected: 1, SDEStoppedFine: 2, T: 1, Rho0: 0.2, Step: 0.01, SDEStopRadius: 1e4, NetStopRadius: 50}
	tab := ExplosionCounts([]Explosion{e}, 2048)
	if err := tab.Wellformed(); err != nil || !tab.Record.NoPaperFigure || strings.Join(tab.Rows[0], "|") != "0.500|3 / 2048|1|2 / 2048|0 / 2048" ||
		tab.Header[1] != "SDE stopped (‖V‖_F ≥ 1e4), h = 0.01" || tab.Header[3] != "SDE stopped, h = 0.001" || tab.Header[4] != "networks with V^{αα} ≥ 50" {
		t.Errorf("table %+v (%v)", tab, err)
	}
	f := e
	f.Step = 0.02
	defer func() {
		if p, _ := recover().(string); !strings.HasPrefix(p, "shapednet: ExplosionCounts: rows of different settings") {
			t.Errorf("rows at steps 0.01 and 0.02: panic %q", p)
		}
	}()
	ExplosionCounts([]Explosion{e, f}, 2048)
}

// TestStopCurves: at Fig5's settings the record claims the figure and the
// claim reads the z of the median's fall from the first γ to the last
// (here (0.4 − 1)/√(0.03² + 0.04²) = −12); at other settings it claims
// nothing and the claim is marked paper-only with the reason.
func TestStopCurves(t *testing.T) {
	f := Fig5()
	b := StopByGamma{Gamma: f.Gammas, Median: []float64{1, 0.9, 0.8, 0.6, 0.4}, MedianSE: []float64{0.03, 0.03, 0.03, 0.03, 0.04},
		P10: []float64{0.9, 0.8, 0.6, 0.4, 0.2}, Trace: [][]float64{{100, 200}, {100, 300}, {100, 400}, {100, 500}, {100, 1e4}}, Config: f.Config, Study: f.Study, Seed: 1300}
	tc, rc := b.TraceCurves(), b.TimeCurves()
	k := rc.Checks[0]
	if err := rc.Wellformed(); err != nil || !tc.Record.AtPaper || !rc.Record.AtPaper || math.Abs(k.Value+12) > 1e-9 || !k.PaperOnly || len(tc.Lines) != 5 || !tc.Y.Log || tc.Record.Seed != 1300 {
		t.Errorf("at Fig5: AtPaper %v %v, claim %v (want −12), paper-only %v, %d traces, err %v", tc.Record.AtPaper, rc.Record.AtPaper, k.Value, k.PaperOnly, len(tc.Lines), err)
	}
	b.Study.Nets = 10
	if rc := b.TimeCurves(); rc.Record.AtPaper || !strings.Contains(rc.Record.NotPaper, "10 networks") || !strings.Contains(rc.Caption, "over 10 networks") {
		t.Errorf("at 10 networks: AtPaper %v, NotPaper %q, caption %q", rc.Record.AtPaper, rc.Record.NotPaper, rc.Caption)
	}
}

// TestFig1LeftCurves: at Fig1's sizes the record claims the figure and the
// vanilla collapse reads 1 − its mean at layer 50; at another γ it claims
// nothing and says γ in the paper's notation when it is 1/√2 or 1/√8.
func TestFig1LeftCurves(t *testing.T) {
	f := Fig1()
	mk := func(last float64, gamma float64) *Run {
		r := &Run{M: 2, Nets: f.Nets, Depth: f.Depth, Config: Config{Width: f.Width, Depth: f.Depth, Gamma: gamma, Tau0: f.Tau0}, V0: []float64{1, f.Rho0, f.Rho0, 1}}
		r.MeanCorr, r.MeanCorrSE = make([]float64, f.Depth+1), make([]float64, f.Depth+1)
		for l := range r.MeanCorr {
			r.MeanCorr[l] = last
		}
		r.MeanCorrSE[f.Depth] = 0.001
		return r
	}
	c := Fig1LeftCurves([]*Run{mk(0.21, f.Gamma), mk(0.995, f.Gamma), mk(0.9, f.Gamma)})
	if err := c.Wellformed(); err != nil || !c.Record.AtPaper || math.Abs(c.Checks[1].Value-0.005) > 1e-12 || math.Abs(c.Checks[0].Value-0.01) > 1e-12 || math.Abs(c.Checks[0].Tol-0.0045) > 1e-12 {
		t.Errorf("at Fig1: AtPaper %v, checks %+v (%v)", c.Record.AtPaper, c.Checks, err)
	}
	c = Fig1LeftCurves([]*Run{mk(0.21, 1/math.Sqrt2), mk(0.995, 1/math.Sqrt2), mk(0.9, 1/math.Sqrt2)})
	if c.Record.AtPaper || !strings.Contains(c.Caption, "γ = 1/√2") || !strings.Contains(c.Record.NotPaper, "γ = 1/√2") {
		t.Errorf("at γ = 1/√2: AtPaper %v, caption %q, NotPaper %q", c.Record.AtPaper, c.Caption, c.Record.NotPaper)
	}
	if GammaText(1/math.Sqrt(8)) != "1/√8" || GammaText(0.3) != "0.3" {
		t.Errorf("GammaText: %q, %q", GammaText(1/math.Sqrt(8)), GammaText(0.3))
	}
}

// TestQ95Curves: the z check reads the networks' and the SDE's 95th
// percentiles of |ρ| with the SE of their difference (AbsQuantile), the
// line shows the networks' own SE, laws not at Fig3's sizes claim nothing,
// and laws of no γ panic; Spaced writes thousands apart from 10 000.
func TestQ95Curves(t *testing.T) {
	l := CorrLaws{Gamma: []float64{0.1, 0.5}, Net: [][]float64{{0.1, -0.2, 0.3, 0.4, -0.5}, {0.6, -0.7, 0.8, 0.9, -0.95}}, SDE: [][]float64{{0.2, -0.1, 0.3, 0.35, 0.5, -0.45}, {0.5, 0.7, -0.85, 0.9, 0.92, 0.1}},
		Config: Config{Width: 30, Depth: 10}, Rho0: 0.2, Step: 0.001, NetSeed: 800}
	c := l.Q95Curves()
	qNN, seNN, qSDE, se := l.AbsQuantile(0.95)
	p := c.Checks[0].Points
	if err := c.Wellformed(); err != nil || c.Record.AtPaper || c.Record.Seed != 800 || c.Checks[0].Test != result.MaxZ ||
		!slices.Equal(p.Y, qNN) || !slices.Equal(p.SE, se) || !slices.Equal(p.Theory, qSDE) || !slices.Equal(c.Lines[0].SE, seNN) || !strings.Contains(c.Checks[0].Basis, "5 networks, 6 SDE paths") {
		t.Errorf("Q95Curves %+v (%v)", c, err)
	}
	if Spaced(20000) != "20 000" || Spaced(8192) != "8192" || Spaced(50000) != "50 000" {
		t.Errorf("Spaced: %q %q %q", Spaced(20000), Spaced(8192), Spaced(50000))
	}
	defer func() {
		if p, _ := recover().(string); !strings.HasPrefix(p, "shapednet: Q95Curves: 0 laws for 0 γ") {
			t.Errorf("no laws: panic %q", p)
		}
	}()
	CorrLaws{}.Q95Curves()
}

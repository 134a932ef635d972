package shapednet

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/sde"
)

// PaperInput is EquiCorr at the paper's ρ₀ = 0.2; Sim.Run and Sim.Forward
// are Simulate and ForwardRun with the same draws, and the run records
// its seed.
func TestSim(t *testing.T) {
	if v := PaperInput(3); !reflect.DeepEqual(v, EquiCorr(3, 0.2)) {
		t.Errorf("PaperInput(3) = %v", v)
	}
	c := Shaped(12, 5, 0.4)
	s := Sim{Config: c, V0: PaperInput(2), Nets: 6, Seed: 31}
	a, errA := s.Run(2)
	b, errB := Simulate(c, EquiCorr(2, 0.2), 6, 31, 1)
	if errA != nil || errB != nil || !reflect.DeepEqual(a, b) || a.Seed != 31 {
		t.Errorf("Sim.Run differs from Simulate or does not record seed 31 (errors %v, %v, seed %d)", errA, errB, a.Seed)
	}
	p := PreLN(8, 3, block.PreLN)
	f, errF := Sim{Config: p, V0: PaperInput(2), Nets: 3, Seed: 7}.Forward(2)
	g, errG := ForwardRun(p, EquiCorr(2, 0.2), 3, 7, 1)
	if errF != nil || errG != nil || !reflect.DeepEqual(f, g) || f.Seed != 7 {
		t.Errorf("Sim.Forward differs from ForwardRun or does not record seed 7 (errors %v, %v)", errF, errG)
	}
}

// The settings' Run methods are the positional calls with the same draws
// and record their settings and seeds; the constructors state the paper's
// (or the notebook's) values.
func TestFigureSettingsRun(t *testing.T) {
	k := KSVersusWidth()
	if k.T != 0.75 || k.Nets != 4000 || k.Paths != 20000 || !reflect.DeepEqual(k.Widths, []int{4, 8, 16, 32, 64, 128, 256}) || k.Config.Gamma != 1/math.Sqrt2 || k.Model.Gamma != k.Config.Gamma {
		t.Errorf("KSVersusWidth: %+v", k)
	}
	k.Widths, k.Nets, k.Paths, k.SDE.Step, k.SDESeed, k.NetSeed = []int{4, 8}, 30, 40, 0.05, 70, 71
	kr, err := k.Run(2)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sde.Simulate(k.Model, PaperInput(2), 0.75, 40, 70, sde.Settings{Step: 0.05, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	ks, last, err := KSByWidth(k.Config, PaperInput(2), 0.75, []float64{4, 8}, 30, r.FiniteCorr(0, 1), 71, 1)
	if err != nil || !reflect.DeepEqual(kr.KS, ks) || !reflect.DeepEqual(kr.Last, last) || !reflect.DeepEqual(kr.SDE.Final, r.Final) || !reflect.DeepEqual(kr.Settings, k) {
		t.Errorf("KSSettings.Run differs from sde.Simulate + KSByWidth (%v)", err)
	}

	f5 := Fig5()
	if f5.Study != f5.Study.withDefaults() || f5.Config.Width != 200 || f5.Config.Depth != 200 || !reflect.DeepEqual(f5.Gammas, []float64{0.05, 0.1, 0.2, 0.3, 0.5}) {
		t.Errorf("Fig5: %+v", f5)
	}
	f5.Config.Width, f5.Config.Depth, f5.Study.Nets, f5.Gammas, f5.Seed = 10, 10, 6, []float64{0.2, 0.6}, 13
	b5, errA := f5.Run(2)
	c5, errB := StopStudy{Nets: 6}.ByGamma(Config{Attention: block.Shaped, Width: 10, Depth: 10, Tau0: 1, Blocks: BlocksAttention}, []float64{0.2, 0.6}, 13, 1)
	if errA != nil || errB != nil || !reflect.DeepEqual(b5, c5) || b5.Seed != 13 {
		t.Errorf("StopSettings.Run differs from ByGamma or does not record seed 13 (errors %v, %v)", errA, errB)
	}
	f8 := Fig8()
	if f8.Study != f8.Study.withDefaults() || f8.Q != 0.5 || len(f8.Gammas) != 8 || len(f8.Tau0s) != 5 {
		t.Errorf("Fig8: %+v", f8)
	}
	f8.Config.Width, f8.Config.Depth, f8.Study.Nets, f8.Gammas, f8.Tau0s, f8.Seed = 10, 10, 6, []float64{0.2, 0.6}, []float64{0.5, 2}, 14
	g8, errA := f8.Run(2)
	h8, errB := StopStudy{Nets: 6}.QuantileGrid(Config{Attention: block.Shaped, Width: 10, Depth: 10, Blocks: BlocksAttention}, []float64{0.2, 0.6}, []float64{0.5, 2}, 0.5, 14, 1)
	if errA != nil || errB != nil || !reflect.DeepEqual(g8, h8) || g8.Seed != 14 || g8.Q != 0.5 {
		t.Errorf("GridSettings.Run differs from QuantileGrid or does not record Q and seed (errors %v, %v)", errA, errB)
	}

	e := Eq21()
	if e.Config.Width != 100 || e.Config.Depth != 33 || e.Config.Gamma != 1/math.Sqrt2 || e.Config.Blocks != BlocksMLP || e.Nets != 8192 || e.Paths != 8192 || e.SDE.Step != 0.005 {
		t.Errorf("Eq21: %+v", e)
	}
	e.Config.Width, e.Config.Depth, e.Nets, e.Paths, e.NetSeed, e.SDESeed = 12, 4, 20, 30, 21, 22
	o, err := e.Run(2)
	if err != nil {
		t.Fatal(err)
	}
	net, errN := Simulate(e.Config, EquiCorr(2, 0.2), 20, 21, 1)
	path, errS := sde.Simulate(sde.Model{Kind: sde.ResNet, Gamma: e.Config.Gamma, CMinus: -1}, EquiCorr(2, 0.2), 4.0/12, 30, 22, sde.Settings{Step: 0.005, Workers: 1})
	xn, errXN := Readout(net.Final, 2, NetRand(22, 0))
	xs, errXS := Readout(path.Final, 2, NetRand(23, 0))
	if errors.Join(errN, errS, errXN, errXS) != nil || !reflect.DeepEqual(o.Net, net) || !reflect.DeepEqual(o.SDE.Final, path.Final) ||
		!reflect.DeepEqual(o.XNet, Column(xn, 0)) || !reflect.DeepEqual(o.XSDE, Column(xs, 0)) || len(o.XNet) != 20 || len(o.XSDE) != 30 {
		t.Errorf("OutputSettings.Run differs from Simulate, sde.Simulate and Readout (%v)", errors.Join(errN, errS, errXN, errXS))
	}
}

// Settings out of range are errors wrapping ErrParam that name the field,
// before anything runs.
func TestSettingsValidate(t *testing.T) {
	k := KSVersusWidth()
	kw, kt, kn := k, k, k
	kw.Widths = []int{4, 0}
	kt.T = -1
	kn.Nets = 0
	f5, f8, f8t, f8q := Fig5(), Fig8(), Fig8(), Fig8()
	f5.Gammas = []float64{0.1, 1.5}
	f8.Gammas = nil
	f8t.Tau0s = []float64{1, 0}
	f8q.Q = 2
	e, ep := Eq21(), Eq21()
	e.Nets = 0
	ep.Paths = -1
	for _, c := range []struct {
		err   error
		field string
	}{
		{Sim{V0: PaperInput(2)}.Validate(), "Sim.Nets"},
		{Sim{Nets: 3}.Validate(), "Sim.V0"},
		{kw.Validate(), "KSSettings.Widths[1]"},
		{kt.Validate(), "KSSettings.T"},
		{kn.Validate(), "KSSettings.Nets"},
		{f5.Validate(), "StopSettings.Gammas[1]"},
		{f8.Validate(), "GridSettings.Gammas"},
		{f8t.Validate(), "GridSettings.Tau0s[1]"},
		{f8q.Validate(), "GridSettings.Q"},
		{e.Validate(), "OutputSettings.Nets"},
		{ep.Validate(), "OutputSettings.Paths"},
	} {
		if !errors.Is(c.err, ErrParam) || !strings.Contains(c.err.Error(), c.field) {
			t.Errorf("%v, want ErrParam naming %s", c.err, c.field)
		}
	}
	if _, err := (Sim{V0: PaperInput(2)}).Run(1); !errors.Is(err, ErrParam) {
		t.Errorf("Sim.Run with no networks: %v", err)
	}
	if _, err := kw.Run(1); !errors.Is(err, ErrParam) {
		t.Errorf("KSSettings.Run at width 0: %v", err)
	}
	if _, err := f5.Run(1); !errors.Is(err, ErrParam) {
		t.Errorf("StopSettings.Run at γ = 1.5: %v", err)
	}
	if _, err := f8q.Run(1); !errors.Is(err, ErrParam) {
		t.Errorf("GridSettings.Run at Q = 2: %v", err)
	}
	if _, err := e.Run(1); !errors.Is(err, ErrParam) {
		t.Errorf("OutputSettings.Run with no networks: %v", err)
	}
	for _, err := range []error{KSVersusWidth().Validate(), Fig5().Validate(), Fig8().Validate(), Eq21().Validate()} {
		if err != nil {
			t.Errorf("a constructor's settings: %v", err)
		}
	}
}

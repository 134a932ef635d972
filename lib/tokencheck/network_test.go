package tokencheck

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/num/dual"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// The paper's model is the paper's network; other settings carry over;
// the simulations run on every core (GOMAXPROCS workers).
func TestNetwork(t *testing.T) {
	a8 := 1 / math.Sqrt(8)
	paper := tokennet.PaperTransformer(a8, 1.5)
	paper.Workers = runtime.GOMAXPROCS(0)
	if got, want := Network(tokengeom.NewModel(a8, a8, 1.5), 16), paper; got != want {
		t.Errorf("Network(NewModel(α, α, 1.5), 16) = %+v, want PaperTransformer %+v", got, want)
	}
	m := tokengeom.NewModel(0.3, 0.6, 2)
	m.N, m.D, m.MLPLayers, m.SigmaA2 = 32, 16, 1, 0.5
	m.Act = activation.Tanh()
	want := tokennet.TransformerConfig{N: 32, D: 16, Layers: 3, MLPLayers: 1, AlphaA: 0.3, AlphaM: 0.6, SigmaW: 2, SigmaA2: 0.5, Workers: runtime.GOMAXPROCS(0)}
	if got := Network(m, 3); got != want {
		t.Errorf("Network = %+v, want %+v", got, want)
	}
}

// L < 1 and a fractional width have no network.
func TestNetworkPanics(t *testing.T) {
	ok, half := tokengeom.NewModel(0.5, 0.5, 1), tokengeom.NewModel(0.5, 0.5, 1)
	half.D = 64.5
	cases := []struct {
		m tokengeom.Model
		L int
	}{{ok, 0}, {half, 1}}
	for i, c := range cases {
		mustpanic.Check(t, fmt.Sprintf("case %d (d = %v, L = %d)", i, c.m.D, c.L), func() { Network(c.m, c.L) })
	}
	Network(ok, 1) // the paper's model with L = 1: a panic here fails the test
}

// The MLP's φ is chosen by what it computes, not by its name: a user's
// tanh under another name is the default tanh MLP (Act nil, lib/dense's
// tanh), an erf named "tanh" and ReLU run as TransformerConfig.Act.
func TestNetworkActivation(t *testing.T) {
	m := tokengeom.NewModel(0.5, 0.5, 1)
	user, err := activation.FromDual("my_tanh", dual.Tanh, activation.Props{Odd: true})
	if err != nil {
		t.Fatal(err)
	}
	m.Act = user
	if cfg := Network(m, 1); cfg.Act != nil {
		t.Errorf("a user's tanh runs as Act %v, want the default tanh MLP", cfg.Act)
	}
	fake := activation.Erf()
	fake.Name = "tanh"
	for _, f := range []activation.Func{fake, activation.ReLU()} {
		m.Act = f
		cfg := Network(m, 1)
		if cfg.Act == nil || cfg.Act.Phi(0.7) != f.Phi(0.7) {
			t.Errorf("%v: Network's Act = %v, want the model's φ", f, cfg.Act)
		}
	}
}

// Point i's generator is PCG(Seed+i, Stream), independent of the others.
func TestSeeds(t *testing.T) {
	s := Seeds{Seed: 800, Stream: 7}
	if a, b := s.Rand(3).Uint64(), empirical.Rand(803, 7).Uint64(); a != b {
		t.Errorf("Seeds.Rand(3) draws %d, PCG(803, 7) %d", a, b)
	}
	if s.Rand(0).Uint64() == s.Rand(1).Uint64() {
		t.Error("points 0 and 1 draw the same first number")
	}
}

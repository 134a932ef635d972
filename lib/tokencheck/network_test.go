package tokencheck

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/num/dual"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// The paper's model is the paper's network; other settings carry over.
func TestNetwork(t *testing.T) {
	a8 := 1 / math.Sqrt(8)
	if got, want := Network(tokengeom.NewModel(a8, a8, 1.5), 16), tokennet.PaperTransformer(a8, 1.5); got != want {
		t.Errorf("Network(NewModel(α, α, 1.5), 16) = %+v, want PaperTransformer %+v", got, want)
	}
	m := tokengeom.NewModel(0.3, 0.6, 2)
	m.N, m.D, m.MLPLayers, m.SigmaA2 = 32, 16, 1, 0.5
	m.Act = activation.Tanh()
	want := tokennet.TransformerConfig{N: 32, D: 16, Layers: 3, MLPLayers: 1, AlphaA: 0.3, AlphaM: 0.6, SigmaW: 2, SigmaA2: 0.5}
	if got := Network(m, 3); got != want {
		t.Errorf("Network = %+v, want %+v", got, want)
	}
}

// L < 1, a fractional width and a non-tanh MLP have no network.
func TestNetworkPanics(t *testing.T) {
	ok, relu, half := tokengeom.NewModel(0.5, 0.5, 1), tokengeom.NewModel(0.5, 0.5, 1), tokengeom.NewModel(0.5, 0.5, 1)
	relu.Act, half.D = activation.ReLU(), 64.5
	cases := []struct {
		m tokengeom.Model
		L int
	}{{ok, 0}, {half, 1}, {relu, 1}}
	for i, c := range cases {
		mustpanic.Check(t, fmt.Sprintf("case %d (d = %v, L = %d, %q)", i, c.m.D, c.L, c.m.Act.Name), func() { Network(c.m, c.L) })
	}
	Network(ok, 1) // the paper's model with L = 1: a panic here fails the test
	// What counts is what φ computes, not its name: a user's tanh under
	// another name simulates, a "tanh" that is not tanh does not.
	user, err := activation.FromDual("my_tanh", dual.Tanh, activation.Props{Odd: true})
	if err != nil {
		t.Fatal(err)
	}
	ok.Act = user
	Network(ok, 1)
	fake := activation.Erf()
	fake.Name = "tanh"
	relu.Act = fake
	mustpanic.Check(t, "erf named tanh", func() { Network(relu, 1) })
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

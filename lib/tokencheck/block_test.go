package tokencheck

import (
	"errors"
	"math"
	"reflect"
	"runtime"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// The paper's block handed over as a compose.Block is Fig. 2's
// experiment; another block's network is the one tokennet.FromBlock runs.
func TestLayersFor(t *testing.T) {
	a8 := 1 / math.Sqrt(8)
	for _, sw := range Fig2SigmaWs {
		got, err := LayersFor(compose.Cowsik(256, 64, 16, a8, a8, sw, 1, 2, activation.Tanh()))
		if err != nil {
			t.Fatal(err)
		}
		if want := Fig2(sw); !reflect.DeepEqual(got, want) {
			t.Errorf("σ_w = %v: LayersFor = %+v, want Fig2's %+v", sw, got, want)
		}
	}
	b := compose.Cowsik(8, 16, 9, 0.9, 0.4, 1.3, 2, 1, activation.GELU())
	b.ResA = compose.Residual{Skip: math.Sqrt(1 - 0.81/9), Branch: 0.9, Scaling: compose.InvSqrtDepth}
	l, err := LayersFor(b)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := tokennet.FromBlock(b)
	want.Workers = runtime.GOMAXPROCS(0) // Network's
	got := Network(l.Model, l.L)
	if got.Act == nil || got.Act.Phi(0.7) != activation.GELU().Phi(0.7) {
		t.Errorf("φ: %v, want gelu", got.Act)
	}
	got.Act, want.Act = nil, nil
	if got != want || l.Q0 != 16 || l.P0 != 0 {
		t.Errorf("network %+v from (%v, %v), want %+v from (16, 0)", got, l.Q0, l.P0, want)
	}
}

// A block the transformer or the theory cannot take is an error naming
// its field; a small block's curves run.
func TestLayersForErrors(t *testing.T) {
	b := compose.Cowsik(4, 8, 3, 0.5, 0.5, 1, 1, 2, activation.Tanh())
	for field, edit := range map[string]func(*compose.Block){
		"causal":    func(b *compose.Block) { b.Attn.Causal = true },
		"norm_kind": func(b *compose.Block) { b.NormKind = compose.LN },
		"hidden":    func(b *compose.Block) { b.FF.Hidden = 4 },
	} {
		c := b
		edit(&c)
		_, err := LayersFor(c)
		var f interface{ Field() string }
		if !errors.Is(err, ErrParam) || !errors.As(err, &f) || f.Field() != field {
			t.Errorf("%s: err = %v, want ErrParam naming it", field, err)
		}
	}
	l, err := LayersFor(b)
	if err != nil {
		t.Fatal(err)
	}
	l.Networks = 2
	if c, err := l.Curves(); err != nil || len(c.Q) != 4 || len(c.Sim.Cos) != 4 {
		t.Errorf("Curves: %d theory and %d simulated layers, %v; want 4", len(c.Q), len(c.Sim.Cos), err)
	}
}

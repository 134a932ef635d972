package compose

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

func TestParseRoundTrip(t *testing.T) {
	swish, _ := activation.ByName("swish", 1.5)
	blocks := []Block{DefaultBlock(), Cowsik(32, 16, 8, 0.3, 0.6, 1.7, 2, 2, activation.GELU()),
		Noci2022(8, 32, 40, 0.5, 0.3, InvSqrtDepth, Post)}
	odd := DefaultBlock()
	odd.Norm, odd.Attn.Kind, odd.Attn.Tau0, odd.FF.Act, odd.FF.Hidden, odd.NoMLP = NoNorm, Shaped, 0.25, swish, 96, true
	blocks = append(blocks, odd)
	for _, b := range blocks {
		got, err := ParseBlock(strings.NewReader("# a block\n" + b.Format()))
		if err != nil {
			t.Fatalf("%s: %v\n%s", b.Summary(), err, b.Format())
		}
		if got.Format() != b.Format() || !reflect.DeepEqual(got.Fields(), b.Fields()) {
			t.Errorf("round trip:\n%s\ngave\n%s", b.Format(), got.Format())
		}
		// The parsed block computes what the original does.
		q, p := b.Map(float64(b.D), 0.3*float64(b.D))
		gq, gp := got.Map(float64(b.D), 0.3*float64(b.D))
		if q != gq || p != gp {
			t.Errorf("%s: parsed Map (%v, %v), original (%v, %v)", b.Summary(), gq, gp, q, p)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ text, want string }{
		{"colour = blue", `unknown key "colour"`},
		{"n = 1", "n = 1, want an integer >= 2"},
		{"n = two", `n = "two", want an integer`},
		{"norm = middle", `norm = "middle", want one of none|pre|post`},
		{"sigma_w = inf", `sigma_w = "inf", want a finite number`},
		{"phi = cosh", `phi = "cosh", want one of`},
		{"phi = tanh\nslope = 0.2", "slope = 0.2, want absent: it is the parameter of leaky_relu"},
		{"phi = leaky_relu\nslope = 2", "slope"},
		{"norm = post\nnorm_kind = rms", "norm_kind = rms, want ln with norm = post"},
		{"causal = maybe", `causal = "maybe", want true or false`},
		{"n = 4\nn = 5", "line 2: n given twice"},
		{"just words", "line 1"},
	}
	for _, c := range cases {
		_, err := ParseBlock(strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.text, err, c.want)
		}
		if err != nil && !strings.Contains(c.want, "line") && !errors.Is(err, ErrParam) {
			t.Errorf("%q: error %v does not wrap ErrParam", c.text, err)
		}
	}
}

// A block written with hidden = d and read back at another d has hidden
// width that d (the file omits hidden, so it follows); one written with
// another hidden width keeps it. WithWidth scales the hidden width.
func TestHiddenFollowsWidth(t *testing.T) {
	b := DefaultBlock()
	kv, err := ReadKV(strings.NewReader(b.Format()))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := kv["hidden"]; ok {
		t.Fatalf("Format wrote hidden = d:\n%s", b.Format())
	}
	kv["d"] = "128"
	if c, err := ParseFields(kv); err != nil || c.FF.Hidden != 128 {
		t.Errorf("read back at d = 128: hidden %d (%v), want 128", c.FF.Hidden, err)
	}
	b.FF.Hidden = 256
	kv, _ = ReadKV(strings.NewReader(b.Format()))
	kv["d"] = "128"
	if c, err := ParseFields(kv); err != nil || c.FF.Hidden != 256 {
		t.Errorf("explicit hidden 256 at d = 128: %d (%v)", c.FF.Hidden, err)
	}
	if c := b.WithWidth(32); c.D != 32 || c.FF.Hidden != 128 {
		t.Errorf("WithWidth(32) of d = 64, hidden 256: d %d, hidden %d; want 32, 128", c.D, c.FF.Hidden)
	}
	b.FF.Hidden = 3
	if c := b.WithWidth(8); c.FF.Hidden != 1 {
		t.Errorf("WithWidth(8) of hidden 3 at d = 64: %d, want 1 (at least one unit)", c.FF.Hidden)
	}
}

package vit

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/dense"
)

// goldenRun trains cfg for 3 Adam steps on a random batch of 8 images
// and returns an FNV-1a hash of the bits of the loss, the parameters and
// the last gradient.
func goldenRun(t *testing.T, cfg Config, workers int) uint64 {
	rng := rand.New(rand.NewPCG(5, 6))
	m := New(cfg, rng)
	m.SetWorkers(workers)
	x, y := randomBatch(cfg, 8, rng)
	opt := &Adam{}
	h := fnv.New64a()
	put := func(v float64) {
		b := math.Float64bits(v)
		h.Write([]byte{byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24), byte(b >> 32), byte(b >> 40), byte(b >> 48), byte(b >> 56)})
	}
	for range 3 {
		l, _, err := m.LossGrad(x, y)
		if err != nil {
			t.Fatal(err)
		}
		put(l)
		opt.Step(m.Params(), m.Grads())
	}
	for _, v := range m.Params() {
		put(v)
	}
	for _, v := range m.Grads() {
		put(v)
	}
	return h.Sum64()
}

// goldenConfigs are the variants whose results must stay bit-identical
// across refactors of the forward and backward pass.
var goldenConfigs = []struct {
	name string
	cfg  Config
}{
	{"paper ℓ=2", func() Config { c := PaperConfig(0.6, 1.5); c.Layers = 3; return c }()},
	{"tiny paper", tinyConfig(0.6, 1.5, 2)},
	{"tiny shaped Transformer", shapedTransformer(0.5, 1, 2)},
	{"tiny pre-LN identity τ=2", func() Config {
		c := tinyConfig(1, 1, 1)
		c.Residual, c.InvTemp = Identity, 2
		return c
	}()},
	{"tiny no norm", func() Config { c := tinyConfig(0.6, 1.5, 2); c.Norm = NoNorm; return c }()},
}

// TestGoldenBits: the default variants give the same bits as before the
// causal mask, the POST-LN block and the workers parameter were added
// (hashes recorded with the code of commit 522f06f on the portable and AVX2
// paths of lib/dense; the AVX512 path gives the AVX2 path's bits, so the
// assembly hashes hold for both), for 1, 2 and 3 workers.
func TestGoldenBits(t *testing.T) {
	want := map[bool][]uint64{
		true:  {0x92ef194999f46434, 0x20c8ee485441d503, 0x14f346bb36e02bd9, 0x5d7d44c9386d7a35, 0x1eb6bcc8c3d42c2a},
		false: {0x244579d19e2b773, 0xa561697cfd49b94f, 0x51e2d6dfa6b1c38d, 0xc799ce21fce3d9ea, 0xd5ffd89c9e02a4fb},
	}
	forEachPath(t, func(t *testing.T) {
		w := want[dense.Assembly()]
		for i, g := range goldenConfigs {
			for _, workers := range []int{1, 2, 3} {
				if got := goldenRun(t, g.cfg, workers); got != w[i] {
					t.Errorf("%s, %d workers: hash %#x, want %#x", g.name, workers, got, w[i])
				}
			}
		}
	})
}

// TestWorkersSameError: a forward pass that fails (a NaN planted in one
// sequence's pixels, so that only the worker holding it fails) reports
// the same error for any worker count.
func TestWorkersSameError(t *testing.T) {
	cfg := tinyConfig(0.6, 1.5, 2)
	var want string
	for _, workers := range []int{1, 2, 3, 5} {
		rng := rand.New(rand.NewPCG(8, 9))
		m := New(cfg, rng)
		m.SetWorkers(workers)
		x, y := randomBatch(cfg, 5, rng)
		x[3*cfg.Pixels()+2] = math.NaN() // sequence 3
		_, _, err := m.LossGrad(x, y)
		if !errors.Is(err, ErrNonFinite) {
			t.Fatalf("%d workers: error %v, want ErrNonFinite", workers, err)
		}
		if workers == 1 {
			want = err.Error()
			continue
		}
		if err.Error() != want {
			t.Errorf("%d workers: error %q, want %q (1 worker)", workers, err, want)
		}
	}
}

// TestCausalMask: with Causal, block outputs of token i do not depend on
// tokens j > i: changing the last patch of an image leaves every earlier
// token of X^L unchanged, bit for bit, and changes the last one.
func TestCausalMask(t *testing.T) {
	for _, norm := range []NormKind{RMSNorm, PostNorm} {
		cfg := tinyConfig(0.6, 1.5, 2)
		cfg.Causal, cfg.Norm = true, norm
		rng := rand.New(rand.NewPCG(3, 4))
		m := New(cfg, rng)
		x, y := randomBatch(cfg, 1, rng)
		if _, _, err := m.Loss(x, y); err != nil {
			t.Fatal(err)
		}
		n, d := m.n, m.d
		before := append([]float64(nil), m.out.Data[:n*d]...)
		x[len(x)-1] += 0.5 // bottom-right pixel: in the last patch
		if _, _, err := m.Loss(x, y); err != nil {
			t.Fatal(err)
		}
		for i, v := range m.out.Data[:(n-1)*d] {
			if v != before[i] {
				t.Fatalf("norm %d: token %d of X^L changed with the last patch", norm, i/d)
			}
		}
		changed := false
		for i := (n - 1) * d; i < n*d; i++ {
			changed = changed || m.out.Data[i] != before[i]
		}
		if !changed {
			t.Errorf("norm %d: the last token did not change with its own patch", norm)
		}
	}
}

// TestPostNormRows: with PostNorm every token of X^(A) and of each block
// output has norm √d (to rounding).
func TestPostNormRows(t *testing.T) {
	cfg := tinyConfig(0.8, 2, 2)
	cfg.Norm = PostNorm
	rng := rand.New(rand.NewPCG(3, 5))
	m := New(cfg, rng)
	x, y := randomBatch(cfg, 2, rng)
	if _, _, err := m.Loss(x, y); err != nil {
		t.Fatal(err)
	}
	N, d := 2*m.n, m.d
	check := func(what string, g []float64) {
		for i := range N {
			var s float64
			for _, v := range g[i*d : (i+1)*d] {
				s += v * v
			}
			if math.Abs(s/float64(d)-1) > 1e-14 {
				t.Errorf("%s row %d: |x|²/d = %v, want 1", what, i, s/float64(d))
			}
		}
	}
	for l := range m.c {
		check(fmt.Sprintf("block %d X^(A)", l), m.c[l].xa.Data)
	}
	check("X^L", m.out.Data)
}

package vit

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestEmbedAndOffsets checks Embed against X⁰ written out from the
// tensors (c + e_0; E x_j + b + e_j with x_j the j-th patch, patches and
// pixels row-major) on a non-square image, and that every Tensor's Offset
// locates its Value in Params() and its Grad in Grads(). Both sides sum
// the same products in possibly different orders: tolerance 1e-13.
func TestEmbedAndOffsets(t *testing.T) {
	cfg := Config{Rows: 6, Cols: 9, Patch: 3, D: 5, Layers: 2, MLPLayers: 1, Classes: 3,
		AlphaA: 0.5, AlphaM: 0.5, SigmaW: 1, SigmaA2: 1}
	rng := rand.New(rand.NewPCG(5, 6))
	m := New(cfg, rng)
	const B = 3
	x, _ := randomBatch(cfg, B, rng)
	got := m.Embed(x)
	ten := map[string]Tensor{}
	for _, tn := range m.Tensors() {
		ten[tn.Name] = tn
		if &m.Params()[tn.Offset] != &tn.Value[0] || &m.Grads()[tn.Offset] != &tn.Grad[0] {
			t.Errorf("%s: Offset %d does not locate its Value/Grad", tn.Name, tn.Offset)
		}
	}
	E, b, cls, pos := ten["embed.E"].Value, ten["embed.b"].Value, ten["embed.cls"].Value, ten["embed.pos"].Value
	n, d, p, P := cfg.Tokens(), cfg.D, cfg.Patch, cfg.PatchDim()
	if len(got) != B*n*d {
		t.Fatalf("Embed returned %d values, want B·n·d = %d", len(got), B*n*d)
	}
	for s := range B {
		img := x[s*cfg.Pixels() : (s+1)*cfg.Pixels()]
		for j := range n {
			for k := range d {
				want := pos[j*d+k]
				if j == 0 {
					want += cls[k]
				} else {
					pr, pc := (j-1)/(cfg.Cols/p), (j-1)%(cfg.Cols/p)
					want += b[k]
					for u := range p {
						for v := range p {
							want += E[k*P+u*p+v] * img[(pr*p+u)*cfg.Cols+pc*p+v]
						}
					}
				}
				if g := got[(s*n+j)*d+k]; math.Abs(g-want) > 1e-13*(1+math.Abs(want)) {
					t.Errorf("X⁰[%d][%d][%d] = %v, want %v", s, j, k, g, want)
				}
			}
		}
	}
}

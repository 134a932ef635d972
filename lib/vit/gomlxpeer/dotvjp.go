package gomlxpeer

import (
	"slices"
	"sync"

	. "github.com/gomlx/gomlx/pkg/core/graph"
	"github.com/gomlx/gomlx/pkg/core/shapes"
)

// gomlx v0.26.0 differentiates DotGeneral (pkg/core/graph/ops_helpers.go,
// dotGeneralVJP) by materialising the broadcast product of the adjoint and
// the other operand and summing it: for Y = X Wᵀ with X [B, n, d] the
// gradient of W goes through a [B, n, d, d] tensor, which the simplego
// backend multiplies and reduces element by element. The textbook VJP
//
//	Y = X Wᵀ  ⇒  X̄ = Ȳ W,  W̄ = Ȳᵀ X
//
// (in general: the adjoint of each operand is a DotGeneral of the output
// adjoint with the other operand over the other's cross axes, then a
// transpose) costs the same flops as the forward product and runs in
// simplego's blocked matmul. Options.FastDotVJP selects it for the
// DotGeneral nodes the peer builds; it is installed once into gomlx's
// process-wide graph.VJPRegistration, where it falls back to the stock
// VJP for every DotGeneral it did not build, so other gomlx users in the
// process are unaffected.

// dotSpec records the axes of a DotGeneral built by dot.
type dotSpec struct{ lc, lb, rc, rb []int }

var (
	dotSpecs     sync.Map // *Node → dotSpec
	installFast  sync.Once
	stockDotVJP  VJP
	fastDotNodes = func(n *Node) (dotSpec, bool) {
		s, ok := dotSpecs.Load(n)
		if !ok {
			return dotSpec{}, false
		}
		return s.(dotSpec), true
	}
)

func installFastDotVJP() {
	installFast.Do(func() {
		stockDotVJP = VJPRegistration[NodeTypeDotGeneral]
		VJPRegistration[NodeTypeDotGeneral] = func(node *Node, v []*Node, outputShape shapes.Shape) []*Node {
			if s, ok := fastDotNodes(node); ok {
				return s.vjp(node, v[0])
			}
			return stockDotVJP(node, v, outputShape)
		}
	})
}

// dot is DotGeneral(lhs, lc, lb, rhs, rc, rb); with fast set it records
// the node for the textbook VJP (forget releases the records).
func (b *builder) dot(lhs *Node, lc, lb []int, rhs *Node, rc, rb []int) *Node {
	n := DotGeneral(lhs, lc, lb, rhs, rc, rb)
	if b.fast {
		dotSpecs.Store(n, dotSpec{lc, lb, rc, rb})
		b.dots = append(b.dots, n)
	}
	return n
}

// forget drops the records of the nodes built by b.
func (b *builder) forget() {
	for _, n := range b.dots {
		dotSpecs.Delete(n)
	}
	b.dots = nil
}

// crossAxes lists the axes of a rank-r operand that are neither
// contracted nor batch, ascending (DotGeneral's output order).
func crossAxes(r int, contracting, batch []int) []int {
	var out []int
	for a := range r {
		if !slices.Contains(contracting, a) && !slices.Contains(batch, a) {
			out = append(out, a)
		}
	}
	return out
}

func seq(from, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = from + i
	}
	return out
}

// vjp returns the adjoints of both operands of the DotGeneral node given
// the adjoint v of its output [batch…, lhs cross…, rhs cross…].
func (s dotSpec) vjp(node, v *Node) []*Node {
	in := node.Inputs()
	lhs, rhs := in[0], in[1]
	nb := len(s.lb)
	lcross := crossAxes(lhs.Rank(), s.lc, s.lb)
	rcross := crossAxes(rhs.Rank(), s.rc, s.rb)
	vBatch := seq(0, nb)
	vL, vR := seq(nb, len(lcross)), seq(nb+len(lcross), len(rcross))
	return []*Node{
		adjoint(lhs.Rank(), s.lb, lcross, s.lc, v, vBatch, vR, rhs, rcross, s.rb, s.rc),
		adjoint(rhs.Rank(), s.rb, rcross, s.rc, v, vBatch, vL, lhs, lcross, s.lb, s.lc),
	}
}

// adjoint contracts v with the other operand over the other's cross axes
// (batch axes paired), giving [batch…, this cross…, other contracting
// (ascending)…], and transposes that into this operand's axis order: this
// batch axis thisB[k] is result axis k, this cross axis thisCross[j] is
// nb+j, and this contracting axis thisC[k] pairs with otherC[k], found at
// its rank among the sorted otherC.
func adjoint(rank int, thisB, thisCross, thisC []int, v *Node, vBatch, vOtherCross []int,
	other *Node, otherCross, otherB, otherC []int) *Node {
	res := DotGeneral(v, vOtherCross, vBatch, other, otherCross, otherB)
	nb := len(thisB)
	perm := make([]int, rank)
	for k, a := range thisB {
		perm[a] = k
	}
	for j, a := range thisCross {
		perm[a] = nb + j
	}
	sorted := slices.Sorted(slices.Values(otherC))
	for j, oc := range sorted {
		k := slices.Index(otherC, oc)
		perm[thisC[k]] = nb + len(thisCross) + j
	}
	if slices.Equal(perm, seq(0, rank)) {
		return res
	}
	return TransposeAllAxes(res, perm...)
}

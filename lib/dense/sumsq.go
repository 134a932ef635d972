package dense

// SumSq returns Σ_j x_j² in four interleaved partial sums (j mod 4)
// combined as (s₀+s₁)+(s₂+s₃), a product then a sum, never fused: the
// sums of NormalizeRow, the same bits on every path (TestSumSqPaths). It
// is rankblock's squared gradient and Jacobian norms, which ran through
// gonum's scaled mat.Norm; Dot and Sum (dot.go) share its lanes.
func SumSq(x []float64) float64 { return sum4(x, 0, true) }

package compose

// SimBytes is the memory, in bytes, that one simulated network of b takes
// (Simulate allocates it once per worker; what newSimNet allocates, float64
// buffers only): per block the weights W^Q, W^K, W^V (3d²) and W⁰..W^ℓ
// (d·h + (ℓ−1)h² + h·d, or d² when ℓ = 0) and the forward caches (8 n×d,
// the n×n attention and one per head when H > 1, 2ℓ n×h, 2n); once the
// output, the reverse pass's workspace and the input (11 n×d, ℓ n×h, n×n,
// 2n). It is computed in float64, so it does not overflow for any valid b.
func (b Block) SimBytes() float64 {
	n, d, h := float64(b.N), float64(b.D), float64(b.FF.Hidden)
	ell, H := float64(b.FF.Layers), float64(b.Attn.Heads)
	ff := d * d
	if b.FF.Layers > 0 {
		ff = d*h + (ell-1)*h*h + h*d
	}
	heads := 0.0
	if b.Attn.Heads > 1 {
		heads = H * n * n
	}
	perBlock := 3*d*d + ff + 8*n*d + n*n + heads + 2*ell*n*h + 2*n
	once := 11*n*d + ell*n*h + n*n + 2*n
	return 8 * (float64(b.Depth)*perBlock + once)
}

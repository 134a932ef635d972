package tokennet

// Bytes is the memory, in bytes, that one transformer of cfg takes (the
// float64 buffers newTransformer allocates): per block the weights Q, K,
// V and W⁰..W^ℓ ((ℓ+4)d²) and the caches (7 n×d, ℓ n×d, ℓ more when Act
// is set, n×n, 2n); once the output and the reverse pass's workspace
// (7 n×d, ℓ n×d, n×n). The simulations hold Workers+1 of them (one when
// Workers <= 1). Computed in float64: no overflow for any valid cfg.
func (cfg TransformerConfig) Bytes() float64 {
	n, d, l := float64(cfg.N), float64(cfg.D), float64(cfg.MLPLayers)
	acts := l
	if cfg.Act != nil {
		acts *= 2
	}
	perBlock := (l+4)*d*d + 7*n*d + acts*n*d + n*n + 2*n
	once := 7*n*d + l*n*d + n*n
	return 8 * (float64(cfg.Layers)*perBlock + once)
}

package tokennet

import (
	"runtime"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// TestTransformerBytes compares Bytes with what newTransformer allocates,
// measured by the runtime's allocation counter (within 10 %: the float64
// buffers dominate).
func TestTransformerBytes(t *testing.T) {
	relu := activation.ReLU()
	for _, cfg := range []TransformerConfig{
		PaperTransformer(0.5, 1),
		{N: 32, D: 48, Layers: 5, MLPLayers: 3, AlphaA: 0.5, AlphaM: 0.5, SigmaW: 1, SigmaA2: 1, Act: &relu},
	} {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		tr := newTransformer(cfg)
		runtime.ReadMemStats(&m1)
		runtime.KeepAlive(tr)
		got, est := float64(m1.TotalAlloc-m0.TotalAlloc), cfg.Bytes()
		if est < 0.9*got || est > 1.1*got {
			t.Errorf("n=%d d=%d L=%d ℓ=%d: Bytes %.0f, newTransformer allocated %.0f", cfg.N, cfg.D, cfg.Layers, cfg.MLPLayers, est, got)
		}
	}
}

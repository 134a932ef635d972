package compose

import (
	"runtime"
	"testing"
)

// TestSimBytes compares SimBytes with what newSimNet allocates, measured
// by the runtime's allocation counter (the float64 buffers dominate: the
// estimate must be within 10 % of the measurement, slices' headers and
// the struct making up the rest).
func TestSimBytes(t *testing.T) {
	for _, b := range []Block{
		DefaultBlock(),
		func() Block {
			b := DefaultBlock()
			b.N, b.D, b.Depth, b.FF.Hidden, b.FF.Layers = 32, 96, 6, 128, 2
			return b
		}(),
		func() Block { b := DefaultBlock(); b.Attn.Heads = 4; b.FF.Layers = 0; return b }(),
	} {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		nt := newSimNet(b)
		runtime.ReadMemStats(&m1)
		runtime.KeepAlive(nt)
		got, est := float64(m1.TotalAlloc-m0.TotalAlloc), b.SimBytes()
		if est < 0.9*got || est > 1.1*got {
			t.Errorf("n=%d d=%d L=%d h=%d ℓ=%d H=%d: SimBytes %.0f, newSimNet allocated %.0f", b.N, b.D, b.Depth, b.FF.Hidden, b.FF.Layers, b.Attn.Heads, est, got)
		}
	}
}

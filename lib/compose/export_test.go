package compose

import "github.com/sigprop/sigprop/lib/empirical"

// NetworkRun returns one network of b drawn and run as Simulate runs each
// of its networks (weights, input, forward, backward from iid R), giving
// its input's squared gradient norm: for the external benchmark against
// tokennet (network_bench_test.go), which imports compose.
func NetworkRun(b Block) func(src *empirical.PCG) (float64, error) {
	nt := newSimNet(b)
	s := SimSettings{Q0: float64(b.D), Rho0: 0.3, Backward: true}
	var per [4][]float64
	return func(src *empirical.PCG) (float64, error) {
		err := nt.run(&per, src, s)
		return per[3][0], err
	}
}

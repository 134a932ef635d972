// Package openblas switches gonum's BLAS (gonum.org/v1/gonum/blas/blas64),
// which every matrix product in sigprop goes through, from gonum's pure-Go
// implementation to OpenBLAS via cgo, when built with the `openblas` tag:
//
//	import _ "github.com/sigprop/sigprop/lib/openblas"
//	go test -tags openblas -bench . ./lib/tokennet/
//
// Without the tag the package is empty and sigprop stays pure Go, so the
// README's two commands need nothing but the Go toolchain. With it, cgo
// links -lopenblas (Debian: apt-get install libopenblas-dev).
//
// Why: gonum's Go dgemm runs at 5–8 GFLOP/s on this project's 2-core
// machines, OpenBLAS at 40–60; the random-transformer forward and backward
// pass (Cowsik et al. 2024 simulator, lib/tokennet) and training (lib/vit)
// are dominated by dgemm, so the tag is what makes them as fast as PyTorch
// on CPU. Results agree to rounding (different summation order), not
// bit for bit: reports are generated without the tag.
package openblas

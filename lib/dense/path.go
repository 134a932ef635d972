package dense

// useAsm selects the assembly kernels. It starts as hasAsm (amd64 with
// AVX2 and FMA, see path_amd64.go); SetAssembly switches it.
var useAsm = hasAsm

// Assembly reports whether the kernels currently run on the AVX2+FMA
// assembly path (true) or the portable Go path (false).
func Assembly() bool { return useAsm }

// SetAssembly selects the assembly path (on, honoured only where the CPU
// has AVX2 and FMA) or the portable Go path (off), and returns the previous
// setting. It is meant for tests and benchmarks that compare the two paths;
// it must not be called while another goroutine runs a kernel of this
// package.
func SetAssembly(on bool) (previous bool) {
	previous = useAsm
	useAsm = on && hasAsm
	return previous
}

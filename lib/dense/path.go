package dense

import (
	"fmt"
	"os"
)

// Path names one implementation of the kernels. On a given Path and
// machine the same inputs give the same bits; different paths differ by
// rounding (see doc.go).
type Path int

const (
	// Portable is gonum's pure-Go dgemm, math.Exp and math.Tanh; it runs
	// everywhere.
	Portable Path = iota
	// AVX2 is the AVX2+FMA assembly: Gemm's 6×8 micro-kernel
	// (gemm_amd64.s), Exp and Tanh four values at a time.
	AVX2
	// AVX512 is Gemm's 8×16 AVX-512F micro-kernels (gemm512_amd64.s) in
	// their own blocking and the row kernels eight values at a time, all
	// with the AVX2 path's bits.
	AVX512
)

// PathEnv is the environment variable that, when set to a path's name
// ("portable", "avx2", "avx512"), selects that path when the package is
// initialised instead of the best one the CPU runs; a report run with
// SIGPROP_DENSE_PATH=avx2 reproduces the AVX2 path's bits on an AVX-512
// machine. An unknown name, or a path the CPU cannot run, panics at
// initialisation (the process was asked for something it cannot give).
const PathEnv = "SIGPROP_DENSE_PATH"

// curPath is the path the kernels run on; SetPath switches it.
var curPath = initialPath()

func initialPath() Path {
	s := os.Getenv(PathEnv)
	if s == "" {
		return best()
	}
	p, err := ParsePath(s)
	if err != nil {
		panic(fmt.Sprintf("dense: %s: %v", PathEnv, err))
	}
	if !Available(p) {
		panic(fmt.Sprintf("dense: %s=%s: this CPU cannot run the %s path (it runs %v)", PathEnv, s, p, Paths()))
	}
	return p
}

// best is the fastest path this CPU runs.
func best() Path {
	switch {
	case hasAVX512:
		return AVX512
	case hasAsm:
		return AVX2
	}
	return Portable
}

func (p Path) String() string {
	switch p {
	case Portable:
		return "portable"
	case AVX2:
		return "avx2"
	case AVX512:
		return "avx512"
	}
	return fmt.Sprintf("Path(%d)", int(p))
}

// ParsePath returns the path named s ("portable", "avx2" or "avx512").
func ParsePath(s string) (Path, error) {
	for _, p := range []Path{Portable, AVX2, AVX512} {
		if s == p.String() {
			return p, nil
		}
	}
	return 0, fmt.Errorf("unknown kernel path %q: want portable, avx2 or avx512", s)
}

// Available reports whether this CPU runs path p: Portable always, AVX2
// on amd64 with AVX2 and FMA, AVX512 with AVX-512F as well (as reported
// by golang.org/x/sys/cpu, which also checks that the OS saves the zmm
// state).
func Available(p Path) bool {
	switch p {
	case Portable:
		return true
	case AVX2:
		return hasAsm
	case AVX512:
		return hasAVX512
	}
	return false
}

// Paths returns the paths this CPU runs, Portable first.
func Paths() []Path {
	var ps []Path
	for _, p := range []Path{Portable, AVX2, AVX512} {
		if Available(p) {
			ps = append(ps, p)
		}
	}
	return ps
}

// CurrentPath returns the path the kernels run on.
func CurrentPath() Path { return curPath }

// SetPath selects path p and returns the previous one. It panics if this
// CPU cannot run p (see Available). It is meant for tests and benchmarks
// that compare paths; it must not be called while another goroutine runs a
// kernel of this package.
func SetPath(p Path) (previous Path) {
	if !Available(p) {
		panic(fmt.Sprintf("dense: SetPath(%v): this CPU runs only %v", p, Paths()))
	}
	previous, curPath = curPath, p
	return previous
}

// Assembly reports whether the kernels run on an assembly path (AVX2 or
// AVX512) rather than the portable Go one.
func Assembly() bool { return curPath != Portable }

// SetAssembly selects the best assembly path this CPU runs (on; the
// portable path where it runs none) or the portable path (off), and
// returns whether the previous path was an assembly one. Use SetPath to
// choose between AVX2 and AVX512. The same caveat as SetPath applies.
func SetAssembly(on bool) (previous bool) {
	previous = Assembly()
	if on {
		curPath = best()
	} else {
		curPath = Portable
	}
	return previous
}

package sde

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// simulateBoth runs Simulate with the block integrator and with the
// one-path reference (runPath).
func simulateBoth(t *testing.T, p Process, v mat.Matrix, T float64, paths int, seed uint64, s Settings) (blk, ref *Result, errB, errR error) {
	t.Helper()
	blk, errB = Simulate(p, v, T, paths, seed, s)
	scalarOnly = true
	defer func() { scalarOnly = false }()
	ref, errR = Simulate(p, v, T, paths, seed, s)
	return
}

// sameBits reports the first difference between two results: terminal
// states compared bit for bit, flags, stop times and violation counts.
func sameBits(a, b *Result) error {
	for i := range a.Final {
		if math.Float64bits(a.Final[i]) != math.Float64bits(b.Final[i]) {
			return fmt.Errorf("Final[%d] (path %d): %v vs %v", i, i/(a.M*a.M), a.Final[i], b.Final[i])
		}
	}
	for p := range a.Stopped {
		if a.Stopped[p] != b.Stopped[p] || a.StopTime[p] != b.StopTime[p] || a.PSDViolations[p] != b.PSDViolations[p] {
			return fmt.Errorf("path %d: stopped %v/%v at %v/%v, violations %d/%d", p,
				a.Stopped[p], b.Stopped[p], a.StopTime[p], b.StopTime[p], a.PSDViolations[p], b.PSDViolations[p])
		}
	}
	return nil
}

// TestBlocksMatchReference: the structure-of-arrays block integrator gives
// every path the bits of the one-path reference, on both kernel paths
// (assembly where available, and the Go loops), for every model kind, m = 1
// … 5, path counts that are not multiples of the block size, any worker
// count, and runs that exercise every branch of the guard: PSD projections
// (coarse step near ρ = 1, including the eigendecomposition branch), zero
// pivots (rank-one V₀), StopPath and FailRun, and the stop radius.
func TestBlocksMatchReference(t *testing.T) {
	type tc struct {
		name  string
		md    Model
		v     mat.Matrix
		T     float64
		paths int
		s     Settings
	}
	cases := []tc{
		{"attention m=4", Model{Kind: Attention, Gamma: 1 / math.Sqrt(8), Tau0: 1}, EquiCov(4, 1, 0.2), 0.5, 37, Settings{Step: 0.01}},
		{"attention m=1", Model{Kind: Attention, Gamma: 0.5, Tau0: 1}, EquiCov(1, 1, 0), 0.3, 5, Settings{}},
		{"transformer m=3", Model{Kind: Transformer, Gamma: 0.5, Tau0: 1, CMinus: -1}, v3, 0.5, 41, Settings{Workers: 3}},
		{"resnet m=5", Model{Kind: ResNet, Gamma: 0.7, CMinus: -1}, EquiCov(5, 2, 0.3), 0.4, 19, Settings{Step: 0.02}},
		{"mlp m=2", Model{Kind: MLP, CPlus: 0.5, CMinus: -1}, v0, 0.4, 33, Settings{Workers: 2}},
		{"project m=2", Model{Kind: Attention, Gamma: 1, Tau0: 0.5}, FromTri(2, 1, 0.995, 1), 1, 50, Settings{Step: 0.25}},
		{"project m=4", Model{Kind: Transformer, Gamma: 1, Tau0: 0.3, CMinus: -1}, EquiCov(4, 1, 0.99), 1, 50, Settings{Step: 0.2, Workers: 2}},
		{"stop path", Model{Kind: Attention, Gamma: 1, Tau0: 0.5}, FromTri(2, 1, 0.995, 1), 1, 50, Settings{Step: 0.25, OnNonPSD: StopPath}},
		{"fail run", Model{Kind: Attention, Gamma: 1, Tau0: 0.5}, FromTri(2, 1, 0.995, 1), 1, 50, Settings{Step: 0.25, OnNonPSD: FailRun}},
		{"rank one", Model{Kind: Transformer, Gamma: 0.7, Tau0: 1, CMinus: -1}, EquiCov(3, 1.3, 1), 0.3, 20, Settings{}},
		{"stop radius", Model{Kind: Attention, Gamma: 1 / math.Sqrt2, Tau0: 1}, v0, 1, 64, Settings{StopRadius: 2.5, Workers: 2}},
	}
	saved := useLaneAsm
	defer func() { useLaneAsm = saved }()
	for _, asm := range []bool{true, false} {
		if asm && !hasLaneAsm {
			t.Log("no assembly path on this machine")
			continue
		}
		useLaneAsm = asm
		for _, c := range cases {
			blk, ref, errB, errR := simulateBoth(t, c.md, c.v, c.T, c.paths, 5, c.s)
			if (errB == nil) != (errR == nil) || (errB != nil && errB.Error() != errR.Error()) {
				t.Errorf("asm=%v %s: errors %v vs %v", asm, c.name, errB, errR)
				continue
			}
			var npsd *NotPSDError
			if c.s.OnNonPSD == FailRun && !errors.As(errB, &npsd) {
				t.Errorf("%s: FailRun gave %v", c.name, errB)
			}
			if err := sameBits(blk, ref); err != nil {
				t.Errorf("asm=%v %s: %v", asm, c.name, err)
				continue
			}
			t.Logf("asm=%v %s: %d stopped, %d PSD-violating paths, bits equal", asm, c.name, blk.NumStopped(), blk.NumPSDViolating())
		}
	}
}

// TestNoAllocationPerStep: a run of 100 steps allocates exactly as much as
// a run of 1 step (the result, the blocks, their workspaces), so the step
// loop of the block integrator allocates nothing.
func TestNoAllocationPerStep(t *testing.T) {
	md := Model{Kind: Transformer, Gamma: 1 / math.Sqrt(8), Tau0: 1, CMinus: -1}
	v := EquiCov(4, 1, 0.2)
	allocs := func(T float64) float64 {
		return testing.AllocsPerRun(5, func() {
			if _, err := Simulate(md, v, T, 40, 1, Settings{Step: 0.01}); err != nil {
				t.Fatal(err)
			}
		})
	}
	one, many := allocs(0.01), allocs(1)
	t.Logf("allocations: %v for 1 step, %v for 100 steps", one, many)
	if many != one {
		t.Errorf("100 steps allocate %v times, 1 step %v: the step loop allocates", many, one)
	}
}

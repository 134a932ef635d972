package sde

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// resultHash is the SHA-256 of a Result's Final and StopTime (IEEE-754
// bits, little-endian), then per path its PSDViolations and Stopped.
func resultHash(r *Result) string {
	h := sha256.New()
	var b [8]byte
	for _, x := range slices.Concat(r.Final, r.StopTime) {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(x))
		h.Write(b[:])
	}
	for p := range r.Stopped {
		s := byte(0)
		if r.Stopped[p] {
			s = 1
		}
		binary.LittleEndian.PutUint64(b[:], uint64(r.PSDViolations[p]))
		h.Write(append(b[:], s))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestTimesDefaultUnchanged: without Settings.Times (nil or empty) Simulate
// integrates as it did before the field existed: the hashes below are of
// runs at commit 12030f0 (before Times), for the block integrator, a run
// through the PSD guard (h = 0.25 near ρ = 1: projections), and the
// one-path integrator (OU). Nothing is recorded.
func TestTimesDefaultUnchanged(t *testing.T) {
	for _, tc := range []struct {
		name  string
		p     Process
		v     mat.Matrix
		T     float64
		paths int
		seed  uint64
		s     Settings
		hash  string
	}{
		{"transformer m=3 (blocks)", Model{Kind: Transformer, Gamma: 0.5, Tau0: 1, CMinus: -1}, v3, 0.55, 37, 9, Settings{Workers: 2},
			"3e891a2ceffe5c3629b88de2c27b11af52b37193c12ec3dcaf4fe92d23903c08"},
		{"attention near ρ=1, h=0.25 (PSD guard)", Model{Kind: Attention, Gamma: 1, Tau0: 0.5}, FromTri(2, 1, 0.995, 1), 1, 40, 4, Settings{Step: 0.25},
			"1a875c71f76933c5db962a8fb033d66c5460d444127b0a95f8504fcc9fda567e"},
		{"OU m=3 (one path at a time)", OU{Theta: 2, Sigma: 1}, EquiCov(3, 1, 0), 0.3, 20, 5, Settings{Step: 0.03},
			"9ee48aa4295811c44859741a7aed6a9a79691bd4245349b72f25ad4af85d511a"},
	} {
		for _, times := range [][]float64{nil, {}} {
			tc.s.Times = times
			r, err := Simulate(tc.p, tc.v, tc.T, tc.paths, tc.seed, tc.s)
			if err != nil {
				t.Fatal(err)
			}
			if h := resultHash(r); h != tc.hash {
				t.Errorf("%s, Times %v: hash %s, want %s (the run of commit 12030f0)", tc.name, times, h, tc.hash)
			}
			if r.Times != nil || r.Recorded != nil {
				t.Errorf("%s, Times %v: recorded %v, %d values; want nothing", tc.name, times, r.Times, len(r.Recorded))
			}
			if strings.Contains(tc.name, "guard") && r.NumPSDViolating() == 0 {
				t.Errorf("%s: no PSD violation, so the guard's branch is not covered", tc.name)
			}
		}
	}
}

// TestTimesMatchSeparateRuns: the state recorded at each time t equals the
// final state of a separate run to T = t with the same seed: bit for bit
// at a time off the grid k·Step with no earlier time off it (0.333 here),
// and at a time on the grid to the rounding of the separate run's last
// step (t − (k−1)h against h): within 1e-12 of the largest |V| entry. The
// state at t = 0 is V₀ and the one at t = T is Final. Times on the grid
// leave the run itself unchanged: its final state equals, bit for bit,
// that of a run without Times. Covered: the block integrator and the
// one-path reference (the recorded bits agree between them), OU, the PSD
// guard with StopPath, and paths that all stop (stop radius below ‖V₀‖_F)
// at the first step, whose records are the frozen final state.
func TestTimesMatchSeparateRuns(t *testing.T) {
	tr := Model{Kind: Transformer, Gamma: 0.5, Tau0: 1, CMinus: -1}
	for _, tc := range []struct {
		name   string
		p      Process
		v      mat.Matrix
		T      float64
		times  []float64
		onGrid int // times[:onGrid] and no others lie on the grid
		s      Settings
	}{
		{"transformer m=3", tr, v3, 0.55, []float64{0, 0.1, 0.25, 0.333, 0.55}, 3, Settings{Workers: 2}},
		{"OU m=3", OU{Theta: 2, Sigma: 1}, EquiCov(3, 1, 0), 0.3, []float64{0.03, 0.12, 0.21, 0.3}, 4, Settings{Step: 0.03}},
		{"attention near ρ=1, StopPath", Model{Kind: Attention, Gamma: 1, Tau0: 0.5}, FromTri(2, 1, 0.995, 1), 2, []float64{0.5, 0.75, 1.5}, 3,
			Settings{Step: 0.25, OnNonPSD: StopPath}},
		{"all stopped", tr, v3, 0.5, []float64{0.2, 0.3}, 2, Settings{StopRadius: 1.5}},
	} {
		s := tc.s
		s.Times = tc.times
		blk, ref, errB, errR := simulateBoth(t, tc.p, tc.v, tc.T, 40, 7, s)
		if errB != nil || errR != nil {
			t.Fatal(errB, errR)
		}
		if err := sameBits(blk, ref); err != nil || !slices.Equal(blk.Recorded, ref.Recorded) {
			t.Errorf("%s: block and one-path integrators differ: %v (recorded equal: %v)", tc.name, err, slices.Equal(blk.Recorded, ref.Recorded))
		}
		mm := blk.M * blk.M
		if !slices.Equal(blk.Times, tc.times) || len(blk.Recorded) != len(tc.times)*blk.Paths*mm {
			t.Fatalf("%s: Times %v, %d recorded values", tc.name, blk.Times, len(blk.Recorded))
		}
		rec := func(i int) []float64 { return blk.Recorded[i*blk.Paths*mm : (i+1)*blk.Paths*mm] }
		for i, tau := range tc.times {
			if tau == tc.T {
				if !slices.Equal(rec(i), blk.Final) {
					t.Errorf("%s: state recorded at t = T is not Final", tc.name)
				}
				continue
			}
			if i > tc.onGrid {
				continue // an earlier time off the grid: the grids differ
			}
			sep, err := Simulate(tc.p, tc.v, tau, 40, 7, tc.s)
			if err != nil {
				t.Fatal(err)
			}
			d, scale := maxDiff(rec(i), sep.Final)
			switch {
			case i == tc.onGrid && d != 0:
				t.Errorf("%s: state recorded at t = %v (off the grid) differs from a run to t by %.3g, want bit for bit", tc.name, tau, d)
			case d > 1e-12*scale:
				t.Errorf("%s: state recorded at t = %v differs from a run to t by %.3g (max |V| %.3g), more than rounding", tc.name, tau, d, scale)
			default:
				t.Logf("%s: t = %v: max |recorded − run to t| = %.3g (max |V| %.3g)", tc.name, tau, d, scale)
			}
		}
		if tc.times[0] == 0 {
			for p := 0; p < blk.Paths; p++ {
				if !mat.Equal(blk.RecordedAt(0, p), tc.v) {
					t.Errorf("%s: path %d at t = 0 is not V₀", tc.name, p)
				}
			}
		}
		switch tc.name {
		case "attention near ρ=1, StopPath":
			if blk.NumStopped() == 0 {
				t.Errorf("%s: no path stopped: StopPath not covered", tc.name)
			}
		case "all stopped":
			if blk.NumStopped() != blk.Paths || slices.Max(blk.StopTime) >= tc.times[0] {
				t.Errorf("%s: %d of %d stopped, last at %v; want all before t = %v", tc.name, blk.NumStopped(), blk.Paths, slices.Max(blk.StopTime), tc.times[0])
			}
			for i := range tc.times {
				if !slices.Equal(rec(i), blk.Final) {
					t.Errorf("%s: record %d is not the frozen final state", tc.name, i)
				}
			}
		}
		if tc.onGrid == len(tc.times) {
			plain, err := Simulate(tc.p, tc.v, tc.T, 40, 7, tc.s)
			if err != nil {
				t.Fatal(err)
			}
			if err := sameBits(blk, plain); err != nil {
				t.Errorf("%s: times on the grid changed the run: %v", tc.name, err)
			}
		}
	}
}

// maxDiff returns max |a−b| and max |a|.
func maxDiff(a, b []float64) (d, scale float64) {
	for i, x := range a {
		d, scale = max(d, math.Abs(x-b[i])), max(scale, math.Abs(x))
	}
	return d, scale
}

// TestScheduleGrid checks the step grid of newRunSchedule directly: step
// counts, lengths in (0, h] summing to T, times on the grid adding no step
// (the steps are those of a run without them), and the steps up to the
// first time off the grid those of a run to it.
func TestScheduleGrid(t *testing.T) {
	expand := func(sc runSchedule, h float64) []float64 {
		st := stepper{sc: &sc, step: h}
		out := make([]float64, sc.n)
		for k := range out {
			out[k] = st.length(k)
		}
		return out
	}
	const h = 0.1
	for _, tc := range []struct {
		T     float64
		times []float64
		n     int
		rec   []int
	}{
		{1, nil, 10, nil},
		{0, []float64{0}, 0, []int{0}},
		{1, []float64{0, 0.3, 1}, 10, []int{0, 3, 10}}, // on the grid: no step added
		{1, []float64{0.35}, 11, []int{4}},             // 0.35 splits step 4
		{1, []float64{0.31, 0.36}, 12, []int{4, 5}},    // two times in one grid interval
		{1.05, []float64{0.5}, 11, []int{5}},           // T off the grid: last step 0.05
	} {
		sc := newRunSchedule(tc.T, h, tc.times)
		hs := expand(sc, h)
		sum := 0.0
		for _, x := range hs {
			sum += x
			if !(x > 0 && x <= h*(1+1e-9)) {
				t.Errorf("T=%v times %v: step length %v", tc.T, tc.times, x)
			}
		}
		if sc.n != tc.n || !slices.Equal(sc.rec, tc.rec) || math.Abs(sum-tc.T) > 1e-12 {
			t.Errorf("T=%v times %v: %d steps, records after %v, sum %v; want %d, %v, %v", tc.T, tc.times, sc.n, sc.rec, sum, tc.n, tc.rec, tc.T)
		}
		if plain := expand(newRunSchedule(tc.T, h, nil), h); !slices.Equal(hs, plain) && tc.n == len(plain) {
			t.Errorf("T=%v times %v on the grid: steps %v, a run without them takes %v", tc.T, tc.times, hs, plain)
		}
		// The steps to the first time off the grid are those of a run to it.
		for i, tau := range tc.times {
			if x := tau / h; math.Abs(x-math.Round(x)) > 1e-9 {
				if alone := expand(newRunSchedule(tau, h, nil), h); !slices.Equal(hs[:sc.rec[i]], alone) {
					t.Errorf("T=%v times %v: steps to %v are %v, a run to it takes %v", tc.T, tc.times, tau, hs[:sc.rec[i]], alone)
				}
				break
			}
		}
	}
}

// TestTimesBadInput: Times out of [0, T], not increasing, or NaN is an
// ErrParam naming the field and its index; an index past the recorded
// times panics.
func TestTimesBadInput(t *testing.T) {
	md := Model{Kind: Attention, Gamma: 0.5, Tau0: 1}
	for _, tc := range []struct {
		times []float64
		want  string
	}{
		{[]float64{-0.1}, "Settings.Times[0]"},
		{[]float64{0.2, 1.5}, "Settings.Times[1]"},
		{[]float64{0.5, 0.2}, "Settings.Times[1]"},
		{[]float64{0.2, 0.2}, "Settings.Times[1]"},
		{[]float64{math.NaN()}, "Settings.Times[0]"},
		{[]float64{0.1, math.Inf(1)}, "Settings.Times[1]"},
	} {
		_, err := Simulate(md, v0, 1, 4, 1, Settings{Times: tc.times})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Times %v: err = %v, want ErrParam naming %s", tc.times, err, tc.want)
		} else {
			t.Logf("Times %v: %v", tc.times, err)
		}
	}
	// Asking a run for a time it did not record is a caller bug.
	r, err := Simulate(md, v0, 1, 4, 1, Settings{Times: []float64{0.5}})
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(){
		"CorrAt(1)":         func() { r.CorrAt(1, 0, 1) },
		"RecordedAt(-1, 0)": func() { r.RecordedAt(-1, 0) },
		"RecordedAt(0, 4)":  func() { r.RecordedAt(0, 4) },
		"FiniteCorrAt(2)":   func() { r.FiniteCorrAt(2, 0, 1) },
	} {
		func() {
			defer func() {
				if p, ok := recover().(string); !ok || !strings.HasPrefix(p, "sde: ") {
					t.Errorf("%s: panic %v, want one starting \"sde: \"", name, p)
				}
			}()
			f()
		}()
	}
}

// TestCorrPathAgainstTheory checks the recorded path in law. (1) OU: the
// mean diagonal at each grid time t = k·h equals the exact Euler–Maruyama
// mean (1−θh)^k (θ = 2, h = 1/16, 20 000 paths, m = 2; tolerance 4.5
// standard errors). (2) The correlation path of the ResNet matrix SDE
// (Thm 3.2, m = 2, γ = 0.5, c₋ = −1, ρ₀ = 0.2, h = 0.005) at t = 1/12 …
// 1/3 against the 1-D correlation SDE ResNetCorr run separately to each
// t (lib/sources/noci2023.md#check-16: the same law), 8000 paths each:
// |Δ mean| within 4.5 combined standard errors (se ≈ 0.004 each).
func TestCorrPathAgainstTheory(t *testing.T) {
	const theta, h = 2.0, 1.0 / 16
	times := []float64{2 * h, 5 * h, 9 * h, 16 * h}
	r, err := Simulate(OU{Theta: theta, Sigma: 1}, EquiCov(2, 1, 0), 1, 20000, 3, Settings{Step: h, Times: times, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i, tau := range times {
		x := make([]float64, r.Paths)
		for p := range x {
			v := r.RecordedAt(i, p)
			x[p] = (v.At(0, 0) + v.At(1, 1)) / 2
		}
		m, se := MeanSE(x)
		want := math.Pow(1-theta*h, math.Round(tau/h))
		t.Logf("OU t=%.4f: E V^{ii} = %.5f ± %.5f (exact EM %.5f)", tau, m, se, want)
		if math.Abs(m-want) > 4.5*se {
			t.Errorf("OU t=%v: mean diagonal %v ± %v, want %v", tau, m, se, want)
		}
	}

	const n = 8000
	s := Settings{Step: 0.005, Workers: 2}
	times = []float64{1.0 / 12, 1.0 / 6, 1.0 / 4, 1.0 / 3}
	sm := s
	sm.Times = times
	rm, err := Simulate(Model{Kind: ResNet, Gamma: 0.5, CMinus: -1}, v0, 1.0/3, n, 41, sm)
	if err != nil {
		t.Fatal(err)
	}
	mean, se := rm.CorrPath(0, 1)
	for i, tau := range times {
		y, err := ResNetCorr{Gamma: 0.5, CMinus: -1}.Simulate(0.2, tau, n, uint64(42+i), s)
		if err != nil {
			t.Fatal(err)
		}
		m1, se1 := MeanSE(y)
		z := (mean[i] - m1) / math.Hypot(se[i], se1)
		t.Logf("t=%.4f: E ρ matrix SDE %.4f ± %.4f, 1-D SDE %.4f ± %.4f, z = %.2f", tau, mean[i], se[i], m1, se1, z)
		if math.Abs(z) > 4.5 {
			t.Errorf("t=%v: mean correlation %v ± %v, 1-D SDE %v ± %v (z = %.2f)", tau, mean[i], se[i], m1, se1, z)
		}
	}
	if mean[0] == mean[len(mean)-1] {
		t.Error("the correlation path does not move: nothing was tested")
	}
}

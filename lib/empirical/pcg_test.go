package empirical

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// pcgState reads rand.PCG's state through its binary form ("pcg:", hi, lo).
func pcgState(t testing.TB, p *rand.PCG) PCG {
	b, err := p.MarshalBinary()
	if err != nil || len(b) != 20 {
		t.Fatalf("rand.PCG.MarshalBinary: %v (%d bytes)", err, len(b))
	}
	return PCG{binary.BigEndian.Uint64(b[4:]), binary.BigEndian.Uint64(b[12:])}
}

// TestPCGBits: PCG gives rand.PCG's outputs and states for the same seeds.
func TestPCGBits(t *testing.T) {
	for _, seed := range [][2]uint64{{0, 0}, {1, 2}, {math.MaxUint64, 7}, {0x9e3779b97f4a7c15, SplitMix64(3)}} {
		ours, theirs := NewPCG(seed[0], seed[1]), rand.NewPCG(seed[0], seed[1])
		for i := range 10000 {
			if a, b := ours.Uint64(), theirs.Uint64(); a != b {
				t.Fatalf("seed %v, output %d: %#x, rand.PCG %#x", seed, i, a, b)
			}
		}
		if s := pcgState(t, theirs); *ours != s {
			t.Errorf("seed %v: state %v, rand.PCG's %v", seed, *ours, s)
		}
	}
}

// TestNormalsBits: Normals writes scale·NormFloat64() of rand.New on the
// same state, draw for draw, in calls of every length from 0 up (so
// that the tail and wedge draws, 1.3% of them, fall at every position of
// a call and of normalsBlocks' chunks, and across them), and leaves the
// state where those draws leave it; a rand.Rand drawing from the PCG
// between calls shares it. Both paths: the AVX-512 blocks where the CPU
// has them (normalsAsm), and the Go loop.
func TestNormalsBits(t *testing.T) {
	paths := []bool{false}
	if normalsAsm {
		paths = append(paths, true)
	} else {
		t.Log("no AVX-512 (F, DQ, VL) here: only the Go loop is tested")
	}
	defer func(asm bool) { normalsAsm = asm }(normalsAsm)
	for _, asm := range paths {
		normalsAsm = asm
		t.Run(map[bool]string{false: "go", true: "avx512"}[asm], testNormalsBits)
	}
}

func testNormalsBits(t *testing.T) {
	const n = 2_000_000
	ref := rand.NewPCG(5, 6)
	r := rand.New(ref)
	p := NewPCG(5, 6)
	pr := rand.New(p)
	got := make([]float64, 0, 1300)
	tails := 0
	for done, k := 0, 0; done < n; k++ {
		m := k % 1297
		scale := []float64{1, 0.5, -3, 1e-300}[k%4]
		got = got[:m]
		p.Normals(got, scale)
		for i, g := range got {
			z := r.NormFloat64()
			if want := scale * z; math.Float64bits(g) != math.Float64bits(want) {
				t.Fatalf("call %d (length %d, scale %g), draw %d: %v, rand %v", k, m, scale, i, g, want)
			}
			if math.Abs(z) > ZigguratR {
				tails++
			}
		}
		done += m
		if k%7 == 0 { // the rand.Rand on p draws from the same state
			if a, b := pr.Float64(), r.Float64(); a != b {
				t.Fatalf("call %d: Float64 after Normals %v, rand %v", k, a, b)
			}
		}
		if s := pcgState(t, ref); *p != s {
			t.Fatalf("call %d: state %v, rand's %v", k, *p, s)
		}
	}
	if tails == 0 {
		t.Errorf("no draw beyond r in %d: the base strip's tail was not reached", n)
	}
}

// TestZigguratTables: the tables built from r and v by Marsaglia and
// Tsang's recursion are math/rand/v2's, entry for entry (read from its
// source in GOROOT, the one Normals must agree with).
func TestZigguratTables(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", "math", "rand", "v2", "normal.go"))
	if err != nil {
		t.Skipf("math/rand/v2's source: %v", err)
	}
	src := string(b)
	table := func(name string) []string {
		i := strings.Index(src, "var "+name+" = [128]")
		if i < 0 {
			t.Fatalf("no table %s in math/rand/v2/normal.go", name)
		}
		body := src[i:]
		body = body[strings.Index(body, "{")+1 : strings.Index(body, "}")]
		return regexp.MustCompile(`0x[0-9a-fA-F]+|[-+0-9.eE]+`).FindAllString(body, -1)
	}
	number := func(s string, bits int) float64 {
		if strings.HasPrefix(s, "0x") {
			v, err := strconv.ParseUint(s, 0, bits)
			if err != nil {
				t.Fatal(err)
			}
			return float64(v)
		}
		v, err := strconv.ParseFloat(s, bits)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, tab := range []struct {
		name string
		ours func(i int) float64
		bits int
	}{
		{"kn", func(i int) float64 { return float64(zigK[i]) }, 32},
		{"wn", func(i int) float64 { return float64(zigW[i]) }, 32},
		{"fn", func(i int) float64 { return float64(zigF[i]) }, 32},
	} {
		entries := table(tab.name)
		if len(entries) != 128 {
			t.Fatalf("%s: %d entries read", tab.name, len(entries))
		}
		for i, s := range entries {
			want := number(s, tab.bits)
			if tab.name != "kn" {
				want = float64(float32(want))
			}
			if got := tab.ours(i); got != want {
				t.Errorf("%s[%d] = %v, math/rand/v2 %v", tab.name, i, got, want)
			}
		}
	}
}

var normalsSink []float64

// BenchmarkNormals: 16384 draws (a 128×128 weight matrix) by Normals (on
// the path this CPU takes), by its Go loop alone, and by
// rand.Rand.NormFloat64 on the same generator.
func BenchmarkNormals(b *testing.B) {
	d := make([]float64, 16384)
	b.Run("Normals", func(b *testing.B) {
		p := NewPCG(1, 2)
		for b.Loop() {
			p.Normals(d, 0.5)
		}
	})
	b.Run("NormalsGo", func(b *testing.B) {
		defer func(asm bool) { normalsAsm = asm }(normalsAsm)
		normalsAsm = false
		p := NewPCG(1, 2)
		for b.Loop() {
			p.Normals(d, 0.5)
		}
	})
	b.Run("NormFloat64", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		for b.Loop() {
			for i := range d {
				d[i] = 0.5 * r.NormFloat64()
			}
		}
	})
	normalsSink = d
}

// TestWedgeBounds: wedgeBounds never contradicts float32(e^v), the
// comparison it stands in for, in any strip: at both ends of the strip's
// wedge draws (|j| = k_i and 2³¹) and at random j between, for y equal to
// float32(e^v), the eight float32 values on either side of it, and
// uniform in the strip's height. It must decide almost every uniform y
// (what makes the wedge cheaper): undecided at most 1 in 10⁴ (measured
// 54 in 2.6·10⁶). Without its margin (2⁻²² → 0) or its remainder term,
// the first part fails.
func TestWedgeBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	undecided, uniform := 0, 0
	check := func(i uint64, x float64, y float32) bool {
		v := -.5 * x * x
		below, above := wedgeBounds(i, v, y)
		e := float32(math.Exp(v))
		if below && above || below && !(y < e) || above && y < e {
			t.Fatalf("strip %d, x = %v, y = %v: below %v, above %v, but float32(e^v) = %v", i, x, y, below, above, e)
		}
		return below || above
	}
	for i := uint64(1); i < 128; i++ {
		js := []float64{float64(zigK[i]), 1 << 31}
		for range 200 {
			js = append(js, float64(zigK[i])+math.Floor(rng.Float64()*(1<<31-float64(zigK[i]))))
		}
		for _, j := range js {
			for _, sign := range []float64{1, -1} {
				x := sign * j * float64(zigW[i])
				y := float32(math.Exp(-.5 * x * x))
				for range 8 {
					y = math.Nextafter32(y, 0)
				}
				for range 17 {
					check(i, x, y)
					y = math.Nextafter32(y, 2)
				}
				for range 50 {
					y := zigF[i] + float32(rng.Float64())*(zigF[i-1]-zigF[i])
					uniform++
					if !check(i, x, y) {
						undecided++
					}
				}
			}
		}
	}
	t.Logf("undecided: %d of %d uniform y", undecided, uniform)
	if undecided*10_000 > uniform {
		t.Errorf("undecided for %d of %d uniform y: the bounds are too loose", undecided, uniform)
	}
}

// TestNormalsJumps: pcgJumps[k] gives the state of k Uint64 calls for
// every k it holds, and the jumps in normalsTable, the state after j+1
// steps in lane j and after eight in every lane, are those of j+1 and
// eight calls, from several states.
func TestNormalsJumps(t *testing.T) {
	c := normalsTable
	for _, s := range []PCG{{0, 0}, {1, 2}, {math.MaxUint64, math.MaxUint64}, {0x9e3779b97f4a7c15, 12345}} {
		p := s
		for k := range pcgJumps {
			if got := pcgJumps[k].from(s); got != p {
				t.Fatalf("from %v: pcgJumps[%d] gives %v, %d steps %v", s, k, got, k, p)
			}
			p.Uint64()
		}
		p = s
		for j := range 8 {
			p.Uint64()
			if got := (pcgJump{c.ahi[j], c.alo[j], c.chi[j], c.clo[j]}).from(s); got != p {
				t.Errorf("from %v, lane %d: jump gives %v, %d steps %v", s, j, got, j+1, p)
			}
			if c.alo32[j] != c.alo[j]>>32 || c.a8hi[j] != c.ahi[7] || c.a8lo[j] != c.alo[7] || c.a8lo32[j] != c.alo[7]>>32 || c.c8hi[j] != c.chi[7] || c.c8lo[j] != c.clo[7] {
				t.Errorf("lane %d: the eight-step jump or a shifted half differs from lane 7's", j)
			}
		}
	}
}

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
// a call and across calls), and leaves the state where those draws
// leave it; a rand.Rand drawing from the PCG between calls shares it.
func TestNormalsBits(t *testing.T) {
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

// BenchmarkNormals: 16384 draws (a 128×128 weight matrix) by Normals and
// by rand.Rand.NormFloat64 on the same generator.
func BenchmarkNormals(b *testing.B) {
	d := make([]float64, 16384)
	b.Run("Normals", func(b *testing.B) {
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

package picture

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

func TestReadableTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   []string // the labelled ticks
	}{
		{0.2, 1, []string{"0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"}},
		{0, 1, []string{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}},
		{0, 40, []string{"0", "5", "10", "15", "20", "25", "30", "35", "40"}},
		{-1, 3, []string{"-1.0", "-0.5", "0.0", "0.5", "1.0", "1.5", "2.0", "2.5", "3.0"}},
		{0, 0.01, []string{"0.000", "0.002", "0.004", "0.006", "0.008", "0.010"}},
		{0, 2.5, []string{"0.0", "0.5", "1.0", "1.5", "2.0", "2.5"}},
		{0, 18, []string{"0.0", "2.5", "5.0", "7.5", "10.0", "12.5", "15.0", "17.5"}},
		{1, 150, []string{"0", "20", "40", "60", "80", "100", "120", "140"}[1:]},
	} {
		ticks := readableTicks{}.Ticks(c.lo, c.hi)
		var got []string
		prev := math.Inf(-1)
		for _, tk := range ticks {
			if tk.Value < c.lo-1e-12 || tk.Value > c.hi+1e-12 {
				t.Errorf("[%v, %v]: tick %v outside the range", c.lo, c.hi, tk.Value)
			}
			if tk.Value <= prev {
				t.Errorf("[%v, %v]: ticks not increasing at %v", c.lo, c.hi, tk.Value)
			}
			prev = tk.Value
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if len(got) < 4 || len(got) > 10 {
			t.Errorf("[%v, %v]: %d labels %v, want 4 to 10", c.lo, c.hi, len(got), got)
		}
		if c.lo == 1 { // 20, 40, ..., 140: the 0 is outside
			continue
		}
		if len(got) != len(c.want) {
			t.Errorf("[%v, %v]: labels %v, want %v", c.lo, c.hi, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("[%v, %v]: labels %v, want %v", c.lo, c.hi, got, c.want)
				break
			}
		}
	}
}

func TestStylesDistinct(t *testing.T) {
	// Every colour index up to 28 draws differently: a distinct (colour,
	// glyph) pair for points and (colour, dashes) for lines.
	type look struct {
		col   [4]uint8
		glyph string
		dash  string
	}
	seenP, seenL := map[[2]string]int{}, map[[2]string]int{}
	for ci := range 28 {
		c := colourFor(ci)
		col := string([]byte{c.R, c.G, c.B})
		g := fmtType(glyphFor(ci))
		dsh := fmtDashes(dashesFor(ci, false))
		if j, ok := seenP[[2]string{col, g}]; ok {
			t.Errorf("colour indices %d and %d draw the same points", j, ci)
		}
		if j, ok := seenL[[2]string{col, dsh}]; ok {
			t.Errorf("colour indices %d and %d draw the same lines", j, ci)
		}
		seenP[[2]string{col, g}], seenL[[2]string{col, dsh}] = ci, ci
	}
}

func fmtType(v any) string { return fmtAny(v) }

func fmtDashes(d []vg.Length) string { return fmtAny(d) }

func fmtAny(v any) string { return fmt.Sprintf("%T%v", v, v) }

// placeLegend draws f and returns where its legend went.
func placeLegend(t *testing.T, f Figure) Corner {
	t.Helper()
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	d, err := plots(f)
	if err != nil {
		t.Fatal(err)
	}
	w, h := f.Size()
	return d.draw(draw.New(vgsvg.New(vg.Points(w), vg.Points(h))))
}

func TestLegendPlacement(t *testing.T) {
	lin := func(n int, f func(x float64) float64) ([]float64, []float64) {
		xs, ys := make([]float64, n), make([]float64, n)
		for i := range xs {
			xs[i] = float64(i) / float64(n-1)
			ys[i] = f(xs[i])
		}
		return xs, ys
	}
	x, up := lin(50, func(x float64) float64 { return x })
	_, down := lin(50, func(x float64) float64 { return 1 - x })
	_, flat := lin(50, func(x float64) float64 { return 0.5 })
	two := func(a, b []float64) []Series {
		return []Series{{Name: "a", X: x, Y: a}, {Name: "b", X: x, Y: b}}
	}
	for _, c := range []struct {
		name string
		f    Figure
		want Corner
	}{
		// y = x crosses the top-right and bottom-left corners.
		{"diagonal up, prefers top right", Figure{ID: "d", Series: two(up, up)}, TopLeft},
		{"diagonal up, prefers bottom right", Figure{ID: "d", Series: two(up, up), Legend: BottomRight}, BottomRight},
		// A line across the middle leaves all four corners free.
		{"flat, prefers bottom left", Figure{ID: "d", Series: two(flat, flat), Legend: BottomLeft}, BottomLeft},
		// An X through all four corners leaves none.
		{"cross", Figure{ID: "d", Series: two(up, down)}, Outside},
		{"outside asked", Figure{ID: "d", Series: two(flat, flat), Legend: Outside}, Outside},
		{"none", Figure{ID: "d", Series: two(up, down), Legend: NoLegend}, NoLegend},
		{"heatmap", Figure{ID: "d", Heat: &Heat{X: []float64{0, 1}, Y: []float64{0, 1}, Z: []float64{1, 2, 3, 4}},
			Series: two(flat, flat)}, Outside},
	} {
		if got := placeLegend(t, c.f); got != c.want {
			t.Errorf("%s: legend at %v, want %v", c.name, got, c.want)
		}
	}
	// A point (not a line) in the preferred corner also moves it; error
	// bars reaching into the corner do too.
	pts := Figure{ID: "p", Series: []Series{{Name: "a", X: []float64{0, 1}, Y: []float64{0, 1}, Style: Points}}}
	if got := placeLegend(t, pts); got != TopLeft {
		t.Errorf("point at the top right: legend at %v, want top-left", got)
	}
	bars := Figure{ID: "e", Series: []Series{{Name: "a", X: []float64{0, 0.5, 1}, Y: []float64{0, 0, 0}, YErr: []float64{0, 0, 1}, Style: Points},
		{X: []float64{0, 1}, Y: []float64{-1, -1}}}}
	if got := placeLegend(t, bars); got != TopLeft {
		t.Errorf("error bar at the top right: legend at %v, want top-left", got)
	}
}

func TestLineMarks(t *testing.T) {
	xs := make([]float64, 41)
	up, bent := make([]float64, 41), make([]float64, 41)
	for i := range xs {
		xs[i] = float64(i) / 40
		up[i] = xs[i]
		bent[i] = 0.2 + 0.8*xs[i]*xs[i]
	}
	// 02's attention map: five lines on one diagonal, one apart. All six
	// are marked, each at different indices.
	var six []Series
	for k := range 6 {
		y := up
		if k == 4 {
			y = bent
		}
		six = append(six, Series{Name: fmt.Sprint(k), X: xs, Y: y})
	}
	marks := lineMarks(Figure{ID: "m", Series: six})
	if len(marks) != 6 {
		t.Fatalf("%d of 6 lines marked", len(marks))
	}
	used := map[int]int{}
	for i, m := range marks {
		n := 0
		for j := range xs {
			if j%m.stride == m.offset {
				if other, ok := used[j]; ok {
					t.Errorf("lines %d and %d both marked at index %d", other, i, j)
				}
				used[j] = i
				n++
			}
		}
		if n < 5 {
			t.Errorf("line %d marked at %d points, want >= 5", i, n)
		}
	}
	// The glyphs are drawn.
	svg, _, err := RenderFigure(Figure{ID: "m", Series: six})
	if err != nil {
		t.Fatal(err)
	}
	distinct := []Series{{X: xs, Y: up}, {X: xs, Y: bent}}
	plain, _, _ := RenderFigure(Figure{ID: "m", Series: distinct})
	if len(svg) < 2*len(plain) {
		t.Errorf("six marked lines draw %d bytes, two unmarked %d: no marks drawn?", len(svg), len(plain))
	}
	// Lines that do not coincide, or that share their colour with points
	// (a theory curve and its simulation), are not marked.
	if m := lineMarks(Figure{ID: "m", Series: distinct}); len(m) != 0 {
		t.Errorf("distinct lines marked: %v", m)
	}
	paired := []Series{{X: xs, Y: up}, {X: xs, Y: up}, {X: xs, Y: up, Style: Points, Colour: 1}, {X: xs, Y: up, Style: Points, Colour: 9}}
	if m := lineMarks(Figure{ID: "m", Series: paired}); len(m) != 0 {
		t.Errorf("lines whose colours points share (index 0, and 8 = 1 mod 7) marked: %v", m)
	}
}

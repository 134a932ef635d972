package sweep

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// listDir builds an eval sweep of a --points list whose value at a row is
// {"v": f(row)}; value computes it from the row's parameters.
func listDir(t *testing.T, l *List, value func(map[string]string) float64) fstest.MapFS {
	t.Helper()
	s := EvalSettings{Quantity: "test.list", List: l}
	set, _ := json.Marshal(s)
	prov, _ := json.Marshal(Provenance{Kind: KindEval, Settings: set})
	fsys := fstest.MapFS{ProvenanceFile: {Data: prov}}
	ps, err := s.Grid().Points()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		v, _ := json.Marshal(map[string]float64{"v": value(p.Params)})
		b, _ := json.Marshal(Record{Key: p.Key, Index: p.Index, Name: s.Quantity, Value: v})
		fsys[DoneFile(p.Key)] = &fstest.MapFile{Data: b}
	}
	return fsys
}

func num(s string) float64 { x, _ := strconv.ParseFloat(s, 64); return x }

// An α axis written as a --points CSV (alpha with its skip √(1−α²) and
// branch α columns, a constant column, rows in no particular order) reads
// as the plane of the product grid alpha × sigma_w: every cell holds the
// value computed at its own (α, σ_w), checked against the formula, and
// the axes are sorted.
func TestPlaneOfPointList(t *testing.T) {
	alphas := []float64{0.9, 0.1, 0.5}
	sws := []float64{2, 0.5}
	l := &List{Names: []string{"skip_attn", "sigma_w", "alpha", "n", "branch_attn"}}
	for _, sw := range sws {
		for _, a := range alphas {
			l.Rows = append(l.Rows, []string{FormatFloat(math.Sqrt(1 - a*a)), FormatFloat(sw), FormatFloat(a), "16", FormatFloat(a)})
		}
	}
	f := func(a, sw float64) float64 { return 10*a + sw }
	s, err := Read(listDir(t, l, func(p map[string]string) float64 { return f(num(p["alpha"]), num(p["sigma_w"])) }))
	if err != nil {
		t.Fatal(err)
	}
	x, y, z, err := s.Plane("v")
	if err != nil {
		t.Fatal(err)
	}
	var wantX []float64 // skip_attn, the axis's first column, sorted
	for _, a := range []float64{alphas[0], alphas[2], alphas[1]} {
		wantX = append(wantX, num(FormatFloat(math.Sqrt(1-a*a))))
	}
	if len(x) != 3 || len(y) != 2 || y[0] != 0.5 || y[1] != 2 {
		t.Fatalf("axes x=%v y=%v", x, y)
	}
	for i := range x {
		if x[i] != wantX[i] {
			t.Errorf("x[%d] = %v, want %v", i, x[i], wantX[i])
		}
	}
	pl, _ := s.Grid.PlaneAxes()
	if strings.Join(pl.XNames, ",") != "skip_attn,alpha,branch_attn" || strings.Join(pl.YNames, ",") != "sigma_w" {
		t.Errorf("axis names %v, %v", pl.XNames, pl.YNames)
	}
	for j := range y {
		for i := range x {
			a := math.Sqrt(1 - x[i]*x[i])
			if got, want := z[j*len(x)+i], f(a, y[j]); math.Abs(got-want) > 1e-12 {
				t.Errorf("cell (%v, %v) = %v, want %v", x[i], y[j], got, want)
			}
		}
	}
}

// A product grid with a constant axis between its two varying ones is a
// plane, laid out as the two-axis grid without it.
func TestPlaneSkipsConstantAxes(t *testing.T) {
	g := Grid{Axes: []Axis{{Names: []string{"x"}, Values: []string{"1", "2"}}, {Names: []string{"c"}, Values: []string{"7"}},
		{Names: []string{"y"}, Values: []string{"10", "20", "30"}}}}
	pl, err := g.PlaneAxes()
	if err != nil {
		t.Fatal(err)
	}
	ps, _ := g.Points()
	for k, p := range ps {
		i, j := int(num(p.Params["x"]))-1, int(num(p.Params["y"]))/10-1
		if pl.Cell[k] != j*2+i {
			t.Errorf("point %d (%v) in cell %d, want %d", k, p.Params, pl.Cell[k], j*2+i)
		}
	}
}

func TestPlaneRejects(t *testing.T) {
	row := func(s ...string) []string { return s }
	for _, c := range []struct {
		g    Grid
		want string
	}{
		{Grid{List: &List{Names: []string{"a", "b", "c"}, Rows: [][]string{row("1", "1", "1"), row("2", "1", "2"), row("1", "2", "3"), row("2", "2", "4")}}}, "along 3"},
		{Grid{List: &List{Names: []string{"a", "b"}, Rows: [][]string{row("1", "1"), row("2", "1"), row("1", "2")}}}, "needs 4 points"},
		{Grid{List: &List{Names: []string{"a", "b"}, Rows: [][]string{row("1", "1"), row("2", "1"), row("1", "2"), row("1", "2")}}}, "twice"},
		{Grid{List: &List{Names: []string{"a", "b"}, Rows: [][]string{row("x", "1"), row("y", "1"), row("x", "2"), row("y", "2")}}}, "not a number"},
		{Grid{Axes: []Axis{{Names: []string{"a"}, Values: []string{"1", "2"}}}}, "has 1"},
		{Grid{Axes: []Axis{{Names: []string{"a"}, Values: []string{"1", "2"}}, {Names: []string{"b"}, Values: []string{"1", "2"}}, {Names: []string{"c"}, Values: []string{"1", "2"}}}}, "has 3"},
	} {
		if _, err := c.g.PlaneAxes(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error containing %q", c.g, err, c.want)
		}
	}
}

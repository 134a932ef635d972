package sweep

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// PlaneLayout is a grid read as a plane: the parameters that vary along
// each of its two axes (XNames, YNames: several when an axis binds them
// together, as "alpha_a,alpha_m" or the skip and branch columns of an α
// axis), the axis values (X, Y: those of the first name of each axis),
// and Cell[k] = j*len(X)+i, the heat-map cell (X[i], Y[j]) of point k in
// grid order.
type PlaneLayout struct {
	XNames, YNames []string
	X, Y           []float64
	Cell           []int
}

// PlaneAxes reads g as a plane. A product grid is a plane when exactly
// two of its axes hold more than one value (the others are constant);
// its axis values keep their order. A list (--points CSV) is a plane
// when its varying columns fall into exactly two groups, each group's
// columns determining one another (one axis bound to several parameters,
// e.g. alpha with skip_attn = √(1−α²)), and its rows are each pair of
// the two groups' values once; the axis values are sorted ascending.
// Every value of an axis's first parameter must be a number. Otherwise it
// returns an error saying which condition fails.
func (g Grid) PlaneAxes() (PlaneLayout, error) {
	ps, err := g.Points()
	if err != nil {
		return PlaneLayout{}, err
	}
	if g.List == nil {
		return g.productPlane(len(ps))
	}
	return listPlane(g.List)
}

func (g Grid) productPlane(n int) (PlaneLayout, error) {
	var ax []int
	for k, a := range g.Axes {
		if len(a.Values) > 1 {
			ax = append(ax, k)
		}
	}
	if len(ax) != 2 {
		return PlaneLayout{}, fmt.Errorf("sweep: a plane needs two axes of more than one value, this grid has %d (%s)", len(ax), g.axisSummary())
	}
	var pl PlaneLayout
	var err error
	if pl.X, err = g.Floats(ax[0]); err != nil {
		return PlaneLayout{}, err
	}
	if pl.Y, err = g.Floats(ax[1]); err != nil {
		return PlaneLayout{}, err
	}
	pl.XNames, pl.YNames = g.Axes[ax[0]].Names, g.Axes[ax[1]].Names
	// Grid order is row-major over every axis; the singleton axes do not
	// move the counter, so point k sits at (k / ny, k mod ny).
	nx, ny := len(pl.X), len(pl.Y)
	pl.Cell = make([]int, n)
	for k := range n {
		i, j := k/ny, k%ny
		pl.Cell[k] = j*nx + i
	}
	return pl, nil
}

func (g Grid) axisSummary() string {
	var parts []string
	for _, a := range g.Axes {
		parts = append(parts, fmt.Sprintf("%s: %d", strings.Join(a.Names, ","), len(a.Values)))
	}
	return strings.Join(parts, "; ")
}

// listPlane groups the varying columns of l by mutual determination and
// checks that the rows are the product of two groups.
func listPlane(l *List) (PlaneLayout, error) {
	var vary []int
	for c := range l.Names {
		for _, row := range l.Rows[1:] {
			if row[c] != l.Rows[0][c] {
				vary = append(vary, c)
				break
			}
		}
	}
	// determines[a][b]: equal values in column a imply equal values in b.
	determines := func(a, b int) bool {
		m := map[string]string{}
		for _, row := range l.Rows {
			if v, ok := m[row[a]]; ok && v != row[b] {
				return false
			}
			m[row[a]] = row[b]
		}
		return true
	}
	var groups [][]int
	for _, c := range vary {
		placed := false
		for gi, gr := range groups {
			if determines(gr[0], c) && determines(c, gr[0]) {
				groups[gi] = append(groups[gi], c)
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, []int{c})
		}
	}
	names := func(gr []int) []string {
		out := make([]string, len(gr))
		for i, c := range gr {
			out[i] = l.Names[c]
		}
		return out
	}
	if len(groups) != 2 {
		var desc []string
		for _, gr := range groups {
			desc = append(desc, strings.Join(names(gr), ","))
		}
		return PlaneLayout{}, fmt.Errorf("sweep: a plane needs points that vary along two axes, this list varies along %d (%s; columns on one axis must determine one another)", len(groups), strings.Join(desc, "; "))
	}
	axis := func(c int) ([]float64, map[string]int, error) {
		seen := map[string]float64{}
		for _, row := range l.Rows {
			if _, ok := seen[row[c]]; ok {
				continue
			}
			x, err := strconv.ParseFloat(row[c], 64)
			if err != nil {
				return nil, nil, fmt.Errorf("sweep: column %s value %q is not a number", l.Names[c], row[c])
			}
			seen[row[c]] = x
		}
		keys := make([]string, 0, len(seen))
		for k := range seen {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b string) int {
			if seen[a] == seen[b] {
				return strings.Compare(a, b)
			}
			if seen[a] < seen[b] {
				return -1
			}
			return 1
		})
		xs, idx := make([]float64, len(keys)), map[string]int{}
		for i, k := range keys {
			xs[i], idx[k] = seen[k], i
		}
		return xs, idx, nil
	}
	cx, cy := groups[0][0], groups[1][0]
	var pl PlaneLayout
	xi, yi := map[string]int{}, map[string]int{}
	var err error
	if pl.X, xi, err = axis(cx); err != nil {
		return PlaneLayout{}, err
	}
	if pl.Y, yi, err = axis(cy); err != nil {
		return PlaneLayout{}, err
	}
	pl.XNames, pl.YNames = names(groups[0]), names(groups[1])
	nx, ny := len(pl.X), len(pl.Y)
	if len(l.Rows) != nx*ny {
		return PlaneLayout{}, fmt.Errorf("sweep: a plane of %d × %d values of %s and %s needs %d points, the list has %d", nx, ny, l.Names[cx], l.Names[cy], nx*ny, len(l.Rows))
	}
	pl.Cell = make([]int, len(l.Rows))
	taken := make([]bool, nx*ny)
	for k, row := range l.Rows {
		c := yi[row[cy]]*nx + xi[row[cx]]
		if taken[c] {
			return PlaneLayout{}, fmt.Errorf("sweep: the list has the point %s=%s, %s=%s twice", l.Names[cx], row[cx], l.Names[cy], row[cy])
		}
		taken[c], pl.Cell[k] = true, c
	}
	return pl, nil
}

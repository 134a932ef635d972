package sweep

import (
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxPoints bounds the size of a grid (a typo such as 1:2:1e6 in two axes
// should be an error, not a terabyte of files).
const MaxPoints = 10_000_000

// Axis is one dimension of a product grid: every parameter in Names takes
// each of Values in turn, so an axis with two names binds them to one
// value ("alpha_a,alpha_m"). Values are kept as typed on the command line
// or formatted with strconv's shortest round-trip form, so a float parsed
// back is bit-identical to the one that was planned.
type Axis struct {
	Names  []string
	Values []string
}

// List is an explicit list of points: Rows[i][k] is the value of Names[k]
// at point i.
type List struct {
	Names []string
	Rows  [][]string
}

// KeyStyle says how a grid names its points.
type KeyStyle int

const (
	// IndexKeys: "i" and the zero-padded index, i0 … i9, i00 … i99, … (the
	// names sort in grid order).
	IndexKeys KeyStyle = iota
	// TrainabilityKeys: "a%.4f_s%.4f" of the two axes' values, the names
	// lib/trainsweep gives its points (trainsweep.Point.Key).
	TrainabilityKeys
)

// Grid is the ordered set of points of a sweep: the product of Axes, first
// axis outermost (row-major, the last axis varies fastest), or the rows
// of List.
type Grid struct {
	Axes []Axis
	List *List
	Keys KeyStyle
}

// Point is one point of a grid.
type Point struct {
	Index  int               // position in grid order
	Key    string            // file name stem, unique in the grid
	Params map[string]string // the parameters the grid binds at this point (not the fixed ones)
}

// Label renders the point's parameters in grid order, e.g.
// "alpha_a=0.5 alpha_m=0.5 sigma_w=1.2", for messages.
func (g Grid) Label(p Point) string {
	var b strings.Builder
	for _, n := range g.Names() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(n + "=" + p.Params[n])
	}
	return b.String()
}

// Names returns the parameters the grid binds, in axis (or column) order.
func (g Grid) Names() []string {
	if g.List != nil {
		return append([]string(nil), g.List.Names...)
	}
	var names []string
	for _, a := range g.Axes {
		names = append(names, a.Names...)
	}
	return names
}

// Len returns the number of points, or an error for an empty or
// oversized grid.
func (g Grid) Len() (int, error) {
	if g.List != nil {
		if len(g.Axes) > 0 {
			return 0, errors.New("sweep: a grid has axes or a list, not both")
		}
		if len(g.List.Rows) == 0 {
			return 0, errors.New("sweep: the point list is empty")
		}
		if len(g.List.Rows) > MaxPoints {
			return 0, fmt.Errorf("sweep: %d points, more than %d", len(g.List.Rows), MaxPoints)
		}
		return len(g.List.Rows), nil
	}
	if len(g.Axes) == 0 {
		return 0, errors.New("sweep: the grid has no axis")
	}
	n := 1
	for _, a := range g.Axes {
		if len(a.Values) == 0 {
			return 0, fmt.Errorf("sweep: axis %s has no value", strings.Join(a.Names, ","))
		}
		if n > MaxPoints/len(a.Values) {
			return 0, fmt.Errorf("sweep: the grid has more than %d points", MaxPoints)
		}
		n *= len(a.Values)
	}
	return n, nil
}

// Points lists the grid in order. It returns an error for an empty grid,
// an empty or repeated parameter name, a list row of the wrong length,
// or (TrainabilityKeys) a grid that is not two numeric axes or whose keys
// collide.
func (g Grid) Points() ([]Point, error) {
	n, err := g.Len()
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, name := range g.Names() {
		if name == "" {
			return nil, errors.New("sweep: empty parameter name")
		}
		if seen[name] {
			return nil, fmt.Errorf("sweep: parameter %s is bound twice", name)
		}
		seen[name] = true
	}
	ps := make([]Point, n)
	if g.List != nil {
		for i, row := range g.List.Rows {
			if len(row) != len(g.List.Names) {
				return nil, fmt.Errorf("sweep: point %d has %d values for %d parameters (%s)", i, len(row), len(g.List.Names), strings.Join(g.List.Names, ","))
			}
			m := make(map[string]string, len(row))
			for k, name := range g.List.Names {
				m[name] = row[k]
			}
			ps[i] = Point{Index: i, Params: m}
		}
	} else {
		idx := make([]int, len(g.Axes)) // mixed-radix counter, last axis fastest
		for i := range ps {
			m := map[string]string{}
			for k, a := range g.Axes {
				for _, name := range a.Names {
					m[name] = a.Values[idx[k]]
				}
			}
			ps[i] = Point{Index: i, Params: m}
			for k := len(idx) - 1; k >= 0; k-- {
				idx[k]++
				if idx[k] < len(g.Axes[k].Values) {
					break
				}
				idx[k] = 0
			}
		}
	}
	switch g.Keys {
	case IndexKeys:
		w := len(strconv.Itoa(n - 1))
		for i := range ps {
			ps[i].Key = fmt.Sprintf("i%0*d", w, i)
		}
	case TrainabilityKeys:
		if g.List != nil || len(g.Axes) != 2 || len(g.Axes[0].Names) != 1 || len(g.Axes[1].Names) != 1 {
			return nil, errors.New("sweep: trainability keys need two single-parameter axes (α, σ_w)")
		}
		a, s := g.Axes[0].Names[0], g.Axes[1].Names[0]
		keys := map[string]bool{}
		for i, p := range ps {
			x, err1 := strconv.ParseFloat(p.Params[a], 64)
			y, err2 := strconv.ParseFloat(p.Params[s], 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("sweep: trainability point %d (%s=%s, %s=%s) is not numeric", i, a, p.Params[a], s, p.Params[s])
			}
			k := fmt.Sprintf("a%.4f_s%.4f", x, y)
			if keys[k] {
				return nil, fmt.Errorf("sweep: two grid points share the key %s (values closer than 1e-4)", k)
			}
			keys[k] = true
			ps[i].Key = k
		}
	default:
		panic(fmt.Sprintf("sweep: unknown key style %d", g.Keys))
	}
	return ps, nil
}

// Linspace returns k evenly spaced values from lo to hi inclusive,
// lo + (hi−lo)·i/(k−1) (k = 1: just lo), the same values as
// trainsweep.Linspace. It panics if k < 1.
func Linspace(lo, hi float64, k int) []float64 {
	if k < 1 {
		panic(fmt.Sprintf("sweep: Linspace needs k >= 1, got %d", k))
	}
	v := make([]float64, k)
	for i := range v {
		if k == 1 {
			v[i] = lo
		} else {
			v[i] = lo + (hi-lo)*float64(i)/float64(k-1)
		}
	}
	return v
}

// FormatFloat is the form in which grids store numbers: the shortest
// string that parses back to x exactly.
func FormatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// ParseValues reads the values of one axis:
//
//	lo:hi:k     k evenly spaced numbers from lo to hi inclusive (Linspace)
//	a,b,c       a list (numbers or words), also separated by blanks or
//	            newlines, so the contents of a file may be passed as is;
//	            lines starting with # are comments
//
// It returns an error naming spec for a malformed range or an empty list.
func ParseValues(spec string) ([]string, error) {
	if p := strings.Split(strings.TrimSpace(spec), ":"); len(p) == 3 {
		lo, e1 := strconv.ParseFloat(p[0], 64)
		hi, e2 := strconv.ParseFloat(p[1], 64)
		k, e3 := strconv.Atoi(p[2])
		if e1 != nil || e2 != nil || e3 != nil || k < 1 || math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
			return nil, fmt.Errorf("bad range %q, want lo:hi:k with finite lo, hi and k >= 1", spec)
		}
		if k > MaxPoints {
			return nil, fmt.Errorf("bad range %q: more than %d values", spec, MaxPoints)
		}
		xs := Linspace(lo, hi, k)
		out := make([]string, k)
		for i, x := range xs {
			out[i] = FormatFloat(x)
		}
		return out, nil
	}
	var out []string
	for _, line := range strings.Split(spec, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		out = append(out, strings.FieldsFunc(line, func(r rune) bool {
			return r == ',' || r == ' ' || r == '\t' || r == '\r'
		})...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no values in %q, want lo:hi:k or a list a,b,c", spec)
	}
	return out, nil
}

// ParseAxis reads "name=values" or "name1,name2=values" (ParseValues);
// several names take the same value at every point.
func ParseAxis(arg string) (Axis, error) {
	names, spec, ok := strings.Cut(arg, "=")
	if !ok || names == "" {
		return Axis{}, fmt.Errorf("argument %q is not name=values", arg)
	}
	a := Axis{Names: strings.Split(names, ",")}
	for _, n := range a.Names {
		if n == "" {
			return Axis{}, fmt.Errorf("argument %q has an empty parameter name", arg)
		}
	}
	vals, err := ParseValues(spec)
	if err != nil {
		return Axis{}, fmt.Errorf("%s: %w", names, err)
	}
	a.Values = vals
	return a, nil
}

// ParseList reads an explicit point list in CSV: a header of parameter
// names, then one point per row; blank lines and lines starting with #
// are skipped and blanks around fields are trimmed.
func ParseList(text string) (*List, error) {
	r := csv.NewReader(strings.NewReader(text))
	r.Comment = '#'
	r.TrimLeadingSpace = true
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("point list: %w", err)
	}
	if len(recs) < 2 {
		return nil, errors.New("point list: want a header of parameter names and at least one row")
	}
	l := &List{Names: trimAll(recs[0])}
	for i, rec := range recs[1:] {
		if len(rec) != len(l.Names) {
			return nil, fmt.Errorf("point list: row %d has %d values for %d parameters (%s)", i+1, len(rec), len(l.Names), strings.Join(l.Names, ","))
		}
		l.Rows = append(l.Rows, trimAll(rec))
	}
	return l, nil
}

func trimAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strings.TrimSpace(x)
	}
	return out
}

// Floats returns axis k's values as numbers, or an error naming the first
// that is not one.
func (g Grid) Floats(k int) ([]float64, error) {
	if k < 0 || k >= len(g.Axes) {
		return nil, fmt.Errorf("sweep: no axis %d (the grid has %d)", k, len(g.Axes))
	}
	a := g.Axes[k]
	out := make([]float64, len(a.Values))
	for i, s := range a.Values {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("sweep: axis %s value %q is not a number", strings.Join(a.Names, ","), s)
		}
		out[i] = x
	}
	return out, nil
}

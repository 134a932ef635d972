package diff

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/publish"
)

// CellDiff is one table cell that moved.
type CellDiff struct {
	Row    int    `json:"row"` // 0-based, in the rows (the header is not a row)
	Col    int    `json:"col"`
	Column string `json:"column,omitempty"` // the header of Col
	Label  string `json:"label,omitempty"`  // the row's first cell (new side), usually its name
	Old    string `json:"old"`
	New    string `json:"new"`
	// Numeric: the cell holds the same text around the same count of
	// numbers on both sides; MaxAbs and MaxRel are then the largest
	// differences of those numbers (NaN otherwise: a text change).
	Numeric bool    `json:"numeric"`
	MaxAbs  float64 `json:"max_abs"`
	MaxRel  float64 `json:"max_rel"`
}

// TableDiff describes one table.
type TableDiff struct {
	ID       string `json:"id"` // the table's ID, or "#N" (publish.TableEntry)
	Notebook string `json:"notebook"`
	Status   string `json:"status"` // unchanged, changed, added, removed
	// Changes lists the structural changes of a changed table: caption,
	// header, row count, a row's cell count.
	Changes []string `json:"changes,omitempty"`
	// Cells are the moved cells of the rows both sides have, in row-major
	// order; MaxAbs and MaxRel are the largest over the numeric ones (0
	// when none).
	Cells  []CellDiff    `json:"cells,omitempty"`
	MaxAbs float64       `json:"max_abs"`
	MaxRel float64       `json:"max_rel"`
	Old    *bundle.Table `json:"-"`
	New    *bundle.Table `json:"-"`
}

// TablesMoved reports whether any table is changed, added or removed.
func (r *Report) TablesMoved() bool {
	for _, t := range r.Tables {
		if t.Status != Unchanged {
			return true
		}
	}
	return false
}

// compareTables compares the tables of a and b. It is skipped (nil, 0,
// false) when either manifest predates tables (schema 1).
func compareTables(a, b *publish.Manifest, opt Options) ([]TableDiff, int, bool) {
	if !a.HasTables() || !b.HasTables() {
		return nil, 0, false
	}
	unchanged := 0
	out := join(a.Tables, b.Tables, func(t *publish.TableEntry) key { return key{t.Notebook, t.ID} }, compareKeys,
		func(k key, oe, ne *publish.TableEntry) TableDiff {
			d := TableDiff{ID: k.id, Notebook: k.notebook}
			if oe != nil {
				d.Old = &oe.Data
			}
			if ne != nil {
				d.New = &ne.Data
			}
			switch {
			case oe == nil:
				d.Status = Added
			case ne == nil:
				d.Status = Removed
			default:
				d = compareTable(d, opt)
			}
			if d.Status == Unchanged {
				unchanged++
			}
			return d
		}, func(d TableDiff) string { return d.Status })
	return out, unchanged, true
}

// compareTable fills in d's status, changes and cells from d.Old and d.New.
func compareTable(d TableDiff, opt Options) TableDiff {
	o, n := d.Old, d.New
	if o.Caption != n.Caption {
		d.Changes = append(d.Changes, fmt.Sprintf("caption %q -> %q", o.Caption, n.Caption))
	}
	if !slicesEqual(o.Header, n.Header) {
		d.Changes = append(d.Changes, fmt.Sprintf("header %q -> %q", o.Header, n.Header))
	}
	if len(o.Rows) != len(n.Rows) {
		d.Changes = append(d.Changes, fmt.Sprintf("rows %d -> %d", len(o.Rows), len(n.Rows)))
	}
	for r := range min(len(o.Rows), len(n.Rows)) {
		or, nr := o.Rows[r], n.Rows[r]
		if len(or) != len(nr) {
			d.Changes = append(d.Changes, fmt.Sprintf("row %d: cells %d -> %d", r, len(or), len(nr)))
		}
		for c := range min(len(or), len(nr)) {
			same, numeric, abs, rel := CompareCell(or[c], nr[c], opt)
			if same {
				continue
			}
			cd := CellDiff{Row: r, Col: c, Old: or[c], New: nr[c], Numeric: numeric, MaxAbs: abs, MaxRel: rel}
			if c < len(n.Header) {
				cd.Column = n.Header[c]
			}
			if c > 0 && len(nr) > 0 {
				cd.Label = nr[0]
			}
			if numeric {
				d.MaxAbs, d.MaxRel = math.Max(d.MaxAbs, abs), math.Max(d.MaxRel, rel)
			}
			d.Cells = append(d.Cells, cd)
		}
	}
	d.Status = Unchanged
	if len(d.Changes)+len(d.Cells) > 0 {
		d.Status = Changed
	}
	return d
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// number matches a decimal number in a cell: optional sign (ASCII or the
// minus sign U+2212), digits with an optional fraction, optional exponent.
var number = regexp.MustCompile(`[-+−]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?`)

// splitNumbers splits a trimmed cell into the text around its numbers
// (len(numbers)+1 pieces) and the numbers.
func splitNumbers(s string) (text []string, nums []float64, ok bool) {
	s = strings.TrimSpace(s)
	last := 0
	for _, m := range number.FindAllStringIndex(s, -1) {
		lit := strings.Replace(s[m[0]:m[1]], "−", "-", 1)
		v, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			return nil, nil, false // out of range
		}
		text = append(text, s[last:m[0]])
		nums = append(nums, v)
		last = m[1]
	}
	return append(text, s[last:]), nums, true
}

// CompareCell compares two table cells. Equal text is the same. Otherwise,
// when both cells (trimmed) are the same text around the same count of
// numbers ("0.123", "1.2e-05", "3.5 ± 0.25", "12 / 2048", "0.51 (0.5)"),
// the numbers are compared pairwise with the tolerance of the package doc:
// numeric is true and abs, rel are the largest absolute and relative
// differences. Any other pair (different words, a number against "—") is a
// text change: same and numeric false, abs and rel NaN.
func CompareCell(a, b string, opt Options) (same, numeric bool, abs, rel float64) {
	if a == b {
		return true, false, 0, 0
	}
	opt = opt.withDefaults()
	ta, na, okA := splitNumbers(a)
	tb, nb, okB := splitNumbers(b)
	if !okA || !okB || len(na) == 0 || len(na) != len(nb) || !slicesEqual(ta, tb) {
		return false, false, math.NaN(), math.NaN()
	}
	same = true
	for i := range na {
		if equal(na[i], nb[i], opt) {
			continue
		}
		same = false
		d := math.Abs(na[i] - nb[i])
		abs = math.Max(abs, d)
		if m := math.Max(math.Abs(na[i]), math.Abs(nb[i])); m > 0 {
			rel = math.Max(rel, d/m)
		}
	}
	return same, true, abs, rel
}

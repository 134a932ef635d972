package ipynb

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// oldMetricRE matches a call of the metric constructors that state no kind
// and basis.
var oldMetricRE = regexp.MustCompile(`\bshow\.(NewMetric|ZMetric|KSMetric)\s*\(`)

// TestCommittedNotebooksStateMetrics fails when a committed notebook
// builds a metric without a kind and a basis (show.NewMetric, ZMetric,
// KSMetric): every metric is a show.Agreement.
func TestCommittedNotebooksStateMetrics(t *testing.T) {
	for _, c := range committedNotebooks(t) {
		p, nb := c.path, c.nb
		if code := codeOf(nb); twiceRE.MatchString(code) {
			t.Errorf("%s: %q: show.Check already displays its metric; wrapped in DisplayMetric it is shown (and counted) twice", filepath.Base(p), twiceRE.FindString(code))
		}
		if calls := oldMetricCalls(nb); len(calls) > 0 {
			t.Errorf("%s: %v: use show.View{show.Agree(show.Agreement{Name, Kind, Value, Tol, Rule, Basis, Figure})}.Show() (or show.MaxZ, show.KS) so the metric states what it compares and why its tolerance is what it is", filepath.Base(p), calls)
		}
	}
}

// oldMetricCalls lists "cell N: show.X" for each old-style metric call in
// nb's code cells.
func oldMetricCalls(nb *Notebook) []string {
	var out []string
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		for _, m := range oldMetricRE.FindAllStringSubmatch(string(c.Source), -1) {
			out = append(out, "cell "+strconv.Itoa(i)+": show."+m[1])
		}
	}
	return out
}

func TestOldMetricCalls(t *testing.T) {
	nb := &Notebook{Cells: []Cell{
		{CellType: "code", Source: MultiString("show.Must(show.DisplayMetric(show.NewMetric(\"a\", 1, 2, \"\")))\nm := show.KSMetric (\"b\", x, y, 0.01, \"\")")},
		{CellType: "markdown", Source: MultiString("show.ZMetric(")},
		{CellType: "code", Source: MultiString("show.Check(show.Agreement{Name: \"c\"})\nmyshow.NewMetricish(1)")},
	}}
	got := oldMetricCalls(nb)
	if want := []string{"cell 0: show.NewMetric", "cell 0: show.KSMetric"}; !slices.Equal(got, want) {
		t.Errorf("oldMetricCalls = %q, want %q", got, want)
	}
}

// twiceRE matches a metric displayed twice: show.Check displays its own.
var twiceRE = regexp.MustCompile(`DisplayMetric\(\s*show\.Check\(`)

// codeOf is the source of nb's code cells, joined.
func codeOf(nb *Notebook) string {
	var b strings.Builder
	for _, c := range nb.Cells {
		if c.CellType == "code" {
			b.WriteString(string(c.Source))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

package ipynb

import (
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"testing"
)

// oldMetricNotebooks are the notebooks that still call show.NewMetric,
// show.ZMetric or show.KSMetric, whose metrics state no kind and no
// tolerance basis. Their owners are migrating them to show.Check with a
// show.Agreement (or show.MaxZ, show.KS); delete a notebook here when it
// no longer calls them. The goal is an empty list.
var oldMetricNotebooks = []string{
	"04-jacobian-spectra.ipynb",
	"06-trainability.ipynb",
}

// oldMetricRE matches a call of the metric constructors that state no kind
// and basis.
var oldMetricRE = regexp.MustCompile(`\bshow\.(NewMetric|ZMetric|KSMetric)\s*\(`)

// TestCommittedNotebooksStateMetrics fails when a committed notebook not
// in oldMetricNotebooks builds a metric without a kind and a basis, and
// when a notebook in the list no longer does (so that it is removed).
func TestCommittedNotebooksStateMetrics(t *testing.T) {
	paths, err := filepath.Glob("../../notebooks/*.ipynb")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no notebooks found: %v", err)
	}
	var still []string
	for _, p := range paths {
		nb, err := Load(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		calls := oldMetricCalls(nb)
		if len(calls) > 0 {
			still = append(still, name)
		}
		switch allowed := slices.Contains(oldMetricNotebooks, name); {
		case len(calls) > 0 && !allowed:
			t.Errorf("%s: %v: use show.Check(show.Agreement{Name, Kind, Value, Tol, Rule, Basis, Figure}) (or show.MaxZ, show.KS) so the metric states what it compares and why its tolerance is what it is", name, calls)
		case len(calls) == 0 && allowed:
			t.Errorf("%s no longer calls show.NewMetric, ZMetric or KSMetric: remove it from oldMetricNotebooks", name)
		}
	}
	sort.Strings(still)
	t.Logf("notebooks still using the old metric constructors: %v", still)
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

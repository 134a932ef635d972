package xref

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"

	"github.com/sigprop/sigprop/reports/render/texmath"
)

// table is a Resolver over fixed maps that records what it did not know.
type table struct {
	eqs     map[string]string
	refs    map[string]Target // "role:target"
	cites   map[string]Target
	missing []string
}

func (t *table) Equation(label string) (string, bool) {
	n, ok := t.eqs[label]
	return n, ok
}

func (t *table) Ref(role, target string) (Target, bool) {
	x, ok := t.refs[role+":"+target]
	if !ok {
		t.missing = append(t.missing, role+":"+target)
	}
	return x, ok
}

func (t *table) Cite(key string) (Target, bool) {
	x, ok := t.cites[key]
	if !ok {
		t.missing = append(t.missing, "cite:"+key)
	}
	return x, ok
}

func newTable() *table {
	return &table{
		eqs: map[string]string{"qmap": "1", "qstar": "2"},
		refs: map[string]Target{
			"eq:qmap":     {"(1)", "#eq-qmap"},
			"eq:block":    {"(4) in 02-token-geometry", "02-token-geometry.html#eq-block"},
			"fig:q-map":   {"Fig. 1", "#fig-q-map"},
			"tbl:table-1": {"Table 1", "#fig-table-1"},
			"glue:qstar":  {"0.6341", "#glue-qstar"},
		},
		cites: map[string]Target{
			"cowsik2024":     {"Cowsik et al. 2024", "#ref-cowsik2024"},
			"pennington2018": {"Pennington et al. 2018", "#ref-pennington2018"},
		},
	}
}

// TestCases runs testdata/xref.txt (goldmark's case-file layout: number
// and description, markdown, expected HTML; a fourth part, after the
// HTML, lists what the resolver was asked for and did not know). The
// extension runs with GFM and texmath as in the report renderer.
func TestCases(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, texmath.Math, Xref))
	raw, err := os.ReadFile("testdata/xref.txt")
	if err != nil {
		t.Fatal(err)
	}
	const sep, end = "//- - - - - - - - -//\n", "//= = = = = = = = = = = = = = = = = = = = = = = =//\n"
	n := 0
	for _, c := range strings.Split(string(raw), end) {
		if strings.TrimSpace(c) == "" {
			continue
		}
		n++
		parts := strings.Split(strings.TrimLeft(c, "\n"), sep)
		if len(parts) != 4 {
			t.Fatalf("case %d: %d parts, want header, markdown, HTML, missing", n, len(parts))
		}
		header, src, want, wantMissing := parts[0], parts[1], parts[2], strings.TrimSpace(parts[3])
		res := newTable()
		pc := parser.NewContext()
		WithResolver(pc, res)
		var buf bytes.Buffer
		if err := md.Convert([]byte(src), &buf, parser.WithContext(pc)); err != nil {
			t.Fatal(err)
		}
		if got := buf.String(); got != want {
			t.Errorf("case %s--- markdown\n%s--- want\n%s--- got\n%s", header, src, want, got)
		}
		if got := strings.Join(res.missing, " "); got != wantMissing {
			t.Errorf("case %s: missing %q, want %q", header, got, wantMissing)
		}
	}
	if n < 10 {
		t.Fatalf("read %d cases, want at least 10", n)
	}
}

// TestNoResolver: without a resolver every reference is missing, and
// rendered so rather than dropped.
func TestNoResolver(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(texmath.Math, Xref))
	var buf bytes.Buffer
	if err := md.Convert([]byte("see {eq}`a` [@b]\n"), &buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`title="unknown equation a"`, `title="unknown bibliography key b"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("output lacks %s:\n%s", want, buf.String())
		}
	}
}

// TestEquationNumbersFromResolver: the number a labelled block shows is
// the resolver's, and a label it does not number shows none.
func TestEquationNumbersFromResolver(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(texmath.Math, Xref))
	pc := parser.NewContext()
	WithResolver(pc, newTable())
	var buf bytes.Buffer
	src := "$$a$$ (qstar)\n\n$$b$$ (other)\n"
	if err := md.Convert([]byte(src), &buf, parser.WithContext(pc)); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(buf.String()), "\n")
	want := []string{
		`<div class="equation" id="eq-qstar"><div class="math display">a</div><span class="eq-number">(2)</span></div>`,
		`<div class="equation" id="eq-other"><div class="math display">b</div></div>`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

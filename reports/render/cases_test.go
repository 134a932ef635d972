package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/sigprop/sigprop/internal/golden"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render/safehtml"
	"github.com/sigprop/sigprop/reports/render/texmath"
)

// Case files use goldmark's spec-style layout (extension/_test/*.txt):
//
//	N: description
//	//- - - - - - - - -//
//	input: {"cell": <nbformat cell>, "status": "<cell status>"}
//	//- - - - - - - - -//
//	expected HTML of the cell
//	//= = = = = = = = = = = = = = = = = = = = = = = =//
//
// With -update the expected parts are rewritten from the current output;
// review the diff before committing.
const (
	caseSep = "//- - - - - - - - -//"
	caseEnd = "//= = = = = = = = = = = = = = = = = = = = = = = =//"
)

type renderCase struct {
	header, input, expected string
}

func readCases(t testing.TB, path string) []renderCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []renderCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	line := 0
	next := func() (string, bool) {
		ok := sc.Scan()
		line++
		return sc.Text(), ok
	}
	// until joins the lines up to the terminator end.
	until := func(end, what string) string {
		var lines []string
		for {
			s, ok := next()
			if !ok {
				t.Fatalf("%s:%d: unterminated %s", path, line, what)
			}
			if s == end {
				return strings.Join(lines, "\n")
			}
			lines = append(lines, s)
		}
	}
	for {
		h, ok := next()
		if !ok {
			break
		}
		if strings.TrimSpace(h) == "" {
			continue
		}
		if s, ok := next(); !ok || s != caseSep {
			t.Fatalf("%s:%d: want %q after case header", path, line, caseSep)
		}
		in := until(caseSep, "input")
		cases = append(cases, renderCase{h, in, until(caseEnd, "expected output")})
	}
	return cases
}

func TestCellCases(t *testing.T) {
	runCaseFile(t, "testdata/cells.txt", nil)
}

// TestSanitizeCases runs the sanitiser's cases (testdata/sanitize.txt):
// each output must match and must pass safehtml.Check, which parses it as a
// browser would and fails on any script, event handler or
// javascript:/vbscript:/data: URL, so a careless -update cannot bless an
// active page.
func TestSanitizeCases(t *testing.T) {
	runCaseFile(t, "testdata/sanitize.txt", safehtml.Check)
}

// runCaseFile renders each case's cell and compares it with the expected
// HTML; check, if not nil, must accept every output.
func runCaseFile(t *testing.T, path string, check func([]byte) error) {
	cases := readCases(t, path)
	r := New()
	var out bytes.Buffer
	for i, c := range cases {
		num, _, _ := strings.Cut(c.header, ":")
		if n, err := strconv.Atoi(num); err != nil || n != i+1 {
			t.Fatalf("case %q: cases must be numbered 1, 2, ... in order", c.header)
		}
		var in struct {
			Cell   ipynb.Cell `json:"cell"`
			Status string     `json:"status"`
		}
		if err := json.Unmarshal([]byte(c.input), &in); err != nil {
			t.Fatalf("case %s: input: %v", c.header, err)
		}
		var buf bytes.Buffer
		bs := DecodeBundles(&ipynb.Notebook{Cells: []ipynb.Cell{in.Cell}})
		if err := r.cell(&buf, 0, in.Cell, in.Status, CellTime{}, bs, nil); err != nil {
			t.Fatalf("case %s: %v", c.header, err)
		}
		if check != nil {
			if err := check(buf.Bytes()); err != nil {
				t.Errorf("case %s: output is not inert: %v\n%s", c.header, err, buf.Bytes())
			}
		}
		got := strings.TrimRight(buf.String(), "\n")
		if golden.Update() {
			fmt.Fprintf(&out, "%s\n%s\n%s\n%s\n%s\n%s\n\n", c.header, caseSep, c.input, caseSep, got, caseEnd)
			continue
		}
		if got != c.expected {
			t.Errorf("case %s\n--- input\n%s\n--- want\n%s\n--- got\n%s", c.header, c.input, c.expected, got)
		}
	}
	if golden.Update() {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSanitizeCasesAreAttacks renders the markdown of testdata/sanitize.txt
// as the renderer did before the sanitiser (goldmark WithUnsafe) and
// requires safehtml.Check to find active content in every case except
// those listed, so the cases are known to be real attacks and Check known
// to catch them.
func TestSanitizeCasesAreAttacks(t *testing.T) {
	inertUnsafe := map[int]string{
		14: "goldmark escapes incomplete tags itself",
		17: "quoted attribute values cannot break out even unsanitised",
		18: "details/summary: kept markup",
		19: "tables: kept markup",
		20: "formatting: kept markup",
		21: "links and anchors: kept markup",
		22: "math next to HTML: texmath escapes the TeX",
	}
	unsafe := goldmark.New(
		goldmark.WithExtensions(extension.GFM, texmath.Math),
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
	for i, c := range readCases(t, "testdata/sanitize.txt") {
		var in struct {
			Cell ipynb.Cell `json:"cell"`
		}
		if err := json.Unmarshal([]byte(c.input), &in); err != nil {
			t.Fatalf("case %s: input: %v", c.header, err)
		}
		src := string(in.Cell.Source)
		if in.Cell.CellType == "code" {
			src, _ = in.Cell.Outputs[0].DataString("text/markdown")
		}
		var buf bytes.Buffer
		if err := unsafe.Convert([]byte(src), &buf); err != nil {
			t.Fatal(err)
		}
		err := safehtml.Check(buf.Bytes())
		if why, inert := inertUnsafe[i+1]; inert {
			if err != nil {
				t.Errorf("case %s (listed as inert: %s): unsanitised output is active: %v", c.header, why, err)
			}
		} else if err == nil {
			t.Errorf("case %s: unsanitised output passes Check; not an attack, or Check misses it:\n%s", c.header, buf.Bytes())
		}
	}
}

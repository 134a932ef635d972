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

	"github.com/sigprop/sigprop/reports/ipynb"
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

func readCases(t *testing.T, path string) []renderCase {
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
		var in, exp []string
		for {
			s, ok := next()
			if !ok {
				t.Fatalf("%s:%d: unterminated input", path, line)
			}
			if s == caseSep {
				break
			}
			in = append(in, s)
		}
		for {
			s, ok := next()
			if !ok {
				t.Fatalf("%s:%d: unterminated expected output", path, line)
			}
			if s == caseEnd {
				break
			}
			exp = append(exp, s)
		}
		cases = append(cases, renderCase{h, strings.Join(in, "\n"), strings.Join(exp, "\n")})
	}
	return cases
}

func TestCellCases(t *testing.T) {
	const path = "testdata/cells.txt"
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
		if err := r.cell(&buf, 0, in.Cell, in.Status, nil); err != nil {
			t.Fatalf("case %s: %v", c.header, err)
		}
		got := strings.TrimRight(buf.String(), "\n")
		if *update {
			fmt.Fprintf(&out, "%s\n%s\n%s\n%s\n%s\n%s\n\n", c.header, caseSep, c.input, caseSep, got, caseEnd)
			continue
		}
		if got != c.expected {
			t.Errorf("case %s\n--- input\n%s\n--- want\n%s\n--- got\n%s", c.header, c.input, c.expected, got)
		}
	}
	if *update {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

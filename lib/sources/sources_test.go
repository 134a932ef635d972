package sources

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the repository root, two levels above this package.
const root = "../.."

// scanned reports whether path is a file whose text the tests read: Go,
// notebooks, Markdown and JSON anywhere in the repository.
func scanned(path string) bool {
	switch filepath.Ext(path) {
	case ".go", ".ipynb", ".md", ".json":
		return true
	}
	return false
}

// walk calls f with the repository-relative path and text of every
// scanned file, skipping .git and testdata directories (where a test may
// plant a forbidden string on purpose).
func walk(t *testing.T, f func(rel, text string)) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("repository root not found: %v", err)
	}
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == ".git" || name == "testdata" || name == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !scanned(path) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		f(filepath.ToSlash(rel), string(b))
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("only %d files scanned; is the walk reading the repository?", n)
	}
}

// forbidden are references to documents outside the repository: the
// working notes the code was first written from (their section signs,
// folder and their file names). They are assembled from pieces so that
// this file does not match itself.
var forbidden = []*regexp.Regexp{
	regexp.MustCompile(`(?i)spec\s*` + "\u00a7"),
	regexp.MustCompile(`(?i)shared/` + `(spec|seeds)`),
	regexp.MustCompile(`(?i)(cowsik2024-geometric-dynamics|noci2022-rank-collapse|noci2023-shaped-transformer|tanner2024-jacobian-spectra)` + `\.md`),
}

func TestNoReferenceOutsideRepository(t *testing.T) {
	walk(t, func(rel, text string) {
		for i, line := range strings.Split(text, "\n") {
			for _, re := range forbidden {
				if m := re.FindString(line); m != "" {
					t.Errorf("%s:%d cites %q, a document outside the repository; cite the paper's own number or lib/sources", rel, i+1, m)
				}
			}
		}
	})
}

// citation matches lib/sources/<name>.md and the anchors that follow it:
// "#a", then any of ", #b", " and #b", " to #b".
var (
	citation = regexp.MustCompile(`lib/sources/([A-Za-z0-9_-]+)\.md((?:#[a-z0-9-]+)?(?:(?:, | and | to )#[a-z0-9-]+)*)`)
	anchorID = regexp.MustCompile(`<a id="([a-z0-9-]+)"></a>`)
	anchorIn = regexp.MustCompile(`#([a-z0-9-]+)`)
	localRef = regexp.MustCompile(`\]\(#([a-z0-9-]+)\)`)
	testName = regexp.MustCompile("`(Test[A-Za-z0-9_]+)`")
	testFunc = regexp.MustCompile(`(?m)^func (Test[A-Za-z0-9_]+)\(`)
)

// pages reads every page of this package: name (without .md) to the set
// of its anchors.
func pages(t *testing.T) (map[string]map[string]bool, map[string]string) {
	t.Helper()
	ms, err := filepath.Glob("*.md")
	if err != nil || len(ms) == 0 {
		t.Fatalf("no pages: %v", err)
	}
	ids, texts := map[string]map[string]bool{}, map[string]string{}
	for _, m := range ms {
		b, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(m, ".md")
		ids[name], texts[name] = map[string]bool{}, string(b)
		for _, a := range anchorID.FindAllStringSubmatch(string(b), -1) {
			if ids[name][a[1]] {
				t.Errorf("%s.md: anchor %q defined twice", name, a[1])
			}
			ids[name][a[1]] = true
		}
	}
	return ids, texts
}

func TestCitedAnchorsExist(t *testing.T) {
	ids, _ := pages(t)
	cited := 0
	walk(t, func(rel, text string) {
		for i, line := range strings.Split(text, "\n") {
			for _, m := range citation.FindAllStringSubmatch(line, -1) {
				page, ok := ids[m[1]]
				if !ok {
					t.Errorf("%s:%d cites lib/sources/%s.md, which does not exist", rel, i+1, m[1])
					continue
				}
				for _, a := range anchorIn.FindAllStringSubmatch(m[2], -1) {
					cited++
					if !page[a[1]] {
						t.Errorf("%s:%d cites lib/sources/%s.md#%s, which has no such anchor", rel, i+1, m[1], a[1])
					}
				}
			}
		}
	})
	if cited < 100 {
		t.Errorf("only %d cited anchors found; the citation pattern no longer matches the code's citations", cited)
	}
}

// TestPages checks each page on its own: in-page links resolve, every
// page of a source's notes has the four kinds of section (the notation
// page, which maps all sources, has its own check, TestNotationNames),
// and every test it names as evidence exists in the repository.
func TestPages(t *testing.T) {
	ids, texts := pages(t)
	tests := map[string]bool{}
	walk(t, func(rel, text string) {
		if strings.HasSuffix(rel, "_test.go") {
			for _, m := range testFunc.FindAllStringSubmatch(text, -1) {
				tests[m[1]] = true
			}
		}
	})
	for name, text := range texts {
		for _, want := range []string{"equations", "checks", "errata"} {
			if name != notationPage && !ids[name][want] {
				t.Errorf("%s.md has no section %q", name, want)
			}
		}
		for _, m := range localRef.FindAllStringSubmatch(text, -1) {
			if !ids[name][m[1]] {
				t.Errorf("%s.md links to #%s, which it does not define", name, m[1])
			}
		}
		for _, m := range testName.FindAllStringSubmatch(text, -1) {
			if !tests[m[1]] {
				t.Errorf("%s.md names %s as evidence, but no such test exists", name, m[1])
			}
		}
	}
}

package conformance

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// timingPhrase matches prose that states when a known disagreement was
// declared relative to its result ("declared, before it runs", "declared
// after the grid was read", "pre-registered"). That timing is computed
// from the declaration's record (bundle.Declaration.Timing) and worded by
// the pages (Declaration.Wording); typed in prose it is an unchecked claim.
var timingPhrase = regexp.MustCompile(`(?i)(declared[^.;:]{0,40}\b(before|after)\b|before (it|the (notebook|report|check))('s)? runs?\b|before the run\b|pre-?registered|before this declaration|after the [a-z ]{0,30}(was|were) read)`)

func TestTimingPhrase(t *testing.T) {
	for _, s := range []string{
		"and is declared, before it runs, as a known disagreement",
		"declared before it runs a **known disagreement**",
		"nothing was declared before the run",
		"traindepth.DepthMean after the grid was read",
		"declared after a 4-seed trial at these settings showed it",
		"a 500-step trial of seed 1 showed it before this declaration was written",
		"The check is declared a known disagreement before it runs.",
		"a pre-registered check",
	} {
		if !timingPhrase.MatchString(s) {
			t.Errorf("%q: timing not caught", s)
		}
	}
	for _, s := range []string{
		"a declared known disagreement with 'smaller γ delays the instability'",
		"the check runs before the figure is drawn",
		"declared with its check (Fig8)",
	} {
		if timingPhrase.MatchString(s) {
			t.Errorf("%q: caught, but states no timing", s)
		}
	}
}

// TestNoTimingInProse: no notebook cell, display builder or lib/papers
// figure states in prose when a known disagreement was declared; the pages
// generate that wording from the record. kernel-ext/contract/bundle and
// kernel-ext/show define the record and its wording and are not scanned.
func TestNoTimingInProse(t *testing.T) {
	root := filepath.Join("..", "..")
	paths, err := filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no notebooks: %v", err)
	}
	for _, p := range paths {
		nb, err := ipynb.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range nb.Cells {
			if m := timingPhrase.FindString(string(c.Source)); m != "" {
				t.Errorf("%s cell %d states timing in prose: %q", filepath.Base(p), i, m)
			}
		}
	}
	err = filepath.WalkDir(filepath.Join(root, "kernel-ext"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "bundle" || d.Name() == "show" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for n, line := range strings.Split(string(b), "\n") {
			if m := timingPhrase.FindString(line); m != "" {
				t.Errorf("%s:%d states timing in prose: %q", p, n+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range papers.All {
		for _, s := range []string{f.Title, f.Reason, f.Missing, f.Notes} {
			if m := timingPhrase.FindString(s); m != "" {
				t.Errorf("lib/papers %s states timing in prose: %q", f.ID, m)
			}
		}
	}
}

package execute

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/ipynb"
	"golang.org/x/mod/modfile"
)

// gitRepo makes a git repository of the module keyModule writes, with
// sigprop's own go.mod requirements (so that the kernel's tools build)
// under the module path example.com/m, and commits it.
func gitRepo(t *testing.T) (tree, []string) {
	t.Helper()
	tr, _ := keyModule(t)
	b, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	mf, err := modfile.Parse("go.mod", b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := mf.AddModuleStmt("example.com/m"); err != nil {
		t.Fatal(err)
	}
	out, err := mf.Format()
	if err != nil {
		t.Fatal(err)
	}
	tr.write("go.mod", string(out))
	copyFile(t, "../../go.sum", filepath.Join(tr.root, "go.sum"))
	// Notebook b sends lib/a's constant (through lib/b) as a sigprop bundle,
	// so that a cache verification has figure data to compare.
	tr.write("notebooks/b.ipynb", notebookJSON("",
		"import (\n\t\"fmt\"\n\tbb \"example.com/m/lib/b\"\n\t\"github.com/janpfeifer/gonb/gonbui\"\n\t\"github.com/janpfeifer/gonb/gonbui/protocol\"\n)",
		"%%\nfmt.Println(bb.Y)\ngonbui.SendData(&protocol.DisplayData{Data: map[protocol.MIMEType]any{\""+bundle.MIMEType+"\": fmt.Sprintf(`{\"schema\":1,\"kind\":\"metric\",\"metric\":{\"name\":\"y\",\"value\":%d}}`, bb.Y), protocol.MIMETextPlain: \"y\"}})\ngonbui.Sync()"))
	git(t, tr.root, "init", "-q")
	git(t, tr.root, "add", ".")
	git(t, tr.root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one")
	names := []string{"b", "c", "data", "none"}
	return tr, names
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// runTree runs the notebooks names of the tree at root with the shared
// cache and returns which were executed (not read from the cache), with
// the reason, and the results by name.
func runTree(t *testing.T, iso isolation, root, cache string, names []string, opt Options) (map[string]string, map[string]Result) {
	t.Helper()
	var paths []string
	for _, n := range names {
		paths = append(paths, filepath.Join(root, "notebooks", n+".ipynb"))
	}
	opt.Jobs, opt.RepoRoot, opt.CacheDir = 2, root, cache
	res, err := Run(context.Background(), paths, iso.opt(opt))
	if err != nil {
		t.Fatal(err)
	}
	ran, byName := map[string]string{}, map[string]Result{}
	for _, r := range res {
		if r.Status != StatusOK {
			t.Fatalf("%s failed: %s", r.Name, r.Reason())
		}
		if !r.Cached {
			ran[r.Name] = r.Why
		}
		byName[r.Name] = r
	}
	return ran, byName
}

func keysOf(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestCacheAcrossWorktrees is the cache as `sigprop diff` uses it: two
// checkouts of one repository (a git worktree per revision) share the
// result cache, and a revision that changes one package re-executes only
// the notebooks that import it, saying why; a notebook's data file
// re-executes that notebook; go.sum re-executes all. VerifyCache catches a
// cache entry that no longer matches what its notebook computes.
func TestCacheAcrossWorktrees(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dozen kernels")
	}
	t.Parallel()
	iso := isolate(t)
	tr, names := gitRepo(t)
	cache := t.TempDir()
	ran, _ := runTree(t, iso, tr.root, cache, names, Options{})
	if fmt.Sprint(keysOf(ran)) != "[b c data none]" {
		t.Fatalf("cold run executed %v, want all four", ran)
	}

	// A second revision in its own worktree: lib/a (imported by lib/b)
	// changes.
	wt := filepath.Join(t.TempDir(), "wt")
	git(t, tr.root, "worktree", "add", "-q", "--detach", wt, "HEAD")
	other := tree{t, wt}
	other.write("lib/a/a.go", "package a\n\nconst X = 41\n")
	ran, res := runTree(t, iso, wt, cache, names, Options{})
	if fmt.Sprint(ran) != "map[b:lib/a changed]" {
		t.Errorf("after lib/a changed, executed %v, want only b because lib/a changed", ran)
	}
	if out := text(res["b"], 1, "stdout"); out != "42\n" {
		t.Errorf("b printed %q, want 42", out)
	}
	// The first worktree is still fully cached.
	if ran, _ := runTree(t, iso, tr.root, cache, names, Options{}); len(ran) != 0 {
		t.Errorf("unchanged first worktree executed %v", ran)
	}
	// A comment in lib/c executes nothing; its data file executes "data".
	other.write("lib/c/c.go", "package c\n\n// Z is three.\nconst Z = 3\n")
	if ran, _ := runTree(t, iso, wt, cache, names, Options{}); len(ran) != 0 {
		t.Errorf("a comment executed %v", ran)
	}
	other.write("notebooks/data/d1/p.json", `{"changed": true}`)
	if ran, _ := runTree(t, iso, wt, cache, names, Options{}); fmt.Sprint(ran) != "map[data:data/d1/p.json changed]" {
		t.Errorf("after the data file changed, executed %v", ran)
	}
	other.write("go.sum", strings.Replace(string(must(os.ReadFile(filepath.Join(wt, "go.sum")))), "\n", "\n\n", 1))
	if ran, _ := runTree(t, iso, wt, cache, names, Options{}); fmt.Sprint(keysOf(ran)) != "[b c data none]" || ran["c"] != "go.sum changed" {
		t.Errorf("after go.sum changed, executed %v, want all four because go.sum changed", ran)
	}

	// Verification: a cached result that agrees passes ...
	_, res = runTree(t, iso, wt, cache, []string{"b"}, Options{VerifyCache: true, VerifySeed: 1})
	if r := res["b"]; r.Cached || !r.Verified {
		t.Errorf("verification run: cached %v verified %v", r.Cached, r.Verified)
	}
	// ... and one that does not (a key that missed an input: here the
	// entry is edited to hold another value) fails the notebook and
	// leaves the cache.
	entries, _ := filepath.Glob(filepath.Join(cache, "*.json"))
	tampered := 0
	for _, e := range entries {
		b := must(os.ReadFile(e))
		if s := string(b); strings.Contains(s, `value\":42`) {
			os.WriteFile(e, []byte(strings.ReplaceAll(s, `value\":42`, `value\":43`)), 0o644)
			tampered++
		}
	}
	if tampered == 0 {
		t.Fatal("no cache entry holds b's bundle")
	}
	res2, err := Run(context.Background(), []string{filepath.Join(wt, "notebooks", "b.ipynb")}, iso.opt(Options{RepoRoot: wt, CacheDir: cache, VerifyCache: true, VerifySeed: 1}))
	if err != nil {
		t.Fatal(err)
	}
	if r := res2[0]; r.Status != StatusFailed || !strings.Contains(r.Err, "cache verification") || !strings.Contains(r.Err, "metric y") {
		t.Errorf("tampered entry: status %q err %q", r.Status, r.Err)
	}
	if ran, _ := runTree(t, iso, wt, cache, []string{"b"}, Options{}); len(ran) != 1 {
		t.Errorf("the failed verification left its entry in the cache")
	}

	// A cached result whose outputs no longer decode (here b's bundle
	// rewritten to an unknown schema) is evicted and executed again,
	// saying so, rather than poisoning every later report.
	entries, _ = filepath.Glob(filepath.Join(cache, "*.json"))
	tampered = 0
	for _, e := range entries {
		if s := string(must(os.ReadFile(e))); strings.Contains(s, `schema\":1,\"kind\":\"metric`) {
			os.WriteFile(e, []byte(strings.ReplaceAll(s, `schema\":1,\"kind\":\"metric`, `schema\":2,\"kind\":\"metric`)), 0o644)
			tampered++
		}
	}
	if tampered == 0 {
		t.Fatal("no cache entry holds b's bundle")
	}
	var progress strings.Builder
	ran, res = runTree(t, iso, wt, cache, []string{"b"}, Options{Check: decodeBundles, Progress: &progress})
	if r := res["b"]; r.Cached || !strings.Contains(ran["b"], "evicted") || !strings.Contains(ran["b"], "schema version 2") ||
		!strings.Contains(progress.String(), "evicted the cached result of b") {
		t.Errorf("an entry that does not decode: cached %v, why %q, progress %q", r.Cached, ran["b"], progress.String())
	}
	if ran, _ := runTree(t, iso, wt, cache, []string{"b"}, Options{Check: decodeBundles}); len(ran) != 0 {
		t.Errorf("the re-executed result was not cached again: %v", ran)
	}
	git(t, tr.root, "worktree", "remove", "--force", wt)
	iso.check(t)
}

// decodeBundles is an Options.Check: every sigprop bundle in nb's outputs
// must decode (as the report's renderer requires).
func decodeBundles(nb *ipynb.Notebook) error {
	for ci, c := range nb.Cells {
		for oi, o := range c.Outputs {
			raw, ok := o.Data[bundle.MIMEType]
			if !ok {
				continue
			}
			data := []byte(raw)
			var s string
			if json.Unmarshal(raw, &s) == nil {
				data = []byte(s)
			}
			if _, err := bundle.Decode(data); err != nil {
				return fmt.Errorf("cell %d output %d: %w", ci, oi, err)
			}
		}
	}
	return nil
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

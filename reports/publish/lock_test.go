package publish

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sigprop/sigprop/reports/execute"
)

// TestConcurrentUpdatesLoseNothing runs 50 rounds of two to four Updates
// of one site at once, each publishing a notebook no other one does (as
// `sigprop report A.ipynb` and `sigprop report B.ipynb` into one --out
// would), into a site that holds one notebook already: after every round
// the manifest, the index and the pages hold all of them. Without the
// site's lock an Update reads the manifest while another is being swapped
// in and drops its notebook (3 of 8 rounds lost one in the hostile test of
// issue 36).
func TestConcurrentUpdatesLoseNothing(t *testing.T) {
	prov := Provenance{Commit: "abc", GoVersion: "go1.x", SigpropVersion: Version}
	rng := rand.New(rand.NewPCG(36, 2))
	// The site holding one notebook is built once and copied into each
	// round's out: every round starts from the same bytes, and the CPU
	// goes to the concurrent Updates under test, not to 50 identical
	// Builds (a fifth of the test's figure drawing).
	base := filepath.Join(t.TempDir(), "site")
	if _, err := Build(base, []execute.Result{executed(t, "base", 0.5)}, prov); err != nil {
		t.Fatal(err)
	}
	// One figure cache for every Update, as `sigprop report` runs keep
	// one (publish.WithCache): f1 is drawn once, not in each of ~150
	// Updates, and the Updates also share the cache's files.
	cache := t.TempDir()
	const rounds = 50
	// The rounds are independent (each its own copy of the site) and
	// mostly wait for the lock and the file system: they run as parallel
	// subtests, as many at once as -test.parallel allows. Their inputs are
	// drawn first, in order, so that the rounds do not depend on which
	// runs first.
	inputs := make([][]execute.Result, rounds)
	published := 0
	for round := range inputs {
		k := 2 + rng.IntN(3)
		for i := range k {
			inputs[round] = append(inputs[round], executed(t, fmt.Sprintf("n%d", i), 0.5))
		}
		published += k
	}
	var mu sync.Mutex
	lostRounds, lost, waited := 0, 0, 0
	t.Run("rounds", func(t *testing.T) {
		for round, results := range inputs {
			t.Run(fmt.Sprint(round), func(t *testing.T) {
				t.Parallel()
				out := filepath.Join(t.TempDir(), "site")
				if err := os.CopyFS(out, os.DirFS(base)); err != nil {
					t.Fatal(err)
				}
				var wg sync.WaitGroup
				for i := range results {
					wg.Add(1)
					go func() {
						defer wg.Done()
						var w bytes.Buffer
						if _, err := Update(out, results[i:i+1], prov, WithLockWait(context.Background(), &w), WithCache(cache)); err != nil {
							t.Errorf("round %d: %v", round, err)
						}
						mu.Lock()
						defer mu.Unlock()
						if strings.Contains(w.String(), "waiting for another sigprop writing") {
							waited++
						}
					}()
				}
				wg.Wait()
				m, err := ReadManifest(out)
				if err != nil {
					t.Fatal(err)
				}
				idx, err := os.ReadFile(filepath.Join(out, "index.html"))
				if err != nil {
					t.Fatal(err)
				}
				got := map[string]bool{}
				for _, n := range m.Notebooks {
					got[n.Name] = true
				}
				var missing []string
				want := []string{"base"}
				for _, r := range results {
					want = append(want, r.Name)
				}
				for _, n := range want {
					_, errPage := os.Stat(filepath.Join(out, n+".html"))
					if !got[n] || !bytes.Contains(idx, []byte(`href="./`+n+`.html"`)) || errPage != nil {
						missing = append(missing, n)
					}
				}
				if len(missing) > 0 {
					mu.Lock()
					lostRounds++
					lost += len(missing)
					mu.Unlock()
					t.Errorf("round %d (%d concurrent updates): %v missing from the manifest, the index or the pages", round, len(results), missing)
				}
				// Nothing is left beside the site: the lock file goes with the lock.
				if left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".*")); len(left) > 0 {
					t.Errorf("left beside the site: %v", left)
				}
			})
		}
	})
	t.Logf("%d rounds, %d concurrent updates, %d notebooks lost in %d rounds; %d updates waited for the lock", rounds, published, lost, lostRounds, waited)
	if waited == 0 {
		t.Error("no update ever waited for the lock: the test did not contend")
	}
}

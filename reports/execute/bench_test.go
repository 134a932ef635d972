package execute

import (
	"context"
	"testing"
)

// BenchmarkRunThreeCells executes testdata/three.ipynb end to end without
// the cache: kernel start, setup cell, three cells, shutdown.
func BenchmarkRunThreeCells(b *testing.B) {
	for b.Loop() {
		res, err := Run(context.Background(), []string{"testdata/three.ipynb"}, Options{NoCache: true, RepoRoot: "../.."})
		if err != nil || res[0].Status != "ok" {
			b.Fatalf("%v %+v", err, res)
		}
	}
}

// BenchmarkRunCached measures a no-change re-run of the same notebook: a
// cache hit (hash of the repository's Go files and the notebook, one file
// read); no kernel is started.
func BenchmarkRunCached(b *testing.B) {
	opt := Options{RepoRoot: "../..", CacheDir: b.TempDir()}
	if res, err := Run(context.Background(), []string{"testdata/three.ipynb"}, opt); err != nil || res[0].Status != "ok" {
		b.Fatalf("%v %+v", err, res)
	}
	for b.Loop() {
		res, err := Run(context.Background(), []string{"testdata/three.ipynb"}, opt)
		if err != nil || !res[0].Cached {
			b.Skipf("not cached (the checkout changed under the benchmark?): %v", err)
		}
	}
}

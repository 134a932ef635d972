// Command trainsweep runs the trainability sweep of issue 9 (Cowsik et al.
// 2024, Fig. 7) on Fashion-MNIST: one JSON result per (α, σ_w) point in
// -out, resumable, with -workers parallel trainings.
//
//	go run ./reports/trainsweep/cmd/trainsweep -out /tmp/sweep \
//	    -alphas 0.2,0.5,0.9 -sigmas 0.5,1.6,3.5 -d 16 -layers 4 -steps 400 \
//	    -lr 1e-3 -train 5000 -val 1000 -test 2000 -revision $(git rev-parse HEAD)
//
// Rerunning the same command resumes; rerunning with other settings into
// the same directory is refused (provenance.json).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sigprop/sigprop/lib/fashionmnist"
	sweep "github.com/sigprop/sigprop/lib/trainsweep"
	"github.com/sigprop/sigprop/reports/publish"
	rts "github.com/sigprop/sigprop/reports/trainsweep"
)

// parseRange reads "lo:hi:k" (k evenly spaced values) or a comma list.
func parseRange(s string) ([]float64, error) {
	if p := strings.Split(s, ":"); len(p) == 3 {
		lo, e1 := strconv.ParseFloat(p[0], 64)
		hi, e2 := strconv.ParseFloat(p[1], 64)
		k, e3 := strconv.Atoi(p[2])
		if e1 != nil || e2 != nil || e3 != nil || k < 1 {
			return nil, fmt.Errorf("bad range %q, want lo:hi:k", s)
		}
		return sweep.Linspace(lo, hi, k), nil
	}
	var v []float64
	for _, f := range strings.Split(s, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return nil, fmt.Errorf("bad value %q in %q", f, s)
		}
		v = append(v, x)
	}
	return v, nil
}

func main() {
	out := flag.String("out", "", "result directory (one JSON per point; required)")
	data := flag.String("data", fashionmnist.DebianDir, "Fashion-MNIST directory")
	alphas := flag.String("alphas", "0.1:0.9:3", "α values, lo:hi:k or a,b,c")
	sigmas := flag.String("sigmas", "0.5:3:3", "σ_w values, lo:hi:k or a,b,c")
	d := flag.Int("d", 64, "embedding width")
	layers := flag.Int("layers", 16, "blocks L")
	patch := flag.Int("patch", 7, "patch side (28 must be a multiple)")
	steps := flag.Int("steps", 500, "Adam steps per point")
	batch := flag.Int("batch", 64, "batch size")
	lr := flag.Float64("lr", 3e-4, "Adam learning rate")
	nTrain := flag.Int("train", 0, "training examples (0: all 50 000)")
	nVal := flag.Int("val", 10000, "validation examples split off the training set")
	nTest := flag.Int("test", 0, "test examples (0: all 10 000)")
	seed := flag.Uint64("seed", 1, "sweep seed: initialisation and batch order of every point")
	splitSeed := flag.Uint64("split-seed", 1, "seed of the train/validation split (keep it fixed across -seed replicas)")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "parallel trainings")
	revision := flag.String("revision", "", "source commit to record in provenance.json (default: the binary's vcs.revision, if stamped)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "trainsweep: -out is required")
		os.Exit(2)
	}
	as, err := parseRange(*alphas)
	check(err)
	ss, err := parseRange(*sigmas)
	check(err)
	t0 := time.Now()
	ds, err := rts.LoadFashionMNIST(*data, *nTrain, *nVal, *nTest, *splitSeed)
	check(err)
	fmt.Fprintf(os.Stderr, "trainsweep: data %d train / %d val / %d test, loaded in %.1fs\n",
		ds.Train.Len(), ds.Val.Len(), ds.Test.Len(), time.Since(t0).Seconds())
	store, err := rts.NewDirStore(*out)
	check(err)
	settings := rts.Settings{Alphas: as, SigmaWs: ss, D: *d, Layers: *layers,
		Patch: *patch, Steps: *steps, Batch: *batch, LR: *lr, Train: *nTrain, Val: *nVal, Test: *nTest,
		Seed: *seed, SplitSeed: *splitSeed, DataDir: *data}
	prov := rts.NewInvocation(*workers)
	switch {
	case *revision != "":
		prov.Revision = *revision
	case prov.Revision == "":
		// Not stamped (e.g. GOFLAGS=-buildvcs=false or go run): ask git,
		// as sigprop report does.
		if wd, err := os.Getwd(); err == nil {
			if gp := publish.CurrentProvenance(context.Background(), wd); gp.Commit != "" {
				prov.Revision, prov.Modified = gp.Commit, fmt.Sprint(gp.Dirty)
			}
		}
	}
	check(rts.WriteProvenance(*out, settings, prov))
	spec := sweep.Spec{Model: settings.Model(), Train: ds.Train, Val: ds.Val, Test: ds.Test,
		Steps: *steps, Batch: *batch, LR: *lr, Seed: *seed}
	pts := sweep.Grid{Alphas: as, SigmaWs: ss}.Points()
	res, err := sweep.Run(pts, spec.Task(), store, sweep.RunSettings{Workers: *workers, Progress: os.Stderr})
	check(err)
	fmt.Printf("%6s %6s %9s %9s %9s %8s %7s\n", "alpha", "sigmaw", "lambda_a", "lambda_g", "testloss", "testacc", "sec")
	for _, r := range res {
		fmt.Printf("%6.3f %6.3f %9.4f %9.4f %9.4f %8.4f %7.1f\n", r.Alpha, r.SigmaW, r.LambdaA, r.LambdaG, r.TestLoss, r.TestAccuracy, r.Seconds)
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "trainsweep:", err)
		os.Exit(1)
	}
}

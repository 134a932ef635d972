package sweep_test

// These tests check lib/sweep against lib/trainsweep, which imports
// lib/sweep: they live in the external test package to avoid the cycle.

import (
	"os"
	"strconv"
	"testing"

	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// TrainabilityGrid names points as lib/trainsweep does, in the same order.
func TestTrainabilityGridMatchesTrainsweep(t *testing.T) {
	as, ss := sweep.Linspace(0.05, 0.95, 6), sweep.Linspace(0.2, 4, 6)
	ps, err := sweep.TrainabilityGrid(as, ss).Points()
	if err != nil {
		t.Fatal(err)
	}
	ref := trainsweep.Grid{Alphas: as, SigmaWs: ss}.Points()
	if len(ps) != len(ref) {
		t.Fatalf("%d points, trainsweep has %d", len(ps), len(ref))
	}
	for i := range ps {
		a, _ := strconv.ParseFloat(ps[i].Params["alpha"], 64)
		s, _ := strconv.ParseFloat(ps[i].Params["sigma_w"], 64)
		if ps[i].Key != ref[i].Key() || a != ref[i].Alpha || s != ref[i].SigmaW {
			t.Errorf("point %d: %s (%v, %v), trainsweep %s (%v, %v)", i, ps[i].Key, a, s, ref[i].Key(), ref[i].Alpha, ref[i].SigmaW)
		}
	}
}

// The committed sweeps were written by the former cmd/trainsweep: no Kind
// in provenance.json, one trainsweep.Result per file named by value. They
// must read as trainability sweeps, in trainsweep's grid order.
func TestReadCommittedTrainabilitySweep(t *testing.T) {
	const dir = "../../notebooks/data/trainability/adam-s1-900"
	s, err := sweep.Read(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	var set trainsweep.Settings
	if err := s.Settings(&set); err != nil {
		t.Fatal(err)
	}
	res, err := sweep.Decode[trainsweep.Result](s)
	if err != nil {
		t.Fatal(err)
	}
	ref := trainsweep.Grid{Alphas: set.Alphas, SigmaWs: set.SigmaWs}.Points()
	if len(res) != 36 || len(ref) != 36 || s.Provenance.KindName() != sweep.KindTrainability {
		t.Fatalf("%d results, %d grid points, kind %s; want 36, 36, trainability", len(res), len(ref), s.Provenance.KindName())
	}
	for i, r := range res {
		if r.Alpha != ref[i].Alpha || r.SigmaW != ref[i].SigmaW || r.Seed != 1 || r.Steps != 900 || s.Seconds[i] != r.Seconds {
			t.Errorf("result %d = (α %v, σ_w %v, seed %d, %d steps), grid point (%v, %v)", i, r.Alpha, r.SigmaW, r.Seed, r.Steps, ref[i].Alpha, ref[i].SigmaW)
		}
	}
	if inv := s.Provenance.Invocations; len(inv) != 1 || inv[0].Workers != 2 || inv[0].Revision == "" {
		t.Errorf("invocations = %+v", inv)
	}
}

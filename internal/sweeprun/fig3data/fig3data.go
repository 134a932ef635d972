package fig3data

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/shapednet"
)

// The defaults of notebooks/05-shaped-transformer.ipynb's parameters cell
// and the seeds of its Fig. 3 cell (the test reads them from the
// notebook).
const (
	Fig3Networks = 8192  // networks per γ
	Fig3Paths    = 20000 // SDE paths per γ (run by the cell, not stored)
	NetSeed      = 800   // γ index i draws its networks with seed NetSeed + i
	SDESeed      = 900   // and its SDE paths with SDESeed + i (not stored)
)

// Workers is the number of goroutines the generator simulates on (the
// networks do not depend on it).
const Workers = 2

// Settings are the Fig. 3 settings as the notebook's cell builds them,
// its SDE on workers goroutines.
func Settings(workers int) shapednet.LawSettings {
	s := shapednet.Fig3()
	s.NetSeed, s.SDESeed, s.SDE.Workers = NetSeed, SDESeed, workers
	s.Nets, s.Paths = Fig3Networks, Fig3Paths
	return s
}

// Len is the number of entries of the plan: one (every γ's networks).
func Len() (int, error) { return 1, nil }

// Compute simulates the networks of Settings on workers goroutines and
// returns their record and key. only may name the one entry (index 0) or
// be empty.
func Compute(only []int, workers int) (shapednet.LawNetRecord, shapednet.LawNetKey, error) {
	s := Settings(workers)
	if len(only) > 1 || len(only) == 1 && only[0] != 0 {
		return shapednet.LawNetRecord{}, s.NetKey(), fmt.Errorf("fig3data: the plan has one entry (index 0), --only gave %v", only)
	}
	net, err := s.NetCorr(workers)
	if err != nil {
		return shapednet.LawNetRecord{}, s.NetKey(), err
	}
	return shapednet.LawNetRecord{Net: net}, s.NetKey(), nil
}

package shapednet

import (
	"fmt"
	"io/fs"
	"reflect"

	"github.com/sigprop/sigprop/lib/sweep"
)

// LawNetKey is what fixes the networks of a LawSettings (CorrLaws.Net):
// the network, the residual weights γ, ρ₀, the networks per γ and their
// seed. The SDE's settings (Paths, SDE, SDESeed) are not in it: the SDE
// paths are always run (StoredOrRun). It is the settings a stored run
// records (`sigprop sweep generate noci23-fig3`).
type LawNetKey struct {
	Config  Config    `json:"config"`
	Gammas  []float64 `json:"gammas"`
	Rho0    float64   `json:"rho0"`
	Nets    int       `json:"nets"`
	NetSeed uint64    `json:"net_seed"`
}

// NetKey returns ls's LawNetKey.
func (ls LawSettings) NetKey() LawNetKey {
	return LawNetKey{Config: ls.Config, Gammas: ls.Gammas, Rho0: ls.Rho0, Nets: ls.Nets, NetSeed: ls.NetSeed}
}

// LawNetRecord is a stored run's networks (nets.json): Net[i] holds the
// terminal correlations ρ_T of the networks of γ index i, in the order of
// Run's CorrLaws.Net, floats kept exactly (Go's shortest round-trip form).
type LawNetRecord struct {
	Net [][]float64 `json:"net"`
}

// LawNetProvenance is provenance.json of a stored run (the layout of
// sweep.Generated).
type LawNetProvenance struct {
	Invocation sweep.Invocation `json:"invocation"`
	Settings   LawNetKey        `json:"settings"`
	Elapsed    string           `json:"elapsed"`
}

// ReadLawNets reads nets.json and provenance.json of a directory written
// by `sigprop sweep generate noci23-fig3`; it errors if the record does not
// have one sample of Nets correlations per recorded γ.
func ReadLawNets(fsys fs.FS) (LawNetRecord, LawNetProvenance, error) {
	var rec LawNetRecord
	var prov LawNetProvenance
	if err := sweep.ReadGenerated(fsys, "nets.json", &rec, &prov); err != nil {
		return rec, prov, err
	}
	k := prov.Settings
	if len(rec.Net) != len(k.Gammas) {
		return rec, prov, fmt.Errorf("shapednet: nets.json has %d samples, its settings %d γ", len(rec.Net), len(k.Gammas))
	}
	for i, x := range rec.Net {
		if len(x) != k.Nets {
			return rec, prov, fmt.Errorf("shapednet: nets.json γ = %v has %d networks, its settings %d", k.Gammas[i], len(x), k.Nets)
		}
	}
	return rec, prov, nil
}

// StoredOrRun returns Run's laws with the networks' correlations read from
// store (ReadLawNets) if its key is ls.NetKey(), the SDE paths run here as
// Run runs them; else it runs ls (Run). The stored networks at the
// notebook's settings are the ones Run simulates, bit for bit
// (internal/sweeprun/fig3data's test simulates a slice again). stored says
// which.
func (ls LawSettings) StoredOrRun(store fs.FS, workers int) (l CorrLaws, stored bool, err error) {
	if err := ls.Validate(); err != nil {
		return CorrLaws{}, false, err
	}
	rec, prov, err := ReadLawNets(store)
	if err != nil {
		return CorrLaws{}, false, err
	}
	if reflect.DeepEqual(prov.Settings, ls.NetKey()) {
		l, err = ls.run(workers, rec.Net)
		return l, err == nil, err
	}
	l, err = ls.Run(workers)
	return l, false, err
}

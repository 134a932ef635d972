package trainability

import (
	"fmt"
	"io/fs"

	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// Source is one stored sweep: a name for tables and messages (e.g. its
// directory's base name) and its files.
type Source struct {
	Name string
	FS   fs.FS
}

// Set is one trainability grid trained from several seeds. Names,
// Settings, Invocations and Runs are per seed, in the order given to Read;
// Runs[k] is in grid order (α outer, σ_w inner). Mean and SD are per
// point: the seed mean and the seed-to-seed SD of the test loss
// (trainsweep.SeedMean with the default FitSettings).
type Set struct {
	Names       []string
	Settings    []trainsweep.Settings
	Invocations [][]sweep.Invocation
	Runs        [][]trainsweep.Result
	Mean        []trainsweep.Result
	SD          []float64
}

// Read reads the sweeps of one grid, one per seed. It returns an error if
// there is none, if a sweep is incomplete (lib/sweep.Read's error names
// the missing points) or if two differ in more than the seed
// (trainsweep.Settings.EqualButSeed).
func Read(sweeps ...Source) (Set, error) {
	var set Set
	if len(sweeps) == 0 {
		return set, fmt.Errorf("trainability: Read of no sweeps")
	}
	for _, src := range sweeps {
		s, err := sweep.Read(src.FS)
		if err != nil {
			return Set{}, fmt.Errorf("trainability: sweep %s: %w", src.Name, err)
		}
		var st trainsweep.Settings
		if err := s.Settings(&st); err != nil {
			return Set{}, fmt.Errorf("trainability: sweep %s: %w", src.Name, err)
		}
		if len(set.Settings) > 0 && !st.EqualButSeed(set.Settings[0]) {
			return Set{}, fmt.Errorf("trainability: sweeps %s and %s differ in more than the seed", src.Name, set.Names[0])
		}
		res, err := sweep.Decode[trainsweep.Result](s)
		if err != nil {
			return Set{}, fmt.Errorf("trainability: sweep %s: %w", src.Name, err)
		}
		set.Names, set.Settings = append(set.Names, src.Name), append(set.Settings, st)
		set.Invocations, set.Runs = append(set.Invocations, s.Provenance.Invocations), append(set.Runs, res)
	}
	var err error
	set.Mean, set.SD, err = trainsweep.SeedMean(set.Runs, trainsweep.FitSettings{})
	return set, err
}

// ErrBars is the seed SD of each point, or nil with a single seed (whose
// SD is NaN).
func (s Set) ErrBars() []float64 {
	if len(s.Runs) > 1 {
		return s.SD
	}
	return nil
}

// Lowest returns the index of the lowest test loss in res (the first of
// equals; 0 for an empty res).
func Lowest(res []trainsweep.Result) int {
	best := 0
	for i, r := range res {
		if r.TestLoss < res[best].TestLoss {
			best = i
		}
	}
	return best
}

package trainsweep

import (
	"errors"
	"fmt"
	"strings"

	sweep "github.com/sigprop/sigprop/lib/trainsweep"
)

// ErrIncomplete is returned (wrapped) by ReadSweep when some grid points
// of the directory's settings have no result yet.
var ErrIncomplete = errors.New("trainsweep: sweep incomplete")

// ReadSweep reads a finished sweep directory: its provenance and one
// result per grid point of provenance.Settings, in grid order (α outer,
// σ_w inner). A missing provenance.json, a corrupt result file or a
// missing point is an error naming the directory (missing points: wrapping
// ErrIncomplete, with the results that exist, so a caller can still show
// a partial sweep).
func ReadSweep(dir string) (Provenance, []sweep.Result, error) {
	p, err := ReadProvenance(dir)
	if err != nil {
		return p, nil, fmt.Errorf("trainsweep: %s is not a sweep directory: %w", dir, err)
	}
	store := &DirStore{Dir: dir}
	var res []sweep.Result
	var missing []string
	for _, pt := range (sweep.Grid{Alphas: p.Settings.Alphas, SigmaWs: p.Settings.SigmaWs}).Points() {
		r, ok, err := store.Load(pt.Key())
		if err != nil {
			return p, nil, err
		}
		if !ok {
			missing = append(missing, pt.Key())
			continue
		}
		res = append(res, r)
	}
	if len(missing) > 0 {
		return p, res, fmt.Errorf("%w: %s lacks %d of %d points (%s); rerun the command in its provenance.json to finish it",
			ErrIncomplete, dir, len(missing), len(missing)+len(res), strings.Join(missing, ", "))
	}
	return p, res, nil
}

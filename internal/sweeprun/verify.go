package sweeprun

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// checkResult reports why b, the result file of point p in a sweep of
// kind kindName, is not that point's result: not a JSON object (null,
// {"v":1} of no known layout), or an eval record of another key or
// index, without a value, or whose parameters differ from the point's;
// a trainability result whose α or σ_w differ from the point's.
func checkResult(kindName string, b []byte, p sweep.Point) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return fmt.Errorf("not a JSON object")
	}
	switch kindName {
	case sweep.KindEval:
		var r sweep.Record
		if err := json.Unmarshal(b, &r); err != nil {
			return err
		}
		if r.Key != p.Key || r.Index != p.Index {
			return fmt.Errorf("the record of point %q (index %d), not of %q (index %d)", r.Key, r.Index, p.Key, p.Index)
		}
		if v := bytes.TrimSpace(r.Value); len(v) == 0 || bytes.Equal(v, []byte("null")) {
			return fmt.Errorf("no value")
		}
		for name, want := range p.Params {
			got, ok := r.Params[name]
			if !ok {
				return fmt.Errorf("no parameter %s", name)
			}
			if !sameParam(got, want) {
				return fmt.Errorf("parameter %s = %v, the plan has %s", name, got, want)
			}
		}
	case sweep.KindTrainability:
		var r trainsweep.Result
		if err := json.Unmarshal(b, &r); err != nil {
			return err
		}
		for name, got := range map[string]float64{"alpha": r.Alpha, "sigma_w": r.SigmaW} {
			if want, ok := p.Params[name]; ok && !sameParam(got, want) {
				return fmt.Errorf("%s = %v, the plan has %s", name, got, want)
			}
		}
	}
	return nil
}

// sameParam reports whether a recorded parameter (a JSON number or
// string) is the plan's value want (as the grid spells it: "1e+06" is
// 1000000).
func sameParam(got any, want string) bool {
	switch g := got.(type) {
	case string:
		return g == want
	case float64:
		w, err := strconv.ParseFloat(want, 64)
		return err == nil && w == g
	}
	return false
}

// verifyDone reads the result file of every point states has as done and
// makes missing those that are not that point's result (checkResult), so
// that they neither count as done nor stay: a run computes them again. It
// returns one line per such point.
func verifyDone(dir, kindName string, points []sweep.Point, states []sweep.State) []string {
	var bad []string
	for i, p := range points {
		if states[i] != sweep.Done {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, sweep.DoneFile(p.Key)))
		if err == nil {
			err = checkResult(kindName, b, p)
		}
		if err != nil {
			states[i] = sweep.Missing
			bad = append(bad, fmt.Sprintf("%s is not the result of point %s (%v)", sweep.DoneFile(p.Key), p.Key, err))
		}
	}
	return bad
}

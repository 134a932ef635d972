package sweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strings"
)

// State is where a point stands.
type State int

const (
	Missing State = iota // no file: not started, or its process died before finishing
	Running              // claimed by a process, no result yet
	Failed               // its computation returned an error (Failure)
	Done                 // result written
)

var stateNames = [...]string{"missing", "running", "failed", "done"}

func (s State) String() string { return stateNames[s] }

// MarshalText renders the state's name (in JSON, "done" rather than 3).
func (s State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a state's name.
func (s *State) UnmarshalText(b []byte) error {
	for i, n := range stateNames {
		if n == string(b) {
			*s = State(i)
			return nil
		}
	}
	return fmt.Errorf("sweep: unknown state %q", b)
}

// Scan decides each point's state from the names of the directory's
// files (done beats failed beats running beats missing).
func Scan(names []string, points []Point) []State {
	have := make(map[string]bool, len(names))
	for _, n := range names {
		have[n] = true
	}
	st := make([]State, len(points))
	for i, p := range points {
		switch {
		case have[DoneFile(p.Key)]:
			st[i] = Done
		case have[FailedFile(p.Key)]:
			st[i] = Failed
		case have[ClaimFile(p.Key)]:
			st[i] = Running
		}
	}
	return st
}

// ErrIncomplete is wrapped by Read's error when some points are not done.
var ErrIncomplete = errors.New("sweep incomplete")

// Sweep is a sweep directory read back: its provenance and, per point in
// grid order, the state and the result.
type Sweep struct {
	Provenance Provenance
	Grid       Grid
	Points     []Point
	States     []State
	// Values holds each done point's result as JSON: Record.Value for an
	// eval sweep, the whole trainsweep.Result for a trainability sweep;
	// nil for the other points.
	Values []json.RawMessage
	// Seconds is each done point's wall time (0 for the others).
	Seconds []float64
	// Errors holds each failed point's error ("" for the others).
	Errors []string
}

// Read reads the sweep directory at the root of fsys (os.DirFS(dir) for
// a directory on disk). A missing or malformed provenance.json, or a
// result file that is not valid JSON, is an error; so is a point that is
// not done, with an error wrapping ErrIncomplete that names the first
// such points and their states (and a failed point's error) and the
// *Sweep, so that a caller can still show a partial sweep.
func Read(fsys fs.FS) (*Sweep, error) {
	b, err := fs.ReadFile(fsys, ProvenanceFile)
	if err != nil {
		return nil, fmt.Errorf("sweep: not a sweep directory: %w", err)
	}
	s := &Sweep{}
	if err := json.Unmarshal(b, &s.Provenance); err != nil {
		return nil, fmt.Errorf("sweep: %s: %w", ProvenanceFile, err)
	}
	if s.Grid, err = s.Provenance.Grid(); err != nil {
		return nil, err
	}
	if s.Points, err = s.Grid.Points(); err != nil {
		return nil, err
	}
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("sweep: %w", err)
	}
	names := make([]string, len(ents))
	for i, e := range ents {
		names[i] = e.Name()
	}
	s.States = Scan(names, s.Points)
	n := len(s.Points)
	s.Values, s.Seconds, s.Errors = make([]json.RawMessage, n), make([]float64, n), make([]string, n)
	eval := s.Provenance.KindName() == KindEval
	var notDone []string
	for i, p := range s.Points {
		switch s.States[i] {
		case Done:
			b, err := fs.ReadFile(fsys, DoneFile(p.Key))
			if err != nil {
				return nil, fmt.Errorf("sweep: %w", err)
			}
			var r Record
			if err := json.Unmarshal(b, &r); err != nil {
				return nil, fmt.Errorf("sweep: %s: %w (delete the file to recompute the point)", DoneFile(p.Key), err)
			}
			s.Values[i], s.Seconds[i] = json.RawMessage(b), r.Seconds
			if eval {
				if r.Key != p.Key || len(r.Value) == 0 {
					return nil, fmt.Errorf("sweep: %s is not the record of point %s", DoneFile(p.Key), p.Key)
				}
				s.Values[i] = r.Value
			}
		case Failed:
			var f Failure
			b, err := fs.ReadFile(fsys, FailedFile(p.Key))
			if err == nil {
				err = json.Unmarshal(b, &f)
			}
			if err != nil {
				return nil, fmt.Errorf("sweep: %s: %w", FailedFile(p.Key), err)
			}
			s.Errors[i] = f.Error
			notDone = append(notDone, fmt.Sprintf("%s (%s) failed: %s", p.Key, s.Grid.Label(p), f.Error))
		default:
			notDone = append(notDone, fmt.Sprintf("%s (%s) %s", p.Key, s.Grid.Label(p), s.States[i]))
		}
	}
	if k := len(notDone); k > 0 {
		const show = 10
		more := ""
		if k > show {
			more = fmt.Sprintf("; and %d more", k-show)
			notDone = notDone[:show]
		}
		return s, fmt.Errorf("%w: %d of %d points not done: %s%s (`sigprop sweep status DIR` lists them; `sigprop sweep run DIR` finishes them)",
			ErrIncomplete, k, n, strings.Join(notDone, "; "), more)
	}
	return s, nil
}

// Settings decodes the sweep's settings into dst (*EvalSettings, or
// *trainsweep.Settings for a trainability sweep).
func (s *Sweep) Settings(dst any) error {
	if err := json.Unmarshal(s.Provenance.Settings, dst); err != nil {
		return fmt.Errorf("sweep: settings: %w", err)
	}
	return nil
}

// Decode returns every point's value decoded as a T, in grid order
// (e.g. T = trainsweep.Result for a trainability sweep, float64 for a
// scalar quantity). A point that is not done is an error wrapping
// ErrIncomplete that names it.
func Decode[T any](s *Sweep) ([]T, error) {
	out := make([]T, len(s.Points))
	for i, p := range s.Points {
		if s.States[i] != Done {
			return nil, fmt.Errorf("%w: point %s (%s) is %s", ErrIncomplete, p.Key, s.Grid.Label(p), s.States[i])
		}
		if err := json.Unmarshal(s.Values[i], &out[i]); err != nil {
			return nil, fmt.Errorf("sweep: point %s: %w", p.Key, err)
		}
	}
	return out, nil
}

// Floats returns one number per point in grid order: the value itself if
// field is "", else the member field of the value (an object, e.g.
// "lambda_g" of tokengeom.lambda_g). Points that are not done are NaN, as
// are values that are JSON null (a quantity's +Inf or NaN may be written
// so). A done value without that numeric member is an error.
func (s *Sweep) Floats(field string) ([]float64, error) {
	out := make([]float64, len(s.Points))
	for i, p := range s.Points {
		out[i] = math.NaN()
		if s.States[i] != Done {
			continue
		}
		raw := s.Values[i]
		if field != "" {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(raw, &m); err != nil {
				return nil, fmt.Errorf("sweep: point %s: value is not an object with member %q", p.Key, field)
			}
			var ok bool
			if raw, ok = m[field]; !ok {
				return nil, fmt.Errorf("sweep: point %s: value has no member %q", p.Key, field)
			}
		}
		var x *float64
		if err := json.Unmarshal(raw, &x); err != nil {
			return nil, fmt.Errorf("sweep: point %s: %s is not a number: %s", p.Key, orValue(field), raw)
		}
		if x != nil {
			out[i] = *x
		}
	}
	return out, nil
}

func orValue(field string) string {
	if field == "" {
		return "value"
	}
	return field
}

// Plane returns a two-axis sweep as a heat map: x the first axis's
// values, y the second's, and z with z[j*len(x)+i] the value (Floats of
// field) at (x[i], y[j]), NaN where a point is not done. This is the
// layout of kernel-ext/show's Heat. The axes are those of PlaneAxes: any
// grid whose points vary along exactly two numeric axes, whether written
// as axes (other axes holding one value) or as a --points list. It is an
// error for any other grid.
func (s *Sweep) Plane(field string) (x, y, z []float64, err error) {
	pl, err := s.Grid.PlaneAxes()
	if err != nil {
		return nil, nil, nil, err
	}
	v, err := s.Floats(field)
	if err != nil {
		return nil, nil, nil, err
	}
	z = make([]float64, len(pl.X)*len(pl.Y))
	for k, c := range pl.Cell {
		z[c] = v[k]
	}
	return pl.X, pl.Y, z, nil
}

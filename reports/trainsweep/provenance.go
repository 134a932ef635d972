package trainsweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/sigprop/sigprop/lib/vit"
)

// Settings are the sweep settings that determine every result; a result
// directory must not mix two of them.
type Settings struct {
	Alphas, SigmaWs  []float64
	D, Layers, Patch int
	Steps, Batch     int
	LR               float64
	Train, Val, Test int
	Seed             uint64 // initialisation and batch order
	SplitSeed        uint64 // train/validation split
	DataDir          string
}

// Invocation records one run of the sweep command in a result directory.
type Invocation struct {
	Command    []string  // os.Args
	Started    time.Time // UTC
	GoVersion  string
	Revision   string // source commit (vcs.revision, or asked of git)
	Modified   string // "true" if the checkout had uncommitted changes
	GOMAXPROCS int
	Workers    int
}

// Model returns the vit configuration every point of the sweep trains:
// 28×28 Fashion-MNIST images in Patch×Patch patches, width D, Layers
// blocks with an ℓ = 2 tanh MLP, σ_A² = 1, 10 classes; α_A, α_M and σ_w
// are set per point.
func (s Settings) Model() vit.Config {
	return vit.Config{Rows: 28, Cols: 28, Patch: s.Patch, D: s.D, Layers: s.Layers, MLPLayers: 2, Classes: 10, SigmaA2: 1}
}

// Provenance is DIR/provenance.json: the settings every result in DIR
// was made with and each invocation that added to it (a resumed sweep
// appends, so the commit and command behind every part survive).
type Provenance struct {
	Settings    Settings
	Invocations []Invocation
}

// NewInvocation fills the build and machine fields from the running
// binary.
func NewInvocation(workers int) Invocation {
	p := Invocation{Command: os.Args, Started: time.Now().UTC(),
		GoVersion: runtime.Version(), GOMAXPROCS: runtime.GOMAXPROCS(0), Workers: workers}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				p.Revision = kv.Value
			case "vcs.modified":
				p.Modified = kv.Value
			}
		}
	}
	return p
}

// ReadProvenance reads DIR/provenance.json.
func ReadProvenance(dir string) (Provenance, error) {
	path := filepath.Join(dir, "provenance.json")
	var p Provenance
	b, err := os.ReadFile(path)
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// ErrSettingsMismatch is returned by WriteProvenance when dir already
// holds results made with other settings.
var ErrSettingsMismatch = errors.New("trainsweep: result directory was made with different settings")

// WriteProvenance checks that dir's existing provenance.json (if any) has
// the settings s, appends inv and rewrites the file atomically.
func WriteProvenance(dir string, s Settings, inv Invocation) error {
	p, err := ReadProvenance(dir)
	switch {
	case err == nil:
		if !reflect.DeepEqual(p.Settings, s) {
			return fmt.Errorf("%w: %s has %+v, this run %+v", ErrSettingsMismatch,
				filepath.Join(dir, "provenance.json"), p.Settings, s)
		}
	case errors.Is(err, fs.ErrNotExist):
		p = Provenance{Settings: s}
	default:
		return err
	}
	p.Invocations = append(p.Invocations, inv)
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, "provenance.json"), append(b, '\n'))
}

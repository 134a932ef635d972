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

// Provenance is written to DIR/provenance.json by each invocation.
type Provenance struct {
	Settings   Settings
	Command    []string  // os.Args
	Started    time.Time // this invocation
	GoVersion  string
	Revision   string // vcs.revision from the build info, if the binary was built in a checkout
	Modified   string // vcs.modified
	GOMAXPROCS int
	Workers    int
}

// NewProvenance fills the build and machine fields.
func NewProvenance(s Settings, workers int) Provenance {
	p := Provenance{Settings: s, Command: os.Args, Started: time.Now().UTC(),
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

// ErrSettingsMismatch is returned by WriteProvenance when dir already
// holds results made with other settings.
var ErrSettingsMismatch = errors.New("trainsweep: result directory was made with different settings")

// WriteProvenance checks that dir's existing provenance.json (if any) has
// the same Settings and then overwrites it with p.
func WriteProvenance(dir string, p Provenance) error {
	path := filepath.Join(dir, "provenance.json")
	if b, err := os.ReadFile(path); err == nil {
		var old Provenance
		if err := json.Unmarshal(b, &old); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if !reflect.DeepEqual(old.Settings, p.Settings) {
			return fmt.Errorf("%w: %s has %+v, this run %+v", ErrSettingsMismatch, path, old.Settings, p.Settings)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

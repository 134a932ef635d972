package publish

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
)

// ManifestSchema is the version of manifest.json's layout. Readers refuse
// other versions.
const ManifestSchema = 1

// Manifest is the content of manifest.json.
type Manifest struct {
	Schema     int             `json:"schema"`
	Provenance Provenance      `json:"provenance"`
	Notebooks  []NotebookEntry `json:"notebooks"`
	Figures    []FigureEntry   `json:"figures"`
	Metrics    []MetricEntry   `json:"metrics"`
}

// Provenance records what produced a report. Each figure's seed and
// parameters travel in its data; its notebook's run time in NotebookEntry.
type Provenance struct {
	Commit         string `json:"commit"`          // git HEAD, "" outside a repository
	Dirty          bool   `json:"dirty"`           // uncommitted changes to tracked files
	GoVersion      string `json:"go_version"`      // runtime.Version() of the generator
	SigpropVersion string `json:"sigprop_version"` // Version
}

// Version is sigprop's version, recorded in every manifest.
const Version = "0.1.0-dev"

// NotebookEntry is one notebook's status.
type NotebookEntry struct {
	Name       string  `json:"name"`
	Path       string  `json:"path"`
	Status     string  `json:"status"` // "ok" or "failed"
	Error      string  `json:"error,omitempty"`
	DurationS  float64 `json:"duration_s"`
	Figures    int     `json:"figures"`
	Metrics    int     `json:"metrics"`
	MetricsOK  int     `json:"metrics_passed"`
	FailedCell []int   `json:"failed_cells,omitempty"`
	Cached     bool    `json:"cached"`                     // read from the result cache, not executed
	Executed   string  `json:"executed_because,omitempty"` // why it was executed: the inputs that changed, "no cached result", "--no-cache", ...
	Verified   bool    `json:"cache_verified,omitempty"`   // executed again by --verify-cache and equal to its cached result
}

// FigureEntry is one figure with the data behind it.
type FigureEntry struct {
	ID          string        `json:"id"`
	Notebook    string        `json:"notebook"`
	PaperFigure string        `json:"paper_figure,omitempty"`
	DataHash    string        `json:"data_hash"`
	Data        bundle.Figure `json:"data"`
}

// MetricEntry is one agreement metric.
type MetricEntry struct {
	Name      string       `json:"name"`
	Notebook  string       `json:"notebook"`
	Value     bundle.Float `json:"value"`
	Tolerance bundle.Float `json:"tolerance"`
	Pass      bool         `json:"pass"`
	Note      string       `json:"note,omitempty"`
}

// Failed reports whether any notebook failed or any metric missed its
// tolerance.
func (m *Manifest) Failed() bool {
	for _, n := range m.Notebooks {
		if n.Status != "ok" {
			return true
		}
	}
	for _, x := range m.Metrics {
		if !x.Pass {
			return true
		}
	}
	return false
}

// EncodeManifest returns the canonical bytes of m.
func EncodeManifest(m *Manifest) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ReadManifest reads DIR/manifest.json and checks its schema version.
func ReadManifest(dir string) (*Manifest, error) {
	path := dir + "/manifest.json"
	b, err := os.ReadFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%s is not a sigprop report (no manifest.json)", dir)
		}
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if m.Schema != ManifestSchema {
		return nil, fmt.Errorf("%s: manifest schema %d, this sigprop reads %d", path, m.Schema, ManifestSchema)
	}
	return &m, nil
}

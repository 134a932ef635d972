package publish

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// ManifestSchema is the version of manifest.json's layout. Readers accept
// versions MinManifestSchema to ManifestSchema and refuse others.
//
// Version 2 added Tables; a version 1 manifest has none (Manifest.HasTables
// is false), which `sigprop diff` reports as "tables not compared".
// Equations and Values were added to version 2 later; they are optional
// (absent in older manifests, ignored by older readers). Version 3
// computes each conformance row's outcome from its claim checks
// (ConformanceEntry.Outcome, Setting) instead of recording a typed Status.
// Version 4 names the source figures a figure claims by their lib/papers
// ids (FigureEntry.Paper, PaperNote; bundle.Table.Paper) instead of the
// free text paper_figure, and a conformance row's figures are those that
// claim it; ReadManifest maps an older manifest's paper_figure to ids
// where its text names figures of lib/papers (LegacyClaim).
const ManifestSchema = 4

// MinManifestSchema is the oldest manifest layout ReadManifest accepts.
const MinManifestSchema = 1

// Manifest is the content of manifest.json.
type Manifest struct {
	Schema     int             `json:"schema"`
	Provenance Provenance      `json:"provenance"`
	Notebooks  []NotebookEntry `json:"notebooks"`
	Figures    []FigureEntry   `json:"figures"`
	Metrics    []MetricEntry   `json:"metrics"`
	// Tables holds every table the notebooks displayed (bundle.Table), in
	// notebook, cell and output order (schema 2; absent in schema 1).
	Tables []TableEntry `json:"tables"`
	// Conformance holds one entry per figure of lib/papers (papers.All)
	// (absent in reports made before it existed).
	Conformance []ConformanceEntry `json:"conformance,omitempty"`
	// ConformanceErrors are the disagreements between the figure list and
	// the figures this report drew; any makes the report fail.
	ConformanceErrors []string `json:"conformance_errors,omitempty"`
	// Equations lists each notebook's labelled display equations in
	// page order (their numbers), so that a partial report (Update)
	// can resolve references to the notebooks it keeps; Values lists
	// the values the notebooks published for their prose (show.Glue).
	// Both are absent in reports made before them.
	Equations []EquationEntry `json:"equations,omitempty"`
	Values    []ValueEntry    `json:"values,omitempty"`
}

// EquationEntry is one labelled display equation: "$$ ... $$ (label)" in
// a markdown cell, numbered Number on its notebook's page.
type EquationEntry struct {
	Label    string `json:"label"`
	Notebook string `json:"notebook"`
	Number   int    `json:"number"`
}

// ValueEntry is one value a notebook published for its prose.
type ValueEntry struct {
	Name     string       `json:"name"`
	Notebook string       `json:"notebook"`
	Value    bundle.Float `json:"value"`
	Text     string       `json:"text"`
}

// ConformanceEntry is one source figure or table and what the report drew
// for it.
type ConformanceEntry struct {
	ID     string `json:"id"` // e.g. "noci2022-fig8"
	Source string `json:"source"`
	Label  string `json:"label"`
	Type   string `json:"type"`
	// Setting is the row's typed setting (paper, analogue, schematic)
	// and Section "beyond" for a row that is not a figure of the sources.
	Setting string `json:"setting,omitempty"`
	Section string `json:"section,omitempty"`
	// Outcome is computed from the claim checks (conformance.Outcome);
	// OutcomeWhy says how.
	Outcome    string `json:"outcome,omitempty"`
	OutcomeWhy string `json:"outcome_why,omitempty"`
	// Status is the typed status of a manifest written before outcomes
	// were computed (schema ≤ 2); sigprop diff reads it as the outcome of
	// such a report. Never written now.
	Status  string   `json:"status,omitempty"`
	Figures []string `json:"figures"` // "notebook#id", the figures and tables of this report that claim it
	Metrics int      `json:"metrics"` // metrics that check those figures
	// Claims counts the metrics that quote a claim of the source, and
	// ClaimsPassed those that pass.
	Claims       int `json:"claims"`
	ClaimsPassed int `json:"claims_passed"`
	// WorstRatio is the largest |value|/tolerance of those metrics (≤ 1
	// passes), known disagreements included; null when there is none or
	// a metric's value is NaN.
	WorstRatio *bundle.Float `json:"worst_ratio"`
	// Known counts those metrics whose outcome is a declared known
	// disagreement (a claim that does not hold).
	Known int `json:"known_disagreements,omitempty"`
}

// Verdict is the row's outcome: Outcome, or for a manifest written before
// outcomes were computed, its typed Status.
func (e *ConformanceEntry) Verdict() string {
	if e.Outcome != "" {
		return e.Outcome
	}
	return e.Status
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

	// Title is the notebook's first heading (its name when it has none).
	Title string `json:"title,omitempty"`
	// Kept marks a notebook an update of the site (publish.Update, `sigprop
	// report NOTEBOOK...`) did not run: its entries are those of the
	// report before, possibly of another commit.
	Kept bool `json:"kept_from_previous_report,omitempty"`

	// MetricsKnown counts the metrics whose outcome is a declared known
	// disagreement: neither passed nor failed.
	MetricsKnown int `json:"metrics_known_disagreements,omitempty"`

	// Timing is where its run time went; absent for a notebook that was
	// not executed (it could not be loaded). Not data: see
	// NotebookTiming.
	Timing *NotebookTiming `json:"timing,omitempty"`

	// Params are the values of its parameters cell a run with parameters
	// (`sigprop report -p NAME=VALUE`) set, canonical; absent in a run at
	// the notebook's own settings. sigprop diff compares such a run with
	// the same notebook of the other report only.
	Params map[string]string `json:"params,omitempty"`
}

// NotebookTiming is where a notebook's run time went, as the executor
// measured it (execute.Result, kernel.Timing), in seconds rounded to the
// millisecond. It is not data: two runs of one commit differ in it, no
// data hash covers it, `sigprop diff` does not read it, and
// WithoutTiming removes it (with DurationS) where two reports are
// compared byte for byte. A cached notebook's timing is that of the run
// that stored its result.
type NotebookTiming struct {
	// KernelStartS is starting gonb and wiring it to the module (its
	// hidden setup cell included).
	KernelStartS float64 `json:"kernel_start_s"`
	// CompileS is the cells' compilation: gonb's goimports, go get and
	// go build, summed over the cells; GoBuildS the go builds alone.
	CompileS float64 `json:"compile_s"`
	GoBuildS float64 `json:"go_build_s"`
	// CellsS is the cells' own work: each cell's wall time less its
	// compilation, summed.
	CellsS float64 `json:"cells_s"`
	// CPUS is the processor time of the kernel's process tree (gonb,
	// go build with its compiler and linker, the cells' programs) over
	// the kernel's start and the cells; absent where it is not measured
	// (only Linux's /proc gives it).
	CPUS *float64 `json:"cpu_s,omitempty"`
	// Cells has one entry per code cell that ran, in notebook order.
	Cells []CellTiming `json:"cells"`
}

// CellTiming is one code cell's wall time, the part of it gonb spent
// compiling the cell (goimports, go get, go build) and the go build
// alone, and the CPU time of the kernel's process tree meanwhile (absent
// where not measured).
type CellTiming struct {
	Cell     int      `json:"cell"` // 0-based index in the notebook (its page's cell-N anchor)
	WallS    float64  `json:"wall_s"`
	CompileS float64  `json:"compile_s"`
	GoBuildS float64  `json:"go_build_s"`
	CPUS     *float64 `json:"cpu_s,omitempty"`
}

// FigureEntry is one figure with the data behind it.
type FigureEntry struct {
	ID       string `json:"id"`
	Notebook string `json:"notebook"`
	// Paper holds the ids of the lib/papers figures it claims (its
	// Data.Paper), PaperNote which part of them.
	Paper     []string      `json:"paper,omitempty"`
	PaperNote string        `json:"paper_note,omitempty"`
	DataHash  string        `json:"data_hash"`
	Data      bundle.Figure `json:"data"`
}

// TableEntry is one displayed table with its cells.
type TableEntry struct {
	// ID is the table's own ID; a table without one is keyed by its
	// position among its notebook's tables without an ID: "#1", "#2", ...
	// (bundle IDs never contain '#').
	ID       string       `json:"id"`
	Notebook string       `json:"notebook"`
	DataHash string       `json:"data_hash"` // TableHash(Data)
	Data     bundle.Table `json:"data"`      // caption, header and rows as displayed
}

// TableEntries returns the manifest entries of one notebook's tables, in
// order, keying those without an ID by position (see TableEntry.ID).
func TableEntries(notebook string, tables []bundle.Table) []TableEntry {
	out := make([]TableEntry, 0, len(tables))
	unnamed := 0
	for _, t := range tables {
		id := t.ID
		if id == "" {
			unnamed++
			id = fmt.Sprintf("#%d", unnamed)
		}
		out = append(out, TableEntry{ID: id, Notebook: notebook, DataHash: TableHash(t), Data: t})
	}
	return out
}

// TableHash is the hex SHA-256 of t's canonical bundle encoding (as
// bundle.Figure.Hash is of a figure's).
func TableHash(t bundle.Table) string {
	data, err := bundle.Encode(bundle.Bundle{Kind: bundle.KindTable, Table: &t})
	if err != nil {
		panic("publish: " + err.Error()) // a table of strings always encodes
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// HasTables reports whether the manifest records tables (schema 2 and
// later); an older one says nothing about them.
func (m *Manifest) HasTables() bool { return m.Schema >= 2 }

// MetricEntry is one agreement metric.
type MetricEntry struct {
	Name      string       `json:"name"`
	Notebook  string       `json:"notebook"`
	Value     bundle.Float `json:"value"`
	Tolerance bundle.Float `json:"tolerance"`
	Pass      bool         `json:"pass"`
	Kind      string       `json:"kind,omitempty"`   // what it compares (bundle.MetricKind)
	Rule      string       `json:"rule,omitempty"`   // "within" (also ""), "at most", "at least"
	Basis     string       `json:"basis,omitempty"`  // why the tolerance is what it is
	Figure    string       `json:"figure,omitempty"` // the figure or table it checks, in its notebook
	Note      string       `json:"note,omitempty"`
	// Paper is the source statement the metric checks (a claim check,
	// bundle.Metric.Paper) and Central marks the figure's main claim.
	Paper   string `json:"paper,omitempty"`
	Central bool   `json:"central,omitempty"`
	// Disagreement is the metric's declared known disagreement, if any
	// (bundle.Metric.Disagreement), with its declaration's record.
	Disagreement *bundle.Disagreement `json:"disagreement,omitempty"`
}

// Bundle is the entry as the bundle.Metric it was made from.
func (x MetricEntry) Bundle() bundle.Metric {
	return bundle.Metric{Name: x.Name, Value: x.Value, Tolerance: x.Tolerance, Pass: x.Pass, Kind: bundle.MetricKind(x.Kind),
		Rule: bundle.Rule(x.Rule), Basis: x.Basis, Figure: x.Figure, Note: x.Note, Paper: x.Paper, Central: x.Central, Disagreement: x.Disagreement}
}

// Outcome is the metric's verdict: pass, fail or known disagreement
// (bundle.Metric.Outcome), from Pass, Value and Disagreement.
func (x MetricEntry) Outcome() bundle.Outcome {
	return bundle.Metric{Value: x.Value, Tolerance: x.Tolerance, Pass: x.Pass, Disagreement: x.Disagreement}.Outcome()
}

// Failed reports whether any notebook failed or any metric missed its
// tolerance other than a declared known disagreement.
func (m *Manifest) Failed() bool {
	for _, n := range m.Notebooks {
		if n.Status != "ok" {
			return true
		}
	}
	for _, x := range m.Metrics {
		if x.Outcome() == bundle.Failed {
			return true
		}
	}
	return len(m.ConformanceErrors) > 0
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
	if m, ok := takePrefetched(dir, b); ok {
		return m, nil
	}
	return decodeManifest(path, b)
}

// decodeManifest decodes the bytes b of the manifest at path.
func decodeManifest(path string, b []byte) (*Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if m.Schema < MinManifestSchema || m.Schema > ManifestSchema {
		return nil, fmt.Errorf("%s: manifest schema %d, this sigprop reads %d to %d", path, m.Schema, MinManifestSchema, ManifestSchema)
	}
	if m.Schema < 4 {
		var old struct {
			Figures []struct {
				PaperFigure string `json:"paper_figure"`
			} `json:"figures"`
		}
		if err := json.Unmarshal(b, &old); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for i := range m.Figures {
			if i < len(old.Figures) && old.Figures[i].PaperFigure != "" {
				m.Figures[i].Paper, m.Figures[i].PaperNote = LegacyClaim(old.Figures[i].PaperFigure)
				m.Figures[i].Data.Paper, m.Figures[i].Data.PaperNote = m.Figures[i].Paper, m.Figures[i].PaperNote
			}
		}
	}
	return &m, nil
}

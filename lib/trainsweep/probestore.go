package trainsweep

import (
	"fmt"
	"io/fs"
	"math"

	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/vit"
)

// ProbeSettings are a TrainProbe run of a Noci variant with Adam's
// defaults (Noci et al. 2022, Fig. 6's analogue): the variant (a
// NociVariants name), the softmax's inverse temperature InvTemp, its depth,
// the training and the split of the committed subset it trains on. A run at the notebook's
// settings is stored (`sigprop sweep generate noci-probe`, read by
// ReadProbe); Train computes any.
type ProbeSettings struct {
	Variant string `json:"variant"`
	Layers  int    `json:"layers"`
	Steps   int    `json:"steps"`
	Batch   int    `json:"batch"`
	Every   int    `json:"every"` // a snapshot after every Every steps
	Seed    uint64 `json:"seed"`  // initialisation PCG(Seed, 1), batch order PCG(Seed, 2)
	Split   Split  `json:"split"`
	// InvTemp is the inverse temperature τ of the softmax attention
	// (logits τ(QY_i)·(KY_j)/√d), finite and >= 0; 0 means
	// BaseTemperature (the stored run's, written without it). It is
	// not the τ of eq. 47 that "res-scale-tau" sets itself, and a shaped
	// block has none (vit.Config.Validate refuses one).
	InvTemp float64 `json:"inv_temp,omitempty"`
}

// invTempRange is ProbeSettings.InvTemp's range (vit.Config.InvTemp's).
var invTempRange = param.Range{Min: 0, Max: math.Inf(1), MaxOpen: true}

// Temp is the inverse temperature of the probed softmax: InvTemp, or
// BaseTemperature when it is 0.
func (s ProbeSettings) Temp() float64 {
	if s.InvTemp == 0 {
		return BaseTemperature
	}
	return s.InvTemp
}

// Same reports whether s and o are one run: equal but for how the
// inverse temperature is written (0 or BaseTemperature).
func (s ProbeSettings) Same(o ProbeSettings) bool {
	s.InvTemp, o.InvTemp = s.Temp(), o.Temp()
	return s == o
}

// AtPaper reports whether s reads the Noci et al. 2022 Fig. 6 analogue's
// claims where they were made: after the stored runs' NociSteps steps of
// the plain softmax (BaseTemperature).
func (s ProbeSettings) AtPaper() bool { return s.Steps == NociSteps && s.Temp() == BaseTemperature }

// Validate returns an error wrapping ErrParam naming the first field out
// of range: an unknown variant, Layers, Steps, Batch or Every below 1,
// InvTemp negative or not finite, or a Split out of range.
func (s ProbeSettings) Validate() error {
	if _, err := NociVariantByName(s.Variant); err != nil {
		return fmt.Errorf("%w: ProbeSettings.Variant: %v", ErrParam, err)
	}
	if err := param.AtLeast(ErrParam, param.Min("ProbeSettings.Layers", s.Layers, 1), param.Min("ProbeSettings.Steps", s.Steps, 1),
		param.Min("ProbeSettings.Batch", s.Batch, 1), param.Min("ProbeSettings.Every", s.Every, 1)); err != nil {
		return err
	}
	if err := invTempRange.Check(ErrParam, "ProbeSettings.InvTemp", s.InvTemp); err != nil {
		return err
	}
	return s.Split.Validate()
}

// Config returns the probed model: the variant with Layers blocks, its
// softmax at the inverse temperature InvTemp (left at vit's 0, which
// means 1, when InvTemp is 0).
func (s ProbeSettings) Config() (vit.Config, error) {
	if err := s.Validate(); err != nil {
		return vit.Config{}, err
	}
	v, _ := NociVariantByName(s.Variant)
	c, err := v.Config(s.Layers, BaseTemperature)
	if err != nil {
		return c, err
	}
	if s.InvTemp != 0 && v.Block != "res-scale-tau" {
		c.InvTemp = s.InvTemp
	}
	return c, c.Validate()
}

// Train trains the run on ds (which must be s.Split of the subset) with
// the batch split over workers goroutines (the numbers do not depend on
// it), as TrainProbe.
func (s ProbeSettings) Train(ds Data, workers int) (*Probe, Run, error) {
	cfg, err := s.Config()
	if err != nil {
		return nil, Run{}, err
	}
	return TrainProbe(cfg, ds, vit.TrainSettings{Steps: s.Steps, Batch: s.Batch, Optimizer: &vit.Adam{}, Every: s.Every, Workers: workers}, s.Seed)
}

// ProbeRecord is a stored probe run (probe.json): the snapshots and the
// run, its losses and floats kept exactly (Go's shortest round-trip
// form). A diverged run is not stored.
type ProbeRecord struct {
	Snapshots    []LayerSnapshot `json:"snapshots"`
	TrainLoss    []float64       `json:"train_loss"`
	TestLoss     float64         `json:"test_loss"`
	TestAccuracy float64         `json:"test_accuracy"`
}

// NewProbeRecord returns the record of a probe run; it errors if the run
// diverged.
func NewProbeRecord(p *Probe, r Run) (ProbeRecord, error) {
	if r.Err != nil {
		return ProbeRecord{}, fmt.Errorf("trainsweep: a diverged probe run is not stored: %w", r.Err)
	}
	return ProbeRecord{Snapshots: p.Snapshots, TrainLoss: r.TrainLoss, TestLoss: r.TestLoss, TestAccuracy: r.TestAccuracy}, nil
}

// Probe returns the record as TrainProbe's results.
func (r ProbeRecord) Probe() (*Probe, Run) {
	return &Probe{Snapshots: r.Snapshots}, Run{TrainLoss: r.TrainLoss, TestLoss: r.TestLoss, TestAccuracy: r.TestAccuracy}
}

// ProbeProvenance is provenance.json of a stored probe run (the layout of
// sweep.Generated).
type ProbeProvenance struct {
	Invocation sweep.Invocation `json:"invocation"`
	Settings   ProbeSettings    `json:"settings"`
	Elapsed    string           `json:"elapsed"`
}

// ReadProbe reads probe.json and provenance.json of a directory written by
// `sigprop sweep generate noci-probe`.
func ReadProbe(fsys fs.FS) (ProbeRecord, ProbeProvenance, error) {
	var rec ProbeRecord
	var prov ProbeProvenance
	if err := sweep.ReadGenerated(fsys, "probe.json", &rec, &prov); err != nil {
		return rec, prov, err
	}
	if err := prov.Settings.Validate(); err != nil {
		return rec, prov, fmt.Errorf("trainsweep: provenance.json: %w", err)
	}
	if want := prov.Settings.Steps/prov.Settings.Every + min(1, prov.Settings.Steps%prov.Settings.Every); len(rec.Snapshots) != want || len(rec.TrainLoss) != prov.Settings.Steps {
		return rec, prov, fmt.Errorf("trainsweep: probe.json has %d snapshots and %d losses, its settings make %d and %d", len(rec.Snapshots), len(rec.TrainLoss), want, prov.Settings.Steps)
	}
	return rec, prov, nil
}

// ProbeResult is a probe run at Settings and whether it was read from
// the store.
type ProbeResult struct {
	Settings ProbeSettings
	Probe    *Probe
	Run      Run
	Stored   bool
}

// StoredOrTrain returns the run stored in fsys (ReadProbe) if its settings
// are s (Same), else trains s on data() (Train). The stored run at the
// notebook's settings is the one Train computes, bit for bit
// (internal/sweeprun/probedata's test trains its first snapshot again).
func (s ProbeSettings) StoredOrTrain(fsys fs.FS, data func() Data, workers int) (ProbeResult, error) {
	if err := s.Validate(); err != nil {
		return ProbeResult{}, err
	}
	rec, prov, err := ReadProbe(fsys)
	if err != nil {
		return ProbeResult{}, err
	}
	if prov.Settings.Same(s) {
		p, r := rec.Probe()
		return ProbeResult{Settings: s, Probe: p, Run: r, Stored: true}, nil
	}
	p, r, err := s.Train(data(), workers)
	return ProbeResult{Settings: s, Probe: p, Run: r}, err
}

package seqtf

import (
	"encoding/json"
	"fmt"
	"io/fs"

	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/sweep"
)

// RunsSettings records what the stored reversal runs share and each
// variant's model (`sigprop sweep generate noci-reverse` writes them).
type RunsSettings struct {
	Training ReverseSettings  `json:"training"`
	Variants []VariantSetting `json:"variants"`
	Seeds    []uint64         `json:"seeds"`
}

// Validate returns ErrParam for a training setting out of range
// (ReverseSettings.Validate), no seed, or a variant whose model is out of
// range (Config.Validate): a record that no run could have produced.
func (s RunsSettings) Validate() error {
	if err := s.Training.Validate(); err != nil {
		return err
	}
	if len(s.Seeds) == 0 {
		return param.Err(ErrParam, "len(RunsSettings.Seeds)", 0, ">= 1")
	}
	for _, v := range s.Variants {
		if err := v.Config.Validate(); err != nil {
			return fmt.Errorf("variant %s: %w", v.Name, err)
		}
	}
	return nil
}

// VariantSetting is one variant's configuration as recorded.
type VariantSetting struct {
	Name   string `json:"name"`
	Config Config `json:"config"`
}

// RunsProvenance is provenance.json of the stored reversal runs (the
// layout of sweep.Generated).
type RunsProvenance struct {
	Invocation sweep.Invocation `json:"invocation"`
	Settings   RunsSettings     `json:"settings"`
	Elapsed    string           `json:"elapsed"`
}

// ReadRuns reads runs.json and provenance.json of a directory written by
// `sigprop sweep generate noci-reverse`.
func ReadRuns(fsys fs.FS) ([]ReverseRun, RunsProvenance, error) {
	var runs []ReverseRun
	var prov RunsProvenance
	for name, v := range map[string]any{"runs.json": &runs, "provenance.json": &prov} {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, prov, err
		}
		if err := json.Unmarshal(b, v); err != nil {
			return nil, prov, fmt.Errorf("seqtf: %s: %w", name, err)
		}
	}
	if len(runs) == 0 {
		return nil, prov, fmt.Errorf("seqtf: runs.json holds no runs")
	}
	return runs, prov, nil
}

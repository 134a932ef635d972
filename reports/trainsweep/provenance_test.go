package trainsweep

import (
	"errors"
	"testing"
)

func TestWriteProvenanceRefusesMixedSettings(t *testing.T) {
	dir := t.TempDir()
	s := Settings{Alphas: []float64{0.1, 0.5}, SigmaWs: []float64{1}, D: 16, Layers: 4, Steps: 10, Seed: 1}
	if err := WriteProvenance(dir, NewProvenance(s, 2)); err != nil {
		t.Fatal(err)
	}
	// Same settings, other worker count: a resume, allowed.
	if err := WriteProvenance(dir, NewProvenance(s, 1)); err != nil {
		t.Errorf("resume with the same settings: %v", err)
	}
	s2 := s
	s2.Steps = 11
	if err := WriteProvenance(dir, NewProvenance(s2, 1)); !errors.Is(err, ErrSettingsMismatch) {
		t.Errorf("changed steps: got %v, want ErrSettingsMismatch", err)
	}
}

package trainsweep

import (
	"errors"
	"testing"
)

func TestWriteProvenanceRefusesMixedSettingsAndKeepsHistory(t *testing.T) {
	dir := t.TempDir()
	s := Settings{Alphas: []float64{0.1, 0.5}, SigmaWs: []float64{1}, D: 16, Layers: 4, Steps: 10, Seed: 1}
	if err := WriteProvenance(dir, s, NewInvocation(2)); err != nil {
		t.Fatal(err)
	}
	// Same settings, other worker count: a resume, allowed and appended.
	if err := WriteProvenance(dir, s, NewInvocation(1)); err != nil {
		t.Errorf("resume with the same settings: %v", err)
	}
	s2 := s
	s2.Steps = 11
	if err := WriteProvenance(dir, s2, NewInvocation(1)); !errors.Is(err, ErrSettingsMismatch) {
		t.Errorf("changed steps: got %v, want ErrSettingsMismatch", err)
	}
	p, err := ReadProvenance(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Invocations) != 2 || p.Invocations[0].Workers != 2 || p.Invocations[1].Workers != 1 {
		t.Errorf("invocations = %+v, want the two accepted runs in order (workers 2, 1)", p.Invocations)
	}
}

package randmlp

import (
	"encoding/json"
	"fmt"
	"io/fs"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// ReadSpectra reads the SpectrumSamples stored as one JSON list in the file
// name of fsys (notebooks/data/jacobian-spectra/spectra.json, written by
// `sigprop sweep generate jacobian-spectra`) and groups them by figure id, in file order.
func ReadSpectra(fsys fs.FS, name string) (map[string][]SpectrumSample, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	var all []SpectrumSample
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, fmt.Errorf("randmlp: %s: %w", name, err)
	}
	m := map[string][]SpectrumSample{}
	for _, s := range all {
		m[s.Figure] = append(m[s.Figure], s)
	}
	return m, nil
}

// STransform estimates the S-transform of JJᵀ at each z of zs from every
// draw of s (freeprob.SNumeric of its eigenvalues) and returns the mean
// over draws and its standard error (empirical.MeanSE; 0 with one draw).
// Each z must lie in the domain of SNumeric, (−(1 − mass at 0), 0).
func (s SpectrumSample) STransform(zs []float64) (mean, se []float64, err error) {
	mean, se = make([]float64, len(zs)), make([]float64, len(zs))
	v := make([]float64, len(s.Eigs))
	for i, z := range zs {
		for d, e := range s.Eigs {
			if v[d], err = freeprob.SNumeric(e, z); err != nil {
				return nil, nil, fmt.Errorf("randmlp: S-transform of draw %d at z = %g: %w", d, z, err)
			}
		}
		mean[i], se[i] = empirical.MeanSE(v)
	}
	return mean, se, nil
}

// KSAtWidth recomputes s at width w with the same seeds (AtWidth) and
// returns its KS distance from the theory (Check): a disagreement that is a
// finite-width effect is larger at a smaller width.
func (s SpectrumSample) KSAtWidth(w int, c freeprob.Continuation) (float64, error) {
	small, err := s.AtWidth(w)
	if err != nil {
		return 0, err
	}
	sc, err := small.Check(c)
	if err != nil {
		return 0, err
	}
	return sc.KS, nil
}

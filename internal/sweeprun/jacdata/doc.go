// Package jacdata precomputes the finite-width Jacobian spectra of
// notebooks/04-jacobian-spectra.ipynb at the paper's parameters (width
// N = 1000, depths up to 128: Pennington, Schoenholz & Ganguli 2018,
// Figs. 2 and 4, shown in Tanner's lecture), which are too costly to
// simulate while the report runs. The spectra are written as
// spectra.json (a list of randmlp.SpectrumSample) next to provenance.json
// (sweep.Generated: the command, source revision, Go version and workers
// of the run, the settings and the wall time) by `sigprop sweep generate
// jacobian-spectra DIR`; jacdata_test.go recomputes a draw of the
// committed file.
//
// Source: J. Pennington, S. S. Schoenholz, S. Ganguli, "The Emergence of
// Spectral Universality in Deep Networks", AISTATS 2018, arXiv:1802.09979
// (P18), Figs. 2 and 4; the theory the spectra are compared with is
// lib/jacspectrum's, the simulation lib/randmlp's.
//
//	Width, Sigma02   N = 1000 and σ₀² = 1/4 of P18 Fig. 4 (q*(L) by jacspectrum.QStarForSigma0)
//	Specs            the configurations of Figs. 4 and 2, one randmlp.SpectrumSpec each (seeds fixed)
//	Settings         Width and Sigma02 as provenance.json records them
//	Len, Compute     the plan and its computation (randmlp.SampleSpectra), the generator jacobian-spectra
package jacdata

package render

import (
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// SpectrumLines draws r as Spectrum draws r.Spectrum (with its checks and
// options), with r.Lines over it after the theory density, each in its
// role's style. A caller bug (r.Wellformed fails) panics.
func SpectrumLines(f show.Figure, r result.SpectrumLines, opts ...Option) show.View {
	must(r.Wellformed())
	v := Spectrum(f, r.Spectrum, opts...)
	for i, it := range v {
		if fig, ok := it.Figure(); ok {
			fig.Series = append(fig.Series, series(r.Lines)...)
			v[i] = show.Fig(fig)
		}
	}
	return v
}

package quantity

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// Quantities of Noci et al. 2022 (arXiv:2206.03126), package rankcollapse.
func init() {
	nParam := Domain(Param{Name: "n", Doc: "number of tokens", Default: "50"}, rankcollapse.NRange)
	rho0 := Domain(Param{Name: "rho0", Doc: "input average token correlation, in [-1/(n-1), 1]", Default: "0"}, rankcollapse.CorrelationRange)
	// α₁ >= 0: α₁² is the lib's α̃₁ (rankcollapse.VarianceRange); its sign does not matter.
	alpha1 := Domain(Param{Name: "alpha1", Doc: "attention residual weight; under scaling=sqrtL it is divided by sqrt(depth) (alpha1_tilde = alpha1^2)", Default: "1"}, rankcollapse.VarianceRange)
	scaling := Param{Name: "scaling", Doc: "residual scaling: const (alpha as given) or sqrtL (alpha/sqrt(L))", Default: "const", Choices: []string{"const", "sqrtL"}}
	eqParams := func(withForm bool, formDefault string) []Param {
		ps := []Param{
			Domain(Param{Name: "n", Doc: "number of tokens", Default: "10"}, rankcollapse.NRange),
			Domain(Param{Name: "d", Doc: "width d = d_v = d_k", Default: "16"}, rankcollapse.WidthRange),
			Domain(Param{Name: "rho", Doc: "token correlation of the equicorrelated Gaussian input, in [-1/(n-1), 1]", Default: "0"}, rankcollapse.CorrelationRange),
			Domain(Param{Name: "sigma_x2", Doc: "entry variance of the input tokens", Default: "1"}, rankcollapse.VarianceRange),
		}
		if withForm {
			ps = append(ps, Param{Name: "form", Doc: "exact (corrected) or paper (as printed)", Default: formDefault, Choices: []string{"exact", "paper"}})
		}
		return ps
	}
	form := func(v Values) rankcollapse.Form {
		if v.String("form") == "paper" {
			return rankcollapse.FormPaper
		}
		return rankcollapse.FormExact
	}
	scal := func(v Values) rankcollapse.Scaling {
		if v.String("scaling") == "sqrtL" {
			return rankcollapse.SqrtL
		}
		return rankcollapse.Constant
	}

	Register(Quantity{
		Name:   "rankcollapse.rho",
		Doc:    "average token correlation rho^L after L blocks (uniform attention, linear FF, no LN)",
		Source: "Noci et al. 2022, Lemmas 3.2-3.3 and App. A.4 (finite depth)",
		Params: []Param{nParam, rho0, alpha1,
			Domain(Param{Name: "depth", Doc: "number of blocks L", Default: "12"}, rankcollapse.DepthRange),
			scaling},
		Eval: func(v Values) (any, error) {
			a1sq, err := rankcollapse.ResidualAlpha2(v.Float("alpha1"), v.Int("depth"), scal(v))
			if err != nil {
				return nil, err
			}
			return rankcollapse.RhoDepth(v.Int("n"), v.Float("rho0"), a1sq, v.Int("depth"))
		},
	})
	Register(Quantity{
		Name:   "rankcollapse.rho_limit",
		Doc:    "infinite-depth limit of the last-layer token correlation",
		Source: "Noci et al. 2022, Thm 3.3, eqs. (15) (sqrtL, with e^{alpha1_tilde}) and (16) (const)",
		Params: []Param{nParam, rho0, alpha1, scaling},
		Eval: func(v Values) (any, error) {
			return rankcollapse.RhoLimit(v.Int("n"), v.Float("rho0"), v.Float("alpha1"), scal(v))
		},
	})
	Register(Quantity{
		Name:   "rankcollapse.grad_v",
		Doc:    "E||dS/dW^V||_F^2 for equicorrelated Gaussian tokens (eq. 17 is exact; form has no effect)",
		Source: "Noci et al. 2022, eq. (17)",
		Params: eqParams(true, "exact"),
		Eval: func(v Values) (any, error) {
			return rankcollapse.GradV(v.Int("n"), v.Int("d"), v.Float("rho"), v.Float("sigma_x2"))
		},
	})
	Register(Quantity{
		Name:   "rankcollapse.grad_q",
		Doc:    "E||dS/dW^Q||_F^2 for equicorrelated Gaussian tokens (exact, or eq. 18 as printed)",
		Source: "Noci et al. 2022, eq. (18); exact factor 1+4(1-rho)/(nd) from lib/sources/noci2022.md#derived-jacobians (eq. 18, exact)",
		Params: eqParams(true, "exact"),
		Eval: func(v Values) (any, error) {
			return rankcollapse.GradQ(v.Int("n"), v.Int("d"), v.Float("rho"), v.Float("sigma_x2"), form(v))
		},
	})
	Register(Quantity{
		Name:   "rankcollapse.tau",
		Doc:    "inverse temperature balancing query and value gradients",
		Source: "Noci et al. 2022, eq. (47), App. C.2 (form=exact uses the exact eq. 18)",
		Params: eqParams(true, "paper"),
		Eval: func(v Values) (any, error) {
			t, err := rankcollapse.Tau(v.Int("n"), v.Int("d"), v.Float("rho"), v.Float("sigma_x2"), form(v))
			if err != nil {
				return nil, fmt.Errorf("rankcollapse.tau: %w", err)
			}
			return t, nil
		},
	})
}

package finitewidth

import (
	"fmt"
	"github.com/sigprop/sigprop/lib/internal/param"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
)

// JacobianCheck sizes a theory-vs-simulation run of the Jacobian norm's
// log-variance: Networks matrix networks (SampleJacobian) of the case at
// width Width and depth Depth.
type JacobianCheck struct {
	Case     Case
	Width    int // ≥ 2
	Depth    int // ≥ 1
	Networks int // ≥ 3
	Seed     uint64
	Workers  int
}

// JacobianResult holds per layer ℓ = 1..Depth the leading-order
// Var log ‖J^ℓ u‖² (Theory), the same without the kernel's fluctuation
// (Uncoupled, the plausible error), ReLU's exact law (Exact, NaN for
// other φ) and the simulated variance with its SE (the network the
// unit); and at the last layer the sample skewness of log ‖J u‖² and of
// ‖J u‖² itself, with the normal-theory SE √(6/N) of a skewness.
// Networks whose Jacobian vanished (every unit of a ReLU layer inactive,
// probability ≈ ℓ 2⁻ⁿ; log ‖J u‖² = −∞) are counted in Vanished and left
// out, as the exact law leaves out M = 0.
type JacobianResult struct {
	Check                     JacobianCheck
	Theory, Uncoupled, Exact  []float64
	Var, VarSE                []float64
	SkewLog, SkewNorm, SkewSE float64
	Vanished                  int
}

// Validate returns an error wrapping ErrParam naming the first field out
// of range: the case's Settings, Width < 2, Depth < 1, Networks < 3.
func (c JacobianCheck) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("JacobianCheck.Depth", c.Depth, 1)); err != nil {
		return err
	}
	s := c.Case.Settings
	s.Depth = c.Depth // the depth the check runs to
	if err := s.Validate(); err != nil {
		return err
	}
	return param.AtLeast(ErrParam, param.Min("JacobianCheck.Width", c.Width, 2), param.Min("JacobianCheck.Depth", c.Depth, 1), param.Min("JacobianCheck.Networks", c.Networks, 3))
}

// Run simulates and computes the theory. Errors: settings out of range
// (ErrParam), a recursion that fails (ErrRange).
func (c JacobianCheck) Run() (JacobianResult, error) {
	if err := c.Validate(); err != nil {
		return JacobianResult{}, err
	}
	s := c.Case.Settings
	s.Depth = c.Depth
	js, err := s.jacobian(true)
	if err != nil {
		return JacobianResult{}, err
	}
	ju, err := s.jacobian(false)
	if err != nil {
		return JacobianResult{}, err
	}
	logs, err := s.SampleJacobian(SimSettings{Width: c.Width, Networks: c.Networks, Seed: c.Seed, Workers: c.Workers})
	if err != nil {
		return JacobianResult{}, err
	}
	r := JacobianResult{Check: c}
	kept := logs[:0]
	for _, row := range logs {
		if math.IsInf(row[len(row)-1], -1) || math.IsNaN(row[len(row)-1]) {
			r.Vanished++
			continue
		}
		kept = append(kept, row)
	}
	logs = kept
	if len(logs) < 3 {
		return JacobianResult{}, fmt.Errorf("%w: %d of %d networks have a vanished Jacobian", ErrRange, r.Vanished, c.Networks)
	}
	col := make([]float64, len(logs))
	for l := range c.Depth {
		for i := range logs {
			col[i] = logs[i][l]
		}
		v, se := empirical.VarSE(col)
		ex := math.NaN()
		if Rectifier(s.Phi) {
			ex = ReLUJacobianVarLog(c.Width, l+1)
		}
		r.Theory, r.Uncoupled, r.Exact = append(r.Theory, js[l].VarLog(c.Width)), append(r.Uncoupled, ju[l].VarLog(c.Width)), append(r.Exact, ex)
		r.Var, r.VarSE = append(r.Var, v), append(r.VarSE, se)
	}
	r.SkewLog = skewness(col)
	norm := make([]float64, len(col))
	for i, x := range col {
		norm[i] = math.Exp(x)
	}
	r.SkewNorm = skewness(norm)
	r.SkewSE = math.Sqrt(6 / float64(len(col)))
	return r, nil
}

// skewness is the sample skewness m₃/m₂^{3/2}.
func skewness(x []float64) float64 {
	mean, _ := empirical.MeanSD(x)
	var m2, m3 float64
	for _, v := range x {
		d := v - mean
		m2 += d * d
		m3 += d * d * d
	}
	m2, m3 = m2/float64(len(x)), m3/float64(len(x))
	return m3 / math.Pow(m2, 1.5)
}

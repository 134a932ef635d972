package quantity

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// SimMemory is the memory a simulating quantity may take, in bytes. Its
// estimate (compose.Block.SimBytes, tokennet.TransformerConfig.Bytes,
// times the networks held at once) is checked before anything is
// allocated: within the parameters' ranges a simulation could ask for
// terabytes (compose.compare d=999999 and tokennet.lambda_g_numeric
// depth=1e9 ended in "fatal error: out of memory").
const SimMemory = 4 << 30

// SimWork is the work a simulating quantity may take, in floating-point
// operations of its matrix products (about 20 s at 10 Gflop/s), checked
// on an estimate before it starts: compose.compare nets=100000,
// tokennet.lambda_a_numeric d=4096 and sde.correlation_stats m=64 ran
// past the eval fuzz's 30 s (TestEvalRangesBudgeted).
const SimWork = 2e11

// fitMemory returns nil when bytes(nil), the estimate at the values given,
// is at most SimMemory. Otherwise it returns an error naming the first of
// params (integer parameters, the one raised furthest above its default
// first, ties in the order given) that alone can be lowered far enough,
// with the largest value that fits; bytes(over) is the estimate with the
// values of over in place of the given ones.
func fitMemory(v Values, bytes func(over map[string]int) float64, params ...Param) error {
	return fitBudget(v, "memory", SimMemory, bytesText, bytes, params...)
}

// fitWork is fitMemory for the work, flops(over), against SimWork.
func fitWork(v Values, flops func(over map[string]int) float64, params ...Param) error {
	return fitBudget(v, "work", SimWork, func(x float64) string { return fmt.Sprintf("%.1e floating-point operations", x) }, flops, params...)
}

func fitBudget(v Values, what string, budget float64, text func(float64) string, cost func(over map[string]int) float64, params ...Param) error {
	need := cost(nil)
	if need <= budget {
		return nil
	}
	// The parameter raised furthest above its default first: the one a
	// user most likely meant.
	params = slices.Clone(params)
	raised := func(p Param) float64 {
		def, err := strconv.ParseFloat(p.Default, 64)
		if err != nil || def < 1 {
			def = 1
		}
		return float64(v.Int(p.Name)) / def
	}
	slices.SortStableFunc(params, func(a, b Param) int { return cmp.Compare(raised(b), raised(a)) })
	var names []string
	for _, p := range params {
		cur, lo := v.Int(p.Name), int(p.Min)
		names = append(names, fmt.Sprintf("%s = %d", p.Name, cur))
		if cur <= lo || cost(map[string]int{p.Name: lo}) > budget {
			continue
		}
		for lo < cur-1 { // cost(lo) fits, cost(cur) does not
			mid := lo + (cur-lo)/2
			if cost(map[string]int{p.Name: mid}) <= budget {
				lo = mid
			} else {
				cur = mid
			}
		}
		return fmt.Errorf("parameter %s = %d out of range: the simulation needs an estimated %s of %s, more than the %s allowed; want %s <= %d at the other values given",
			p.Name, v.Int(p.Name), text(need), what, text(budget), p.Name, lo)
	}
	return fmt.Errorf("parameters out of range: the simulation needs an estimated %s of %s at %s, more than the %s allowed; lower them",
		text(need), what, strings.Join(names, ", "), text(budget))
}

// bytesText formats a byte count for a message: "4.0 GiB", "8.0e+12 bytes"
// past a TiB.
func bytesText(b float64) string {
	switch {
	case b >= 1<<40:
		return fmt.Sprintf("%.1e bytes", b)
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", b/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", b/(1<<20))
	}
	return fmt.Sprintf("%.0f bytes", b)
}

// over returns over[name] when set, else def.
func overOr(over map[string]int, name string, def int) int {
	if x, ok := over[name]; ok {
		return x
	}
	return def
}

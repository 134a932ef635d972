package quantity

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrNotFinite is returned (wrapped) by a registered quantity's Eval when
// its value holds a NaN or an infinity: at the edges of a documented
// range a value can overflow float64 (rankcollapse.grad_q at sigma_x2 =
// 1e300) or be undefined, and it must come out as an error naming the
// parameters, never as a silent Inf.
var ErrNotFinite = errors.New("value is not finite")

// finiteEval wraps eval so that a value that does not encode as JSON
// (json refuses NaN and ±Inf) becomes an error wrapping ErrNotFinite.
func finiteEval(eval func(Values) (any, error)) func(Values) (any, error) {
	return func(v Values) (any, error) {
		value, err := eval(v)
		if err != nil {
			return value, err
		}
		if _, jerr := json.Marshal(value); jerr != nil {
			var uv *json.UnsupportedValueError
			if errors.As(jerr, &uv) {
				return nil, fmt.Errorf("%w (%s overflows float64 or is undefined) at %s", ErrNotFinite, uv.Str, describeValues(v))
			}
			return nil, jerr
		}
		return value, nil
	}
}

// describeValues renders v as "k=v ..." in name order.
func describeValues(v Values) string {
	m := v.Map()
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%v", k, m[k])
	}
	return strings.Join(parts, " ")
}

package quantity

import (
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// FuzzParse drives Lookup and Parse as `sigprop eval` does: a quantity name
// and key=value arguments, one per line. Lookup of an unknown name must
// fail naming it; the fuzzer then goes on with the registered quantity the
// name hashes to, so every input exercises a real parameter list. Parse
// must not panic; a value it accepts is finite, within its parameter's
// range, an exact integer where the parameter is one, one of the Choices
// where it has them; an error names the quantity and a parameter (a
// declared one or the unknown key given). Crashers found while fuzzing are
// kept in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	all := All()
	if len(all) == 0 {
		f.Fatal("no quantities registered")
	}
	for _, q := range all {
		var args []string
		for _, p := range q.Params {
			if p.Default != "" {
				args = append(args, p.Name+"="+p.Default)
			}
		}
		f.Add(q.Name, strings.Join(args, "\n"))
		for _, p := range q.Params {
			for _, v := range []string{"inf", "-Inf", "+Infinity", "NaN", "1e400", "-1e400", "1e-400", "0x1p-2", "1_0", " 1", "", "-0", "1e300", "9007199254740993", "2.5", "z"} {
				f.Add(q.Name, p.Name+"="+v)
			}
		}
	}
	f.Add("no.such", "nope=1")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, name, args string) {
		q, err := Lookup(name)
		if err != nil {
			if !strings.Contains(err.Error(), strconv.Quote(name)) {
				t.Fatalf("Lookup(%q) error %q does not name it", name, err)
			}
			h := fnv.New32a()
			h.Write([]byte(name))
			q = all[int(h.Sum32()%uint32(len(all)))]
		}
		kv := map[string]string{}
		for _, a := range strings.Split(args, "\n") {
			k, v, ok := strings.Cut(a, "=")
			if !ok || k == "" {
				continue // cmdEval rejects these before Parse
			}
			if _, dup := kv[k]; dup {
				continue // likewise
			}
			kv[k] = v
		}
		v, err := q.Parse(kv)
		if err != nil {
			msg := err.Error()
			if !strings.HasPrefix(msg, q.Name+": ") {
				t.Fatalf("error %q does not start with the quantity's name %s", msg, q.Name)
			}
			for _, p := range q.Params {
				if strings.Contains(msg, "parameter "+p.Name) {
					return
				}
			}
			for k := range kv {
				if strings.Contains(msg, "unknown parameter "+strconv.Quote(k)) {
					return
				}
			}
			t.Fatalf("error %q names no parameter of %s (args %q)", msg, q.Name, kv)
		}
		for _, p := range q.Params {
			if len(p.Choices) > 0 {
				if s := v.String(p.Name); !slices.Contains(p.Choices, s) {
					t.Fatalf("%s: %s=%q accepted, not one of %v", q.Name, p.Name, s, p.Choices)
				}
				continue
			}
			x := v.Float(p.Name)
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("%s: %s=%v accepted (args %q)", q.Name, p.Name, x, kv)
			}
			if x < p.Min || x > p.Max {
				t.Fatalf("%s: %s=%v accepted outside %s", q.Name, p.Name, x, p.Range())
			}
			if p.Integer && float64(v.Int(p.Name)) != x {
				t.Fatalf("%s: %s=%v accepted as an integer, Int gives %d", q.Name, p.Name, x, v.Int(p.Name))
			}
		}
	})
}

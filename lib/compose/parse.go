package compose

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/lib/activation"
)

// Keys are the names of a block description's fields in a block file and
// on a command line (`sigprop eval compose.* KEY=VALUE`), in the order
// Format writes them; an activation with a parameter adds that parameter's
// name (activation.Spec.Param: a of shtanh, slope of leaky_relu, beta of
// swish), as everywhere in `sigprop eval`.
var Keys = []string{
	"n", "d", "depth", "norm", "norm_kind",
	"attn", "sigma_a2", "tau0", "causal", "heads", "sigma_v2",
	"phi", "mlp_layers", "hidden", "sigma_w", "sigma_out",
	"skip_attn", "branch_attn", "scaling_attn", "skip_mlp", "branch_mlp", "scaling_mlp",
	"no_attention", "no_mlp",
}

// DefaultBlock is the block a description starts from: the pre-LN block
// of the issue that asked for this package (softmax attention with
// σ_A² = 1, a one-layer tanh MLP with σ_w = σ_o = 1, skip 1 and branch
// 0.7 on both sub-blocks), n = 16, d = 64, L = 24.
func DefaultBlock() Block {
	return Block{N: 16, D: 64, Depth: 24, Norm: Pre, NormKind: LN,
		Attn: Attention{Kind: Softmax, SigmaA2: 1, Tau0: 1, Heads: 1, SigmaV2: 1},
		FF:   FeedForward{Act: activation.Tanh(), Layers: 1, Hidden: 64, SigmaW: 1, SigmaOut: 1},
		ResA: Residual{Skip: 1, Branch: 0.7}, ResM: Residual{Skip: 1, Branch: 0.7}}
}

// ReadKV reads a block file: one KEY = VALUE (or KEY=VALUE) per line,
// blank lines and lines starting with # ignored, a trailing # comment
// stripped, a UTF-8 byte order mark at its start skipped (as editors on
// Windows write it). It returns the pairs; a line without =, a key given
// twice or a line longer than 64 KiB is an error naming the line.
func ReadKV(r io.Reader) (map[string]string, error) {
	kv := map[string]string{}
	sc := bufio.NewScanner(r)
	ln := 0
	for sc.Scan() {
		ln++
		line := sc.Text()
		if ln == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("compose: block file line %d: %q is not KEY = VALUE", ln, line)
		}
		if _, dup := kv[k]; dup {
			return nil, fmt.Errorf("compose: block file line %d: %s given twice", ln, k)
		}
		kv[k] = v
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("compose: block file line %d: longer than %d bytes", ln+1, bufio.MaxScanTokenSize)
	} else if err != nil {
		return nil, fmt.Errorf("compose: reading block file: %w", err)
	}
	return kv, nil
}

// ParseBlock reads a block file (ReadKV) and returns DefaultBlock with the
// file's fields set (ParseFields).
func ParseBlock(r io.Reader) (Block, error) {
	kv, err := ReadKV(r)
	if err != nil {
		return Block{}, err
	}
	return ParseFields(kv)
}

// ParseFields returns DefaultBlock with the fields of kv set, validated.
// Keys are those of Keys; an unknown key, a value that does not parse and
// a value out of range are errors wrapping ErrParam naming the key and
// what it allows. phi is one of activation.Names(); phi_param is the
// parameter of those that take one (shtanh, leaky_relu, swish; default
// the activation's own).
func ParseFields(kv map[string]string) (Block, error) {
	b := DefaultBlock()
	actParams := map[string]string{} // parameter name → its activation
	for _, s := range activation.Specs() {
		if s.Param != "" {
			actParams[s.Param] = s.Name
		}
	}
	for k := range kv {
		if !slices.Contains(Keys, k) && actParams[k] == "" {
			return Block{}, fmt.Errorf("%w: unknown key %q (keys: %s, and an activation's parameter)", ErrParam, k, strings.Join(Keys, ", "))
		}
	}
	get := func(k string) (string, bool) { v, ok := kv[k]; return v, ok }
	var err error
	num := func(k string, dst *float64) {
		v, ok := get(k)
		if !ok || err != nil {
			return
		}
		x, e := strconv.ParseFloat(v, 64)
		if e != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			err = paramErr(k, strconv.Quote(v), "a finite number")
			return
		}
		*dst = x
	}
	integer := func(k string, dst *int) {
		v, ok := get(k)
		if !ok || err != nil {
			return
		}
		x, e := strconv.Atoi(v)
		if e != nil {
			err = paramErr(k, strconv.Quote(v), "an integer")
			return
		}
		*dst = x
	}
	choice := func(k string, names []string, dst *int) {
		v, ok := get(k)
		if !ok || err != nil {
			return
		}
		i := slices.Index(names, v)
		if i < 0 {
			err = paramErr(k, strconv.Quote(v), "one of "+strings.Join(names, "|"))
			return
		}
		*dst = i
	}
	boolean := func(k string, dst *bool) {
		v, ok := get(k)
		if !ok || err != nil {
			return
		}
		x, e := strconv.ParseBool(v)
		if e != nil {
			err = paramErr(k, strconv.Quote(v), "true or false")
			return
		}
		*dst = x
	}
	integer("n", &b.N)
	integer("d", &b.D)
	integer("depth", &b.Depth)
	choice("norm", placeNames, (*int)(&b.Norm))
	choice("norm_kind", normKindNames, (*int)(&b.NormKind))
	choice("attn", attnNames, (*int)(&b.Attn.Kind))
	num("sigma_a2", &b.Attn.SigmaA2)
	num("tau0", &b.Attn.Tau0)
	boolean("causal", &b.Attn.Causal)
	integer("heads", &b.Attn.Heads)
	num("sigma_v2", &b.Attn.SigmaV2)
	integer("mlp_layers", &b.FF.Layers)
	hidden := 0
	integer("hidden", &hidden)
	num("sigma_w", &b.FF.SigmaW)
	num("sigma_out", &b.FF.SigmaOut)
	num("skip_attn", &b.ResA.Skip)
	num("branch_attn", &b.ResA.Branch)
	choice("scaling_attn", scalingNames, (*int)(&b.ResA.Scaling))
	num("skip_mlp", &b.ResM.Skip)
	num("branch_mlp", &b.ResM.Branch)
	choice("scaling_mlp", scalingNames, (*int)(&b.ResM.Scaling))
	boolean("no_attention", &b.NoAttention)
	boolean("no_mlp", &b.NoMLP)
	if err != nil {
		return Block{}, err
	}
	b.FF.Hidden = b.D
	if _, ok := kv["hidden"]; ok {
		b.FF.Hidden = hidden
	}
	name, ok := kv["phi"]
	if !ok {
		name = b.FF.Act.Name
	}
	spec, e := activation.Lookup(name)
	if e != nil {
		return Block{}, paramErr("phi", strconv.Quote(name), "one of "+strings.Join(activation.Names(), "|"))
	}
	for k, owner := range actParams {
		if _, given := kv[k]; given && owner != name {
			return Block{}, paramErr(k, kv[k], "absent: it is the parameter of "+owner+", and phi = "+name)
		}
	}
	var params []float64
	if spec.Param != "" {
		x := spec.Default
		num(spec.Param, &x)
		if err != nil {
			return Block{}, err
		}
		params = append(params, x)
	}
	if ok || params != nil {
		f, e := activation.ByName(name, params...)
		if e != nil {
			return Block{}, fmt.Errorf("%w: %s: %v", ErrParam, spec.Param, e)
		}
		b.FF.Act = f
	}
	if err := b.Validate(); err != nil {
		return Block{}, err
	}
	return b, nil
}

// Fields returns b's description as KEY → VALUE, the inverse of
// ParseFields (ParseFields(b.Fields()) is b for a valid b whose φ is one
// of activation.Names()).
func (b Block) Fields() map[string]string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	kv := map[string]string{
		"n": strconv.Itoa(b.N), "d": strconv.Itoa(b.D), "depth": strconv.Itoa(b.Depth),
		"norm": b.Norm.String(), "norm_kind": b.NormKind.String(),
		"attn": b.Attn.Kind.String(), "sigma_a2": f(b.Attn.SigmaA2), "tau0": f(b.Attn.Tau0),
		"causal": strconv.FormatBool(b.Attn.Causal), "heads": strconv.Itoa(b.Attn.Heads), "sigma_v2": f(b.Attn.SigmaV2),
		"phi": b.FF.Act.Name, "mlp_layers": strconv.Itoa(b.FF.Layers), "hidden": strconv.Itoa(b.FF.Hidden),
		"sigma_w": f(b.FF.SigmaW), "sigma_out": f(b.FF.SigmaOut),
		"skip_attn": f(b.ResA.Skip), "branch_attn": f(b.ResA.Branch), "scaling_attn": b.ResA.Scaling.String(),
		"skip_mlp": f(b.ResM.Skip), "branch_mlp": f(b.ResM.Branch), "scaling_mlp": b.ResM.Scaling.String(),
		"no_attention": strconv.FormatBool(b.NoAttention), "no_mlp": strconv.FormatBool(b.NoMLP),
	}
	if s, err := activation.Lookup(b.FF.Act.Name); err == nil && s.Param != "" {
		kv[s.Param] = f(b.FF.Act.Param)
	}
	return kv
}

// Format writes b as a block file, one KEY = VALUE per line in the order
// of Keys, except hidden when it equals d: the file then says
// "# hidden = d", and a block read from it with another d has the hidden
// width d too (ParseFields: an absent hidden follows d), rather than the
// width this block had. A hidden width that differs from d is written, and
// is then the file's explicit choice at any d (WithWidth scales it).
func (b Block) Format() string {
	kv := b.Fields()
	var sb strings.Builder
	for _, k := range Keys {
		if k == "hidden" && b.FF.Hidden == b.D {
			sb.WriteString("# hidden = d (absent: the hidden width follows d)\n")
			continue
		}
		fmt.Fprintf(&sb, "%s = %s\n", k, kv[k])
		delete(kv, k)
		if k == "phi" {
			for pk, v := range kv { // the activation's parameter, if any
				if !slices.Contains(Keys, pk) {
					fmt.Fprintf(&sb, "%s = %s\n", pk, v)
				}
			}
		}
	}
	return sb.String()
}

// Summary is a one-line description of b for captions and tables, e.g.
// "pre-LN, softmax σ_A²=1, tanh ×1 σ_w=1, res (1, 0.7)/(1, 0.7)".
func (b Block) Summary() string {
	norm := "no norm"
	if b.Norm != NoNorm {
		norm = b.Norm.String() + "-" + strings.ToUpper(b.NormKind.String())
	}
	attn := b.Attn.Kind.String()
	switch b.Attn.Kind {
	case Softmax:
		attn += fmt.Sprintf(" σ_A²=%g", b.Attn.SigmaA2)
	case Shaped:
		attn += fmt.Sprintf(" τ₀=%g", b.Attn.Tau0)
	}
	if b.Attn.Causal {
		attn += " causal"
	}
	res := func(r Residual) string {
		s := fmt.Sprintf("(%g, %g", r.Skip, r.Branch)
		if r.Scaling == InvSqrtDepth {
			s += "/√L"
		}
		return s + ")"
	}
	return fmt.Sprintf("%s, %s, %s ×%d σ_w=%g, res %s/%s", norm, attn, b.FF.Act.Name, b.FF.Layers, b.FF.SigmaW, res(b.ResA), res(b.ResM))
}

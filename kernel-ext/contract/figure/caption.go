package figure

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ParamSymbols is the documented alias table from a Params key to the
// symbols a caption writes for it, besides the key itself. Only keys that
// sigprop's figures use are listed; a key not here is matched by its own
// spelling only, so no symbol is ever guessed. A researcher adding a key
// with a Unicode symbol adds it here.
var ParamSymbols = map[string][]string{
	"sigma_w2": {"σ_w²", "σ_w^2"},
	"sigma_b2": {"σ_b²", "σ_b^2"},
	"sigma_w":  {"σ_w"},
	"sigma_b":  {"σ_b"},
	"sigma_a2": {"σ_A²", "σ_a²", "σ_A^2", "σ_a^2"},
	"alpha":    {"α"},
	"beta":     {"β"},
	"gamma":    {"γ"},
	"eps":      {"ε"},
	"rho0":     {"ρ₀", "ρ_0"},
	"tau0":     {"τ₀", "τ_0"},
	"qstar":    {"q*"},
}

// symbolsOf returns the key and its aliases.
func symbolsOf(key string) []string {
	return append([]string{key}, ParamSymbols[key]...)
}

// isWordRune reports whether r continues a symbol's name, so that a symbol
// found next to it is part of a longer name ("σ_w" inside "σ_w²", "n"
// inside "in").
func isWordRune(r rune) bool {
	return r == '_' || r == '*' || r == '^' || r == '\'' || r == '′' ||
		unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) ||
		strings.ContainsRune("⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉₋₊", r)
}

// mentions returns the byte offsets just after each whole-word occurrence
// of sym in text.
func mentions(text, sym string) []int {
	var ends []int
	for from := 0; ; {
		i := strings.Index(text[from:], sym)
		if i < 0 {
			return ends
		}
		start, end := from+i, from+i+len(sym)
		from = end
		if start > 0 {
			if r, _ := utf8.DecodeLastRuneInString(text[:start]); isWordRune(r) {
				continue
			}
		}
		if end < len(text) {
			if r, _ := utf8.DecodeRuneInString(text[end:]); isWordRune(r) {
				continue
			}
		}
		ends = append(ends, end)
	}
}

// statedNumber parses "  = NUMBER" at the start of s, where NUMBER is a
// plain decimal (optionally signed, optionally with an e exponent) that
// is not followed by anything that makes it part of an expression
// ("8^{-1/2}", "2π", "1/√8", "10%", "1.5 p2"; see proseFollows). It
// returns the number's text.
func statedNumber(s string) (string, bool) {
	s = strings.TrimLeft(s, " \u00a0\u202f")
	if !strings.HasPrefix(s, "=") || strings.HasPrefix(s, "==") {
		return "", false
	}
	s = strings.TrimLeft(s[1:], " \u00a0\u202f")
	s = strings.Replace(s, "−", "-", 1)
	n := 0
	if n < len(s) && (s[n] == '-' || s[n] == '+') {
		n++
	}
	digits := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n, digits = n+1, digits+1
	}
	if n+1 < len(s) && s[n] == '.' && s[n+1] >= '0' && s[n+1] <= '9' {
		n++
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n, digits = n+1, digits+1
		}
	}
	if digits == 0 {
		return "", false
	}
	if n+1 < len(s) && (s[n] == 'e' || s[n] == 'E') {
		m := n + 1
		if s[m] == '-' || s[m] == '+' {
			m++
		}
		k := m
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k > m {
			n = k
		}
	}
	if n < len(s) {
		r, _ := utf8.DecodeRuneInString(s[n:])
		ok := unicode.IsSpace(r) || strings.ContainsRune(",;:)]}", r) ||
			(r == '.' && (n+1 == len(s) || !(s[n+1] >= '0' && s[n+1] <= '9')))
		if !ok || !proseFollows(s[n:]) {
			return "", false
		}
	}
	return s[:n], true
}

// proseFollows reports whether the text after a number, past spaces, goes
// on as prose rather than as a product or quotient: "3 and", "3, ", "3 (the
// paper's)" are prose; "1.5 p2", "2 π", "4 d", "2 × 10^3", "1 / √8" are not.
// A following word is prose when it is at least two ASCII letters long and
// has nothing else (no digit, subscript, Greek letter): a one-letter or
// indexed name is read as a factor.
func proseFollows(rest string) bool {
	rest = strings.TrimLeft(rest, " \u00a0\u202f")
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	if strings.ContainsRune("·⋅×*/^√", r) {
		return false
	}
	if !isWordRune(r) {
		return true
	}
	word := 0
	for _, r := range rest {
		if !isWordRune(r) {
			break
		}
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
		word++
	}
	return word >= 2
}

// agrees reports whether the caption's text num states v: equal within a
// relative 1e-9, or, when num shows decimals, v rounded to the digits
// shown (within half a unit in its last digit: "0.26" for 0.2597). A
// number without a decimal point states an exact value: "σ_w² = 3" does
// not agree with 2.5.
func agrees(num string, v float64) bool {
	x, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return false
	}
	if math.Abs(x-v) <= 1e-9*math.Max(math.Abs(x), math.Abs(v)) {
		return true
	}
	mant, exp := num, 0
	if i := strings.IndexAny(num, "eE"); i >= 0 {
		mant = num[:i]
		exp, _ = strconv.Atoi(num[i+1:])
	}
	i := strings.IndexByte(mant, '.')
	if i < 0 {
		// An integer ("σ_w² = 3", "n = 100", "1e-3") states an exact
		// value, not a rounded one.
		return false
	}
	decimals := len(mant) - i - 1
	half := 0.5 * math.Pow(10, float64(exp-decimals))
	return math.Abs(x-v) <= half*(1+1e-9)
}

// checkCaption returns an error when f's caption states a number for one of
// its Params keys (as "key = NUMBER" or an alias of ParamSymbols) that
// disagrees with the Params value, as when a caption still says σ_w² = 3
// after the code moved to σ_w² = 2.5.
func (f Figure) checkCaption() error {
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range f.Params {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range keys {
		v := f.Params[k]
		for _, sym := range symbolsOf(k) {
			for _, end := range mentions(f.Caption, sym) {
				num, ok := statedNumber(f.Caption[end:])
				if ok && !agrees(num, v) {
					return fmt.Errorf("picture: figure %q: caption states %s = %s but Params[%q] = %v; format the caption from the value run", f.ID, sym, num, k, v)
				}
			}
		}
	}
	return nil
}

// UnusedParams returns, sorted, the Params keys of f that neither the
// caption, the axis labels nor any series name mentions by the key or one
// of its ParamSymbols: parameters a reader of the figure cannot see. It is
// a warning, not an error (show prints it with the figure when
// show.WarnUnusedParams is set): a parameter can be stated by the
// surrounding text instead.
func (f Figure) UnusedParams() []string {
	texts := []string{f.Caption, f.XLabel, f.YLabel}
	for _, s := range f.Series {
		texts = append(texts, s.Name)
	}
	if f.Heat != nil {
		texts = append(texts, f.Heat.ZLabel)
	}
	var unused []string
	for k := range f.Params {
		seen := false
		for _, sym := range symbolsOf(k) {
			for _, t := range texts {
				if len(mentions(t, sym)) > 0 {
					seen = true
				}
			}
		}
		if !seen {
			unused = append(unused, k)
		}
	}
	slices.Sort(unused)
	return unused
}

package eqindex

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Ref is one numbered equation (or theorem, lemma, corollary,
// proposition, or formula label of the notes) of one source: Source is a
// key of lib/sources/refs.bib, Label its canonical form, "eq. (10)",
// "Thm. 3.2", "Lemma A.7", "Cor. 4.3", "Prop. A.2" or "F7".
type Ref struct {
	Source string `json:"source"`
	Label  string `json:"label"`
}

func (r Ref) String() string { return r.Source + " " + r.Label }

// key orders refs: by source, then kind, then number.
func (r Ref) key() string {
	kind, num, _ := strings.Cut(r.Label, " ")
	num = strings.Trim(num, "()")
	// Pad each numeric part so that 2 sorts before 10 and 3.2 before 3.10.
	var parts []string
	for _, p := range strings.Split(num, ".") {
		if n, err := strconv.Atoi(p); err == nil {
			p = fmt.Sprintf("%06d", n)
		}
		parts = append(parts, p)
	}
	if strings.HasPrefix(r.Label, "F") {
		n, _ := strconv.Atoi(r.Label[1:])
		return fmt.Sprintf("%s 6 %06d", r.Source, n)
	}
	return r.Source + " " + kindRank[kind] + " " + strings.Join(parts, ".")
}

// kindRank orders the kinds of refs: equations first.
var kindRank = map[string]string{"eq.": "1", "Thm.": "2", "Lemma": "3", "Cor.": "4", "Prop.": "5"}

// Kinds of refs and their canonical spelling.
var kinds = map[string]string{
	"eq": "eq.", "thm": "Thm.", "lemma": "Lemma", "cor": "Cor.", "prop": "Prop.",
}

// annotationRef reads one ref of an annotation: eq10, eq15-20, thm3.2,
// lemmaA.7, cor4.3, propA.2, F7, F2-9.
var annotationRefRE = regexp.MustCompile(`^(eq|thm|lemma|cor|prop|F)([A-Z]\.\d+|\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?$`)

// parseAnnotationRefs expands "eq15-20,32" into its labels.
func parseAnnotationRefs(s string) ([]string, error) {
	var out []string
	kind := ""
	for _, part := range strings.Split(s, ",") {
		if part != "" && part[0] >= '0' && part[0] <= '9' && kind != "" {
			part = kind + part // "eq15,32": the kind carries over
		}
		m := annotationRefRE.FindStringSubmatch(part)
		if m == nil {
			return nil, fmt.Errorf("ref %q: want eqN, eqN-M, thmX.Y, lemmaX.Y, corX.Y, propX.Y or FN (N-M)", part)
		}
		kind = m[1]
		labels, err := expand(kind, m[2], m[3])
		if err != nil {
			return nil, fmt.Errorf("ref %q: %w", part, err)
		}
		out = append(out, labels...)
	}
	return out, nil
}

// expand returns the labels of kind from a to b (b "" for a alone;
// ranges only of plain integers).
func expand(kind, a, b string) ([]string, error) {
	label := func(n string) string {
		switch kind {
		case "F":
			return "F" + n
		case "eq":
			return "eq. (" + n + ")"
		}
		return kinds[kind] + " " + n
	}
	if b == "" {
		return []string{label(a)}, nil
	}
	i, err1 := strconv.Atoi(a)
	j, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || j < i || j-i > 50 {
		return nil, fmt.Errorf("range %s-%s: want integers, increasing", a, b)
	}
	var out []string
	for k := i; k <= j; k++ {
		out = append(out, label(strconv.Itoa(k)))
	}
	return out, nil
}

// Patterns of the refs in a doc.go table line (see tableRefs).
var (
	p18RE     = regexp.MustCompile(`P18,? eqs?\.? *((?:\(?\d+\)?(?:\s*[–-]\s*\(?\d+\)?)?(?:,\s*|\s+and\s+)?)+)`)
	eqRE      = regexp.MustCompile(`\b[Ee]qs?\.?\s*((?:\(?\d+\)?(?:\s*[–-]\s*\(?\d+\)?)?(?:,\s*|\s+and\s+)?)+)`)
	numListRE = regexp.MustCompile(`\(?(\d+)\)?(?:\s*[–-]\s*\(?(\d+)\)?)?`)
	thmRE     = regexp.MustCompile(`\b(Thm|Lemmas?|Cor|Prop)\.? ([A-Z]\.\d+|\d+(?:\.\d+)?)(?:\s*[–-]\s*([A-Z]\.\d+|\d+(?:\.\d+)?))?`)
	fRE       = regexp.MustCompile(`\bF(\d+)(?:\s*[–-]\s*F?(\d+))?\b`)
	// A bare "(11)–(16)" right after a lemma: "Lemmas 3.2–3.3, (11)–(16)".
	bareRE = regexp.MustCompile(`^\s*,\s*((?:\(\d+\)(?:\s*[–-]\s*\(\d+\))?(?:,\s*)?)+)`)
)

// sourceNames maps how a table line names a source to its key.
var sourceNames = []struct{ text, key string }{
	{"Cowsik et al. 2024", "cowsik2024"},
	{"Noci et al. 2022", "noci2022"},
	{"Noci et al. 2023", "noci2023"},
}

// tableRefs returns the refs a doc.go table line lists: equations
// ("eq. (10)", "eqs. (10)–(11), (25)", "Eq. 6"), theorems, lemmas,
// corollaries and propositions of the package's source def (or of the
// source the line names), P18's equations ("P18 eq. 3",
// pennington2018) and the notes' formula labels ("F7", "F18–F23",
// tanner2024). Figures, tables, sections and appendices are not
// equations and are skipped.
func tableRefs(line, def string) []Ref {
	src := def
	for _, s := range sourceNames {
		if strings.Contains(line, s.text) {
			src = s.key
		}
	}
	var out []Ref
	add := func(source, kind, a, b string) {
		labels, err := expand(kind, a, b)
		if err != nil {
			return
		}
		for _, l := range labels {
			out = append(out, Ref{source, l})
		}
	}
	for _, m := range p18RE.FindAllStringSubmatch(line, -1) {
		for _, n := range numListRE.FindAllStringSubmatch(m[1], -1) {
			add("pennington2018", "eq", n[1], n[2])
		}
	}
	rest := p18RE.ReplaceAllString(line, "")
	if src != "" {
		for _, m := range eqRE.FindAllStringSubmatch(rest, -1) {
			for _, n := range numListRE.FindAllStringSubmatch(m[1], -1) {
				add(src, "eq", n[1], n[2])
			}
		}
		for _, loc := range thmRE.FindAllStringSubmatchIndex(rest, -1) {
			kind := strings.ToLower(strings.TrimSuffix(rest[loc[2]:loc[3]], "s"))
			add(src, kind, rest[loc[4]:loc[5]], "")
			if loc[6] >= 0 {
				add(src, kind, rest[loc[6]:loc[7]], "")
			}
			if m := bareRE.FindStringSubmatch(rest[loc[1]:]); m != nil {
				for _, n := range numListRE.FindAllStringSubmatch(m[1], -1) {
					add(src, "eq", n[1], n[2])
				}
			}
		}
	}
	for _, m := range fRE.FindAllStringSubmatch(rest, -1) {
		add("tanner2024", "F", m[1], m[2])
	}
	return out
}

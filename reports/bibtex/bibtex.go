package bibtex

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// Entry is one bibliography entry.
type Entry struct {
	// Type is the entry type in lower case: "article", "misc", ...
	Type string
	// Key is the citation key as written.
	Key string
	// Fields maps lower-case field names to their values with @string
	// names expanded and the outer delimiters removed; inner braces are
	// kept (see Field for the plain text).
	Fields map[string]string
	// Line is the line of the source the entry starts on (1-based).
	Line int
}

// Field returns the plain text of field name: braces stripped, accents
// composed, whitespace collapsed; "" when the entry has no such field.
func (e Entry) Field(name string) string { return Plain(e.Fields[name]) }

// Parse reads a BibTeX source. Entries come back in source order.
func Parse(src []byte) ([]Entry, error) {
	p := &parser{s: string(src), line: 1, strs: map[string]string{}}
	var out []Entry
	seen := map[string]int{}
	for {
		if !p.skipTo('@') {
			return out, nil
		}
		line := p.line
		p.pos++ // '@'
		typ := strings.ToLower(p.ident())
		if typ == "" {
			return nil, p.errf("want an entry type after @")
		}
		p.space()
		if typ == "comment" || typ == "preamble" {
			if p.peek() == '{' || p.peek() == '(' {
				if _, err := p.group(); err != nil {
					return nil, err
				}
			}
			continue
		}
		open := p.peek()
		if open != '{' && open != '(' {
			return nil, p.errf("@%s: want { or ( after the entry type", typ)
		}
		closer := byte('}')
		if open == '(' {
			closer = ')'
		}
		p.pos++
		p.space()
		if typ == "string" {
			name, val, err := p.field()
			if err != nil {
				return nil, err
			}
			p.strs[name] = val
			p.space()
			if p.peek() != closer {
				return nil, p.errf("@string: want %q", closer)
			}
			p.pos++
			continue
		}
		key := p.key()
		if key == "" {
			return nil, p.errf("@%s: want a citation key", typ)
		}
		if l, dup := seen[key]; dup {
			return nil, fmt.Errorf("bibtex: line %d: key %q already used on line %d", line, key, l)
		}
		seen[key] = line
		e := Entry{Type: typ, Key: key, Fields: map[string]string{}, Line: line}
		for {
			p.space()
			if p.peek() == ',' {
				p.pos++
				p.space()
			}
			if p.peek() == closer {
				p.pos++
				break
			}
			if p.eof() {
				return nil, p.errf("entry %q is not closed", key)
			}
			name, val, err := p.field()
			if err != nil {
				return nil, fmt.Errorf("%w (entry %q)", err, key)
			}
			if _, dup := e.Fields[name]; dup {
				return nil, p.errf("entry %q: field %q twice", key, name)
			}
			e.Fields[name] = val
		}
		out = append(out, e)
	}
}

type parser struct {
	s    string
	pos  int
	line int
	strs map[string]string
}

func (p *parser) errf(format string, args ...any) error {
	return fmt.Errorf("bibtex: line %d: %s", p.line, fmt.Sprintf(format, args...))
}

func (p *parser) eof() bool { return p.pos >= len(p.s) }

func (p *parser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.s[p.pos]
}

func (p *parser) advance() {
	if p.s[p.pos] == '\n' {
		p.line++
	}
	p.pos++
}

// skipTo moves to the next c and reports whether there is one.
func (p *parser) skipTo(c byte) bool {
	for !p.eof() {
		if p.s[p.pos] == c {
			return true
		}
		p.advance()
	}
	return false
}

func (p *parser) space() {
	for !p.eof() && unicode.IsSpace(rune(p.s[p.pos])) {
		p.advance()
	}
}

func (p *parser) ident() string {
	start := p.pos
	for !p.eof() {
		c := p.s[p.pos]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == ':' || c == '+' || c == '/' {
			p.pos++
			continue
		}
		break
	}
	return p.s[start:p.pos]
}

// key reads a citation key: anything up to a comma, space or closer.
func (p *parser) key() string {
	start := p.pos
	for !p.eof() {
		c := p.s[p.pos]
		if c == ',' || c == '}' || c == ')' || unicode.IsSpace(rune(c)) {
			break
		}
		p.pos++
	}
	return p.s[start:p.pos]
}

// field reads "name = value # value ...".
func (p *parser) field() (name, val string, err error) {
	name = strings.ToLower(p.ident())
	if name == "" {
		return "", "", p.errf("want a field name, found %q", string(p.peek()))
	}
	p.space()
	if p.peek() != '=' {
		return "", "", p.errf("field %q: want =", name)
	}
	p.pos++
	var b strings.Builder
	for {
		p.space()
		switch c := p.peek(); {
		case c == '{':
			g, err := p.group()
			if err != nil {
				return "", "", err
			}
			b.WriteString(g)
		case c == '"':
			q, err := p.quoted()
			if err != nil {
				return "", "", err
			}
			b.WriteString(q)
		case c >= '0' && c <= '9':
			start := p.pos
			for !p.eof() && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
				p.pos++
			}
			b.WriteString(p.s[start:p.pos])
		default:
			id := p.ident()
			if id == "" {
				return "", "", p.errf("field %q: want a value", name)
			}
			v, ok := p.strs[strings.ToLower(id)]
			if !ok {
				return "", "", p.errf("field %q: unknown @string %q", name, id)
			}
			b.WriteString(v)
		}
		p.space()
		if p.peek() != '#' {
			return name, b.String(), nil
		}
		p.pos++
	}
}

// group reads a balanced {...} and returns its inside.
func (p *parser) group() (string, error) {
	line := p.line
	open := p.peek()
	closer := byte('}')
	if open == '(' {
		closer = ')'
	}
	p.pos++
	start, depth := p.pos, 0
	for !p.eof() {
		c := p.s[p.pos]
		switch {
		case c == '\\':
			p.advance()
			if p.eof() {
				break
			}
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case c == closer && depth == 0:
			inner := p.s[start:p.pos]
			p.pos++
			return inner, nil
		}
		p.advance()
	}
	return "", fmt.Errorf("bibtex: line %d: unbalanced braces", line)
}

// quoted reads "..." (braces inside balanced) and returns its inside.
func (p *parser) quoted() (string, error) {
	line := p.line
	p.pos++
	start, depth := p.pos, 0
	for !p.eof() {
		c := p.s[p.pos]
		switch {
		case c == '\\':
			p.advance()
			if p.eof() {
				break
			}
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == '"' && depth == 0:
			inner := p.s[start:p.pos]
			p.pos++
			return inner, nil
		}
		p.advance()
	}
	return "", fmt.Errorf("bibtex: line %d: unterminated quoted value", line)
}

// accents are the TeX accent commands Plain composes.
var accents = map[byte]bool{'"': true, '\'': true, '`': true, '^': true, '~': true, 'c': true}

// composed holds the precomposed letters the accents give.
var composed = map[string]rune{}

func init() {
	pairs := []struct {
		mark  byte
		bases string
		out   string
	}{
		{'"', "aeiouAEIOU", "äëïöüÄËÏÖÜ"},
		{'\'', "aeiouAEIOU", "áéíóúÁÉÍÓÚ"},
		{'`', "aeiouAEIOU", "àèìòùÀÈÌÒÙ"},
		{'^', "aeiouAEIOU", "âêîôûÂÊÎÔÛ"},
		{'~', "noaNOA", "ñõãÑÕÃ"},
		{'c', "cC", "çÇ"},
	}
	for _, pr := range pairs {
		outs := []rune(pr.out)
		for i := 0; i < len(pr.bases); i++ {
			composed[string(pr.mark)+string(pr.bases[i])] = outs[i]
		}
	}
}

// Plain returns the text of a BibTeX value: accents composed, braces
// removed, "--" as an en dash, "~" as a space, whitespace collapsed.
func Plain(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '\\' && i+1 < len(v):
			m := v[i+1]
			if _, ok := accents[m]; ok {
				j := i + 2
				if m == 'c' && j < len(v) && v[j] == ' ' {
					j++
				}
				brace := j < len(v) && v[j] == '{'
				if brace {
					j++
				}
				if j < len(v) {
					if r, ok := composed[string(m)+string(v[j])]; ok {
						b.WriteRune(r)
						i = j
						if brace && i+1 < len(v) && v[i+1] == '}' {
							i++
						}
						continue
					}
				}
			}
			if m == '&' || m == '%' || m == '$' || m == '_' || m == '#' || m == '{' || m == '}' {
				b.WriteByte(m)
				i++
				continue
			}
			b.WriteByte(c)
		case c == '{' || c == '}':
		case c == '~':
			b.WriteByte(' ')
		case c == '-' && i+1 < len(v) && v[i+1] == '-':
			b.WriteString("–")
			i++
			if i+1 < len(v) && v[i+1] == '-' {
				i++
			}
		default:
			b.WriteByte(c)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// Authors returns the family names of the entry's authors (its "author"
// field, names separated by " and "), each written "Family, Given" or
// "Given Family"; a braced name ({Jupyter Team}) is kept whole. "others"
// is dropped (Label then says et al.).
func (e Entry) Authors() []string {
	raw := e.Fields["author"]
	if raw == "" {
		return nil
	}
	var out []string
	for _, name := range splitAnd(raw) {
		name = strings.TrimSpace(name)
		if name == "others" || name == "" {
			continue
		}
		if strings.HasPrefix(name, "{") && strings.HasSuffix(name, "}") {
			out = append(out, Plain(name))
			continue
		}
		if fam, _, ok := strings.Cut(name, ","); ok {
			out = append(out, Plain(fam))
			continue
		}
		words := strings.Fields(name)
		// "Given von Family": the family name is the last word, with
		// lower-case particles before it.
		i := len(words) - 1
		for i > 0 && isParticle(words[i-1]) {
			i--
		}
		out = append(out, Plain(strings.Join(words[i:], " ")))
	}
	return out
}

func isParticle(w string) bool {
	return w != "" && w[0] >= 'a' && w[0] <= 'z'
}

// splitAnd splits a name list at " and " outside braces.
func splitAnd(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		}
		if depth == 0 && i+5 <= len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t') {
			rest := s[i+1:]
			if len(rest) >= 4 && strings.EqualFold(rest[:3], "and") && (rest[3] == ' ' || rest[3] == '\n' || rest[3] == '\t') {
				out = append(out, s[start:i])
				start = i + 5
				i += 4
			}
		}
	}
	return append(out, s[start:])
}

// Label is the author–year label: "Poole 2016", "Noci & Li 2022" for two
// authors, "Cowsik et al. 2024" for three or more (or when the list ends
// in "and others"); an entry without authors uses its title.
func (e Entry) Label() string {
	a := e.Authors()
	etal := strings.HasSuffix(strings.TrimSpace(e.Fields["author"]), "others")
	var who string
	switch {
	case len(a) == 0:
		who = e.Field("title")
	case len(a) == 1 && !etal:
		who = a[0]
	case len(a) == 2 && !etal:
		who = a[0] + " & " + a[1]
	default:
		who = a[0] + " et al."
	}
	if y := e.Field("year"); y != "" {
		return who + " " + y
	}
	return who
}

// URL is the entry's link: its url field, else https://doi.org/DOI, else
// https://arxiv.org/abs/EPRINT when archiveprefix (or eprinttype) is arXiv
// or the eprint looks like an arXiv id; "" when it has none.
func (e Entry) URL() string {
	if u := strings.TrimSpace(e.Fields["url"]); u != "" {
		return u
	}
	if d := strings.TrimSpace(e.Fields["doi"]); d != "" {
		return "https://doi.org/" + d
	}
	if ep := strings.TrimSpace(e.Fields["eprint"]); ep != "" {
		return "https://arxiv.org/abs/" + ep
	}
	return ""
}

// Reference is the entry as a reference list line, plain text: authors
// (all of them, family names), year, title, and where it appeared
// (journal or booktitle, else "arXiv:EPRINT", else howpublished).
func (e Entry) Reference() string {
	var parts []string
	if a := e.Authors(); len(a) > 0 {
		s := strings.Join(a, ", ")
		if strings.HasSuffix(strings.TrimSpace(e.Fields["author"]), "others") {
			s += " et al."
		}
		parts = append(parts, s)
	}
	if y := e.Field("year"); y != "" {
		parts = append(parts, "("+y+")")
	}
	head := strings.Join(parts, " ")
	var out []string
	if head != "" {
		out = append(out, head)
	}
	if t := e.Field("title"); t != "" {
		out = append(out, t)
	}
	switch {
	case e.Field("journal") != "":
		out = append(out, e.Field("journal"))
	case e.Field("booktitle") != "":
		out = append(out, e.Field("booktitle"))
	case e.Field("eprint") != "":
		out = append(out, "arXiv:"+e.Field("eprint"))
	case e.Field("howpublished") != "":
		out = append(out, e.Field("howpublished"))
	}
	return strings.Join(out, ". ") + "."
}

// Sort orders entries by label, then key: the order of a reference list.
func Sort(es []Entry) {
	sort.SliceStable(es, func(i, j int) bool {
		li, lj := es[i].Label(), es[j].Label()
		if li != lj {
			return li < lj
		}
		return es[i].Key < es[j].Key
	})
}

package bibtex

import (
	"strings"
	"testing"
)

const sample = `Text before entries is a comment.
@string{neurips = "Advances in Neural Information Processing Systems"}
@comment{ignored {nested} }
@Article{cowsik2024,
  author  = {Cowsik, Aditya and Nebabu, Tamra and Qi, Xiao-Liang and Ganguli, Surya},
  title   = {Geometric Dynamics of Signal Propagation Predict Trainability of {T}ransformers},
  year    = 2024,
  eprint  = {2403.02579},
  archiveprefix = {arXiv},
}
@inproceedings(noci2022,
  AUTHOR = "Lorenzo Noci and Sotiris Anagnostidis and others",
  title = "Signal Propagation in {Transformers}: " # "Rank Collapse",
  booktitle = neurips,
  year = {2022},
  doi = {10.5555/x}
)
@misc{poole2016, author = {Ben Poole and Subhaneil Lahiri}, title = {Exponential expressivity}, year = {2016}, url = {https://arxiv.org/abs/1606.05340}}
@misc{tanner, author = {Jared Tanner}, title = {Lecture 6 --- {J}acobians}, year = {2024}, howpublished = {Oxford C6.5}}
@misc{vonx, author = {Ludwig von Beethoven and M{\"u}ller, J{\'e}r{\^o}me and Fran\c{c}ois Chollet}, title = {A}}
`

// TestParse reads an entry of each form the parser accepts and checks
// fields, labels, URLs and reference lines against values written out by
// hand from the source above.
func TestParse(t *testing.T) {
	es, err := Parse([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 5 {
		t.Fatalf("%d entries, want 5", len(es))
	}
	byKey := map[string]Entry{}
	for _, e := range es {
		byKey[e.Key] = e
	}
	c := byKey["cowsik2024"]
	if c.Type != "article" || c.Line != 4 {
		t.Errorf("cowsik2024: type %q line %d, want article, 4", c.Type, c.Line)
	}
	n := byKey["noci2022"]
	for _, x := range []struct{ got, want string }{
		{c.Label(), "Cowsik et al. 2024"},
		{c.URL(), "https://arxiv.org/abs/2403.02579"},
		{c.Field("title"), "Geometric Dynamics of Signal Propagation Predict Trainability of Transformers"},
		{c.Reference(), "Cowsik, Nebabu, Qi, Ganguli (2024). Geometric Dynamics of Signal Propagation Predict Trainability of Transformers. arXiv:2403.02579."},
		{n.Field("title"), "Signal Propagation in Transformers: Rank Collapse"},
		{n.Field("booktitle"), "Advances in Neural Information Processing Systems"},
		{n.Label(), "Noci et al. 2022"},
		{n.URL(), "https://doi.org/10.5555/x"},
		{n.Reference(), "Noci, Anagnostidis et al. (2022). Signal Propagation in Transformers: Rank Collapse. Advances in Neural Information Processing Systems."},
		{byKey["poole2016"].Label(), "Poole & Lahiri 2016"},
		{byKey["poole2016"].URL(), "https://arxiv.org/abs/1606.05340"},
		{byKey["tanner"].Label(), "Tanner 2024"},
		{byKey["tanner"].Field("title"), "Lecture 6 – Jacobians"},
		{byKey["tanner"].Reference(), "Tanner (2024). Lecture 6 – Jacobians. Oxford C6.5."},
		{strings.Join(byKey["vonx"].Authors(), "|"), "von Beethoven|Müller|Chollet"},
		{byKey["vonx"].Field("author"), "Ludwig von Beethoven and Müller, Jérôme and François Chollet"},
		{byKey["vonx"].Label(), "von Beethoven et al."},
	} {
		if x.got != x.want {
			t.Errorf("got %q, want %q", x.got, x.want)
		}
	}
}

// TestParseErrors: each malformed source is refused with its line.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"@misc{a, title = {x}}\n@misc{a, title = {y}}", `line 2: key "a" already used on line 1`},
		{"@misc{a, title = {x}, title = {y}}", `field "title" twice`},
		{"@misc{a,\n title = {x", "line 2: unbalanced braces"},
		{"@misc{a,\n title = {x}", `line 2: entry "a" is not closed`},
		{"@misc{a, title = nosuch}", `unknown @string "nosuch"`},
		{"@misc{a, title {x}}", `field "title": want =`},
		{"@misc a", "want { or ("},
		{"@misc{a, title = \"x}", "unterminated quoted value"},
		{"@{a}", "want an entry type"},
	} {
		_, err := Parse([]byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", c.src, err, c.want)
		}
	}
}

// TestSort orders a reference list by label.
func TestSort(t *testing.T) {
	es, err := Parse([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	Sort(es)
	var keys []string
	for _, e := range es {
		keys = append(keys, e.Key)
	}
	if got, want := strings.Join(keys, " "), "cowsik2024 noci2022 poole2016 tanner vonx"; got != want {
		t.Errorf("order %q, want %q", got, want)
	}
}

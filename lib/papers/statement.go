package papers

// Statement is one statement of a source that a claim check tests: its
// Text is what the check quotes (bundle.Metric.Paper, the conformance
// table reads it byte for byte), Source the text it stands in and Figures
// the figures or tables it is about (none for a statement of the text
// alone: a lemma, an equation, a section). A builder or a notebook
// receives it by identifier, e.g. papers.Noci2022Lemmas, instead of
// quoting it.
type Statement struct {
	Source  *Source
	Figures []*Figure
	// Text is the statement quoted or closely paraphrased, with where it
	// stands ("Noci et al. 2022, App. B.1 and Fig. 8: ...").
	Text string
}

// String is the statement's Text.
func (s *Statement) String() string { return s.Text }

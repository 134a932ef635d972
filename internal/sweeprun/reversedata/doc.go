// Package reversedata precomputes the seeded training runs on the
// sequence-reversal task of Noci et al. 2022, App. C.1 (their Fig. 6),
// and the two no-LayerNorm variants with trainable residual weights (the
// analogues of their Fig. 15 and of Table 1's ReZero row): every variant
// of seqtf.ReverseVariants from every seed of Seeds, with
// seqtf.Fig6Settings. It writes runs.json (a list of seqtf.ReverseRun)
// and provenance.json (sweep.Generated) by `sigprop sweep generate
// noci-reverse DIR`; reversedata_test.go recomputes the first steps of a
// run of each variant and compares them with the stored records bit for
// bit.
//
// Source: L. Noci et al., "Signal Propagation in Transformers: Theoretical
// Perspectives and the Role of Rank Collapse", NeurIPS 2022,
// arXiv:2206.03126, App. C.1, Figs. 6 and 15, Table 1. The model, the task
// and the training are lib/seqtf's (RunReverse); this package fixes the
// plan.
//
//	Seeds            five seeds (Table 1 averages 5 runs; the paper states none)
//	Job, Plan        one run (a seqtf.ReverseVariant and a seed); every variant from every seed
//	CurrentSettings  the seqtf.RunsSettings recorded (seqtf.Fig6Settings, the seeds, the variants)
//	Len, Compute     the plan and its training, the generator noci-reverse
//	Read             the committed runs (seqtf.ReadRuns)
package reversedata

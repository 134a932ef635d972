// Package gocorpus cuts a small, deterministic code corpus out of the Go
// standard library's own source (the tree under `go env GOROOT`), for the
// causal language model of Noci et al. 2023, Fig. 2 ("next-token
// prediction on code data"; L. Noci et al., "The Shaped Transformer:
// Attention Models in the Infinite Depth-and-Width Limit", NeurIPS 2023,
// arXiv:2306.17759). The source of a Go release is real code on every
// machine with the toolchain; pinned by the Go version and a SHA-256 of
// the selected bytes, it is a reproducible corpus.
//
//	Dirs, Files        the selection: the non-test .go files directly in each directory of Dirs,
//	                   each directory's files in lexical order
//	Read, Hash         their concatenation and its hex SHA-256
//	Tokenize, Vocab    byte to token id: 0 any other byte, 1 '\n', 2 '\t', 3 + (c − ' ') for ' '..'~'
//	Windows            count evenly spaced windows of n+1 bytes, the k-th at k·⌊(len − n − 1)/(count − 1)⌋
//	Batch              windows to n tokens each and their next-token targets, as lib/seqtf takes them
//	Settings, Provenance, ReadWindows
//	                   what a cut took from where (provenance.json of `sigprop sweep generate
//	                   go-corpus`), and the committed windows checked against it
//
// Caller bugs (Windows asked for more bytes than there are, a window of
// the wrong length in Batch) panic with a "gocorpus:" message; a file
// that cannot be read, or stored windows that do not match their record,
// are errors. The package reads only through an fs.FS its caller opens.
package gocorpus

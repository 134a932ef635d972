// Package gocorpusdata cuts the committed code corpus of notebook 06's
// Noci et al. 2023 Fig. 2 (a causal language model on code): Count
// windows of N+1 bytes, evenly spaced over the concatenated non-test .go
// files of gocorpus.Dirs under `go env GOROOT`, written as windows.json
// with provenance.json (the Go version, GOROOT, the files and the SHA-256
// of their concatenation and of the windows) by `sigprop sweep generate
// go-corpus DIR`. gocorpusdata_test.go cuts them again from this machine's
// GOROOT when its Go version is the recorded one, and skips, saying so,
// when it is not.
//
// Source: L. Noci et al., "The Shaped Transformer: Attention Models in the
// Infinite Depth-and-Width Limit", NeurIPS 2023, arXiv:2306.17759, Fig. 2
// (next-token prediction on code); the corpus itself is lib/gocorpus's.
//
//	N, Count   the window length (tokens) and the number of windows
//	GoEnv      `go env GOROOT GOVERSION` of the go command on PATH
//	Cut        gocorpus.Files, Read and Windows under a GOROOT, with the gocorpus.Settings to record
//	Compute    Cut of the toolchain on PATH (the generator go-corpus); Len is its plan, one cut
//	Read       the committed cut, checked against its hashes (gocorpus.ReadWindows)
package gocorpusdata

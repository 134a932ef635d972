// Package fashionmnist reads the Fashion-MNIST image-classification data set
//
//	H. Xiao, K. Rasul, R. Vollgraf, "Fashion-MNIST: a Novel Image Dataset
//	for Benchmarking Machine Learning Algorithms", arXiv:1708.07747 (2017).
//
// from its IDX files (70 000 grey-scale 28×28 images, 10 classes), and
// splits it deterministically into training, validation and test sets. It
// is the locally available stand-in for Food-101 in the trainability
// experiment of Cowsik et al. 2024 (arXiv:2403.02579), Fig. 7 and App. D;
// see lib/sources/cowsik2024.md#protocol-trainability (iii).
//
// # IDX format
//
// An IDX file is a big-endian header followed by raw data:
//
//	bytes 0–1  zero
//	byte  2    element type (0x08 = unsigned byte, the only one used here)
//	byte  3    number of dimensions k
//	then k big-endian uint32 sizes, then Π sizes elements.
//
// Images are magic 0x00000803 with sizes (N, rows, cols); labels are magic
// 0x00000801 with size (N). ReadImages and ReadLabels validate the magic
// number, the sizes, the payload length (a truncated file or trailing bytes
// are errors) and, for labels, the class range 0–9. Both accept either a raw
// or a gzip-compressed stream (Debian ships the files gzipped).
//
// # Files and I/O
//
// This package does no file-system access of its own. ReadImages and
// ReadLabels take an io.Reader; Load takes an fs.FS, so the caller decides
// where the data live, e.g.
//
//	train, test, err := fashionmnist.Load(os.DirFS(fashionmnist.DebianDir))
//
// DebianDir is where Debian's dataset-fashion-mnist package installs the
// files; Load's error names that package when they are missing.
//
// # Split
//
// Split draws a seeded permutation of the 60 000 training images and cuts
// a validation set off it; the official 10 000 test images stay the test
// set. The same seed gives the same split.
//
// # Preprocessing
//
// Dataset.Pixel maps a byte b to (b/255 − 0.5)·2 ∈ [−1, 1], the map of
// App. D of Cowsik et al. 2024 (lib/sources/cowsik2024.md#protocol-trainability).
package fashionmnist

// Package trainsweep is the I/O side of the trainability sweep of issue 9
// (lib/trainsweep): a Store that keeps one JSON file per grid point in a
// directory, so an interrupted sweep resumes, and the wiring of
// Fashion-MNIST (lib/fashionmnist, read from Debian's
// dataset-fashion-mnist package) into a lib/trainsweep.Spec. The command
// line is cmd/trainsweep.
package trainsweep

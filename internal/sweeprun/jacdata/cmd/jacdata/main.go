// Command jacdata writes the finite-width Jacobian spectra of notebook 04
// (package reports/jacdata):
//
//	go run ./reports/jacdata/cmd/jacdata -out notebooks/data/jacobian-spectra -workers 2
package main

import (
	"flag"
	"fmt"
	"os"

	sweep "github.com/sigprop/sigprop/internal/sweeprun"
	"github.com/sigprop/sigprop/internal/sweeprun/jacdata"
)

func main() {
	out := flag.String("out", "notebooks/data/jacobian-spectra", "output directory")
	workers := flag.Int("workers", 2, "goroutines")
	flag.Parse()
	if *workers < 1 {
		fmt.Fprintln(os.Stderr, "jacdata: -workers must be >= 1")
		os.Exit(2)
	}
	if err := jacdata.Generate(*out, *workers, sweep.NewInvocation("jacdata", *workers)); err != nil {
		fmt.Fprintln(os.Stderr, "jacdata:", err)
		os.Exit(1)
	}
}

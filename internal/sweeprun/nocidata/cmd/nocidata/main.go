// Command nocidata writes the seeded training runs of notebook 06's Noci
// et al. analogues (package reports/nocidata):
//
//	GOMAXPROCS=1 nice -n 5 go run ./reports/nocidata/cmd/nocidata -out notebooks/data/noci-training -workers 1
package main

import (
	"flag"
	"fmt"
	"os"

	sweep "github.com/sigprop/sigprop/internal/sweeprun"
	"github.com/sigprop/sigprop/internal/sweeprun/nocidata"
)

func main() {
	out := flag.String("out", "notebooks/data/noci-training", "output directory")
	subset := flag.String("subset", "notebooks/data/fashion-mnist-subset", "the committed Fashion-MNIST subset")
	workers := flag.Int("workers", 1, "runs in parallel (each on one goroutine)")
	flag.Parse()
	if *workers < 1 {
		fmt.Fprintln(os.Stderr, "nocidata: -workers must be >= 1")
		os.Exit(2)
	}
	err := nocidata.Generate(*out, *subset, *workers, sweep.NewInvocation("nocidata", *workers), func(s string) { fmt.Fprintln(os.Stderr, s) })
	if err != nil {
		fmt.Fprintln(os.Stderr, "nocidata:", err)
		os.Exit(1)
	}
}

package kernel

import (
	"context"
	"testing"
)

// BenchmarkStartShutdown measures starting gonb to the ready handshake,
// then shutting it down (process group killed, temp dir removed).
func BenchmarkStartShutdown(b *testing.B) {
	tools, err := BuildTools(context.Background(), "../..", "")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		k, err := Start(context.Background(), Options{Tools: tools})
		if err != nil {
			b.Fatal(err)
		}
		k.Shutdown(context.Background())
	}
}

// BenchmarkTrivialCell measures the per-cell overhead of gonb on a warm
// kernel and build cache: goimports, go get, go build and running a cell
// that prints one line.
func BenchmarkTrivialCell(b *testing.B) {
	tools, err := BuildTools(context.Background(), "../..", "")
	if err != nil {
		b.Fatal(err)
	}
	k, err := Start(context.Background(), Options{Tools: tools})
	if err != nil {
		b.Fatal(err)
	}
	defer k.Shutdown(context.Background())
	for b.Loop() {
		e, err := k.Execute("%%\nfmt.Println(1)", ExecOptions{StoreHistory: true})
		if err != nil {
			b.Fatal(err)
		}
		if err := e.Wait(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

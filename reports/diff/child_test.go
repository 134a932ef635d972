package diff

import (
	"slices"
	"testing"
)

// TestRevisionBuildFlags: a revision's sigprop links with -ldflags=-s,
// unless the caller's GOFLAGS sets -ldflags, which a -ldflags on the
// command line would override.
func TestRevisionBuildFlags(t *testing.T) {
	for _, tc := range []struct {
		goflags string
		want    []string
	}{
		{"", []string{"-trimpath", "-ldflags=-s"}},
		{"-mod=mod", []string{"-trimpath", "-ldflags=-s"}},
		{"-mod=mod -ldflags=-X=main.v=1", []string{"-trimpath"}},
	} {
		t.Setenv("GOFLAGS", tc.goflags)
		if got := RevisionBuildFlags(); !slices.Equal(got, tc.want) {
			t.Errorf("GOFLAGS=%q: %q, want %q", tc.goflags, got, tc.want)
		}
	}
}

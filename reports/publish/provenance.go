package publish

import (
	"context"
	"runtime"

	"github.com/sigprop/sigprop/internal/provenance"
)

// CurrentProvenance describes a report generated now from the checkout at
// root. Outside a git repository Commit is empty.
func CurrentProvenance(ctx context.Context, root string) Provenance {
	p := Provenance{GoVersion: runtime.Version(), SigpropVersion: Version}
	p.Commit, p.Dirty = provenance.Git(ctx, root)
	return p
}
